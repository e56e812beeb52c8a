package org.dbuslab.analysis.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

/** The rules on stacks as the profiling pass records them (trimmed from real profiles of this lab, 2026-12-05). */
class CategoriesTest {

    private static final String STOCK_CALL = "org/dbuslab/client/run/EchoRun.call;org/dbuslab/stock/StockCallPath.callSync;"
        + "jdk/proxy2/$Proxy10.Echo;org/freedesktop/dbus/RemoteInvocationHandler.invoke;"
        + "org/freedesktop/dbus/RemoteInvocationHandler.executeRemoteMethod";
    private static final String LAB_READ = "org/dbuslab/client/run/EchoRun.call;org/dbuslab/client/callpath/LeanCallPath.readReply;"
        + "org/dbuslab/labio/BufferedMessageReader.fill;jnr/unixsocket/UnixSocketChannel.read;"
        + "jnr/enxio/channels/Native$LibC$jnr$ffi$1.read;com/kenai/jffi/Invoker.invokeN3;__GI_read";

    private static List<String> stack(String collapsed) {
        return Arrays.asList(collapsed.split(";"));
    }

    private static Categories.Match cpu(String collapsed) {
        return Categories.cpu(stack(collapsed));
    }

    @Test
    void theProxysElementWiseConversionOfAnAyIsItsOwnPartOfMarshalling() {
        Categories.Match m = cpu(STOCK_CALL + ";org/freedesktop/dbus/RemoteInvocationHandler.convertRV;"
            + "org/freedesktop/dbus/Marshalling.deSerializeParameters_[j];org/freedesktop/dbus/Marshalling.deSerializeParameter_[j]");
        assertEquals(FrameCategory.MARSHALLING, m.category());
        assertEquals(Categories.AY_BOXED, m.part());
        assertEquals("org.freedesktop.dbus.Marshalling.deSerializeParameter", m.frame());
        assertEquals(Categories.AY_BOXED, cpu(STOCK_CALL + ";org/freedesktop/dbus/ArrayFrob.delistprimitive;"
            + "java/lang/reflect/Array.set;Reflection::array_set;JVM_SetArrayElement").part());
        assertEquals("encode and decode", cpu(STOCK_CALL + ";org/freedesktop/dbus/messages/Message.getParameters;"
            + "org/freedesktop/dbus/messages/Message.extractOne_[j]").part());
    }

    @Test
    void theKernelSideOfASocketReadIsSocketIoWhereverItWasCalledFrom() {
        Categories.Match m = cpu(LAB_READ + ";entry_SYSCALL_64_after_hwframe_[k];do_syscall_64_[k];ksys_read_[k];vfs_read_[k];"
            + "sock_read_iter_[k];unix_stream_recvmsg_[k];unix_stream_read_generic_[k];_copy_to_iter_[k];"
            + "rep_movs_alternative_[k]");
        assertEquals(FrameCategory.SOCKET_IO, m.category());
        assertEquals("socket syscalls (kernel)", m.part());
        assertEquals(FrameCategory.SOCKET_IO, cpu(LAB_READ).category(), "the user side of it too");
    }

    @Test
    void aWakeUpThroughAnEventfdIsDispatchNotSocketIo() {
        Categories.Match m = cpu("main;run_sync;g_dbus_connection_call_sync;[libgio-2.0.so];g_source_attach;[libglib-2.0.so];"
            + "__GI___libc_write;entry_SYSCALL_64_after_hwframe_[k];do_syscall_64_[k];ksys_write_[k];vfs_write_[k];"
            + "eventfd_write_[k];_raw_spin_unlock_irq_[k]");
        assertEquals(FrameCategory.DISPATCH, m.category());
        assertEquals("eventfd_write", m.frame());
    }

    @Test
    void aContextSwitchIsThreadHandOff() {
        Categories.Match m = cpu(STOCK_CALL + ";org/freedesktop/dbus/messages/MethodCall.getReply;java/lang/Object.wait;"
            + "JVM_MonitorWait;ObjectMonitor::wait;os::PlatformEvent::park;___pthread_cond_timedwait;"
            + "__futex_abstimed_wait_common;entry_SYSCALL_64_after_hwframe_[k];do_syscall_64_[k];__x64_sys_futex_[k];"
            + "do_futex_[k];futex_wait_[k];schedule_[k];__schedule_[k];finish_task_switch.isra.0_[k]");
        assertEquals(FrameCategory.DISPATCH, m.category());
        assertEquals(Categories.THREADS, m.part());
    }

    @Test
    void theLabsOwnFramesAreMarshallingThoughTheyAreInLabIo() {
        Categories.Match m = cpu(LAB_READ.replace("BufferedMessageReader.fill;jnr/unixsocket/UnixSocketChannel.read;"
            + "jnr/enxio/channels/Native$LibC$jnr$ffi$1.read;com/kenai/jffi/Invoker.invokeN3;__GI_read",
            "BufferedMessageReader.interceptedWhole;org/dbuslab/labio/frame/WireFrame.byteArrayBodyEquals;"
            + "java/nio/ByteBuffer.mismatch"));
        assertEquals(FrameCategory.MARSHALLING, m.category());
        assertEquals("encode and decode", m.part());
        assertEquals(FrameCategory.MARSHALLING, Categories.ruleFor("org/dbuslab/labio/OutgoingFrame.writeTo").category());
    }

    @Test
    void waitingForTheReplyIsHandOffThoughItIsInTheMessagesPackage() {
        assertEquals(Categories.THREADS, Categories.ruleFor("org/freedesktop/dbus/messages/MethodCall.getReply").part());
        assertEquals(FrameCategory.MARSHALLING, Categories.ruleFor("org/freedesktop/dbus/messages/MethodCall.<init>").category());
    }

    @Test
    void mallocAndMemcpyGoWithWhatCallsThem() {
        assertEquals(FrameCategory.GC_ALLOCATION, cpu("main;echo_call;g_variant_new;[libglib-2.0.so];g_malloc;malloc;"
            + "_int_malloc").category());
        Categories.Match copy = cpu("[dbus-daemon];dbus_connection_dispatch;_dbus_marshal_write_fixed_multi;"
            + "__memmove_avx_unaligned_erms");
        assertEquals(FrameCategory.MARSHALLING, copy.category());
        assertEquals("_dbus_marshal_write_fixed_multi", copy.frame());
    }

    @Test
    void theJvmsOwnWork() {
        assertEquals(FrameCategory.GC_ALLOCATION, cpu("thread_native_entry;Thread::call_run;VMThread::run;"
            + "VM_GenCollectForAllocation::doit;GenCollectedHeap::do_collection;DefNewGeneration::copy_to_survivor_space").category());
        assertEquals(FrameCategory.GC_ALLOCATION, cpu("org/dbuslab/server/fastpath/ReaderDispatch.run;"
            + "java/nio/HeapByteBuffer.<init>").category());
        assertEquals(FrameCategory.JIT_VM, cpu("thread_native_entry;Thread::call_run;JavaThread::thread_main_inner;"
            + "CompileBroker::compiler_thread_loop;C2Compiler::compile_method;Compile::Compile;PhaseIterGVN::transform_old")
            .category());
    }

    @Test
    void aStrippedBusIsBusRoutingAndAStackNoRuleNamesIsOther() {
        assertEquals(FrameCategory.BUS_ROUTING, cpu("[dbus-daemon];__libc_start_call_main;[dbus-daemon]").category());
        Categories.Match other = cpu("[unknown];[libfoo.so];Interpreter");
        assertEquals(FrameCategory.OTHER, other.category());
        assertEquals("", other.frame());
    }

    @Test
    void theLabsHarnessIsNamedSoItIsNotTakenForTheLibrary() {
        assertEquals(FrameCategory.HARNESS, cpu("org/dbuslab/client/run/EchoRun.run;org/dbuslab/client/run/ReplyVerifier.verify;"
            + "java/util/Arrays.equals;jdk/internal/util/ArraysSupport.vectorizedMismatch").category());
        assertEquals(FrameCategory.HARNESS, cpu("main;drive_runs;run_once;latency_record").category());
        assertEquals(FrameCategory.HARNESS, cpu("main;drive_runs;run_once;stamp;__GI___clock_gettime;[vdso]").category());
    }

    @Test
    void annotationsAndSlashesAreDroppedBeforeMatching() {
        assertEquals("org.freedesktop.dbus.messages.Message.marshallint",
            Categories.normalise("org/freedesktop/dbus/messages/Message.marshallint_[j]"));
        assertEquals("unix_stream_sendmsg", Categories.normalise("unix_stream_sendmsg_[k]"));
        assertEquals("[libglib-2.0.so]", Categories.normalise("[libglib-2.0.so]"));
        assertEquals("AccessBarrier<544868ul, G1BarrierSet>", Categories.normalise("AccessBarrier<544868ul, G1BarrierSet>"));
    }

    @Test
    void aBlockedCallingThreadWaitsForTheReplyOrForTheNextRun() {
        Categories.Match lab = Categories.wall(stack(LAB_READ));
        assertEquals(FrameCategory.WAITING, lab.category());
        assertEquals("in a socket read", lab.part());
        Categories.Match stock = Categories.wall(stack(STOCK_CALL + ";org/freedesktop/dbus/messages/MethodCall.getReply;"
            + "java/lang/Object.wait;JVM_MonitorWait;ObjectMonitor::wait;os::PlatformEvent::park;___pthread_cond_timedwait;"
            + "__futex_abstimed_wait_common"));
        assertEquals(FrameCategory.WAITING, stock.category());
        assertEquals("on a lock, queue or another thread", stock.part());
        Categories.Match idle = Categories.wall(stack("org/dbuslab/client/control/ControlLoop.serve;"
            + "org/dbuslab/format/ControlProtocolReader.readLine;java/io/FileInputStream.readBytes;readBytes;__GI_read"));
        assertEquals(FrameCategory.BETWEEN_RUNS, idle.category());
        Categories.Match running = Categories.wall(stack(STOCK_CALL + ";org/freedesktop/dbus/Marshalling.deSerializeParameter"));
        assertEquals(FrameCategory.MARSHALLING, running.category(), "a running thread: its CPU category");
    }

    @Test
    void everyCpuCategoryHasRulesAndEveryRuleCompilesToSomethingItMatches() {
        Set<FrameCategory> ruled = Categories.rules().stream().map(Categories.Rule::category)
            .collect(Collectors.toCollection(() -> EnumSet.noneOf(FrameCategory.class)));
        Set<FrameCategory> cpu = EnumSet.allOf(FrameCategory.class);
        cpu.removeIf(c -> !c.cpu() || c == FrameCategory.OTHER);
        assertEquals(cpu, ruled);
        assertTrue(Categories.rules().stream().noneMatch(r -> r.pattern().matcher("").find()), "no rule matches every frame");
    }
}
