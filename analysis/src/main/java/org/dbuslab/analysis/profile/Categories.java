package org.dbuslab.analysis.profile;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Assigns a sample's stack to a {@link FrameCategory} and a finer part ("ay as boxed bytes", "kernel scheduler"), by
 * package and symbol patterns over the frames, leaf first: the first frame that a rule names decides, so a memcpy
 * inside a marshaller is marshalling and the same memcpy inside a socket write is socket I/O. Frames are compared
 * after async-profiler's annotations (_[k] kernel, _[j] JIT-compiled, ...) are dropped and '/' made '.', so
 * {@code org/freedesktop/dbus/messages/Message.marshallint_[j]} reads as {@code org.freedesktop.dbus.messages.Message.marshallint}.
 * A frame no rule names (memcpy, an unknown frame, a JIT stub) passes the decision to its caller; a stack no rule
 * names is {@link FrameCategory#OTHER}. The rules are below, in the order they are tried for each frame.
 */
public final class Categories {

    /** What decided a stack: its category, the part of it (a rule's label) and the frame that matched ("" for none). */
    public record Match(FrameCategory category, String part, String frame) {
    }

    /** A rule: frames matching PATTERN (find, on the normalised name) are CATEGORY, in its PART. */
    public record Rule(FrameCategory category, String part, Pattern pattern) {
    }

    /** The part of marshalling that an interface proxy and an exported object add for an {@code ay}. */
    public static final String AY_BOXED = "ay as boxed bytes (a List of Byte converted element by element, reflective array copy)";
    /** Switching threads: the part every hand-off between threads costs. */
    public static final String THREADS = "threads and wake-ups (futex, park/unpark, queues, the scheduler)";

    private static final List<Rule> RULES = new ArrayList<>();
    /** Leaves of a blocked thread in a wall-clock profile (its stack ends in the call that blocks). */
    private static final Pattern BLOCKING_LEAF = Pattern.compile("^((libc_)?(read|recv|recvmsg|recvfrom|poll|ppoll|"
        + "epoll_wait|epoll_pwait|select|pselect6?|accept4?|nanosleep|clock_nanosleep(_time64)?|futex_wait.*|"
        + "futex_abstimed_wait_common.*|pthread_cond_(timed|clock)?wait.*|pthread_join|sem_(timed)?wait|syscall|lll_lock_wait.*)"
        + "|jdk\\.internal\\.misc\\.Unsafe\\.park|Unsafe_Park|java\\.lang\\.Object\\.wait.*|JVM_MonitorWait|"
        + "os::PlatformEvent::park|Parker::park|java\\.lang\\.Thread\\.sleep.*)$");
    /** A leaf's libc decorations, dropped before BLOCKING_LEAF: __GI___poll is poll. */
    private static final Pattern LIBC_PREFIX = Pattern.compile("^(__GI_|_)+");
    /** The lab's own frames: the first of them above a blocked leaf says whether it blocked in a run or between runs. */
    private static final Pattern LAB_FRAME = Pattern.compile("^org\\.dbuslab\\.");
    /** A frame of the client's control loop: a thread blocked there waits for the runner's next run. */
    private static final Pattern CONTROL_LOOP = Pattern.compile("^(org\\.dbuslab\\.client\\.control\\.|"
        + "org\\.dbuslab\\.format\\.ControlProtocol|org\\.dbuslab\\.client\\.RunOptions)");

    static {
        // the lab's harness first: its frames are the measuring, wherever they call
        rule(FrameCategory.HARNESS, "payloads and verification", "^org\\.dbuslab\\.client\\.run\\.",
            "^java\\.util\\.SplittableRandom\\.", "^(payload_|split_random_bytes|judge|judge_reply|tally_|verdict_name|"
            + "lost_reason|report_unclean)$");
        rule(FrameCategory.HARNESS, "latency log and timing", "^org\\.HdrHistogram\\.", "^org\\.dbuslab\\.client\\.record\\.",
            "^org\\.dbuslab\\.client\\.run\\.JitClock", "^(latency_|hdr_|deflate|compress|adler32|crc32|zlib|_tr_)",
            "^(clock_gettime|__clock_gettime.*|__vdso_clock_gettime|\\[vdso\\]|os::javaTimeNanos|System\\.nanoTime)",
            "^java\\.lang\\.System\\.nanoTime", "^(stamp|utc_now_iso|bucket_index|counts_index|encode|put_base64|put_int|"
            + "put_long|put_zigzag)$");
        rule(FrameCategory.HARNESS, "control channel", "^org\\.dbuslab\\.client\\.control\\.", "^org\\.dbuslab\\.format\\.",
            "^(drive_control|read_command|parse_run|valid_tag|strict_number|number|done|say|encode_problem)$",
            "^(pipe_write|pipe_read|anon_pipe_)");
        // GC and allocation before the libraries, so malloc inside a marshaller is allocation
        rule(FrameCategory.GC_ALLOCATION, "garbage collection", "^(GenCollectedHeap|SerialHeap|DefNewGeneration|"
            + "TenuredGeneration|MarkSweep|GenMarkSweep|SerialFullGC|CardTable|VM_GenCollect|VM_GC_|G1|ParallelScavenge|"
            + "PSScavenge|PSParallel|ScavengeClosure|ScanClosure|FastScanClosure|OopStorage|WeakProcessor|"
            + "ReferenceProcessor|StringDedup|ClassLoaderDataGraph::.*oops|Threads::(possibly_parallel_)?oops_do|"
            + "JavaThread::oops_do|frame::oops_do|OopMapSet|CodeBlobToOopClosure|StrongRootsScope|Generation::|"
            + "ContiguousSpace|BlockOffset|PromotionInfo|CollectedHeap::fill|Copy::)");
        rule(FrameCategory.GC_ALLOCATION, "allocation", "^(MemAllocator|ObjAllocator|ObjArrayAllocator|ObjArrayKlass::allocate|"
            + "TypeArrayKlass::allocate|InstanceKlass::allocate|CollectedHeap::|OptoRuntime::new_|Runtime1::new_|"
            + "_new_array_Java|_new_instance_Java|_new_array_nozero_Java|ThreadLocalAllocBuffer|oopFactory::|"
            + "AllocTracer|Klass::allocate)", "^java\\.nio\\.(HeapByteBuffer\\.<init>|ByteBuffer\\.allocate)",
            "^(malloc|free|calloc|realloc|cfree|__libc_(malloc|free|calloc|realloc)|_int_(malloc|free|realloc)|"
            + "malloc_consolidate|tcache_.*|unlink_chunk.*|__GI___libc_(malloc|free)|_mid_memalign|aligned_alloc|"
            + "posix_memalign|memalign)$", "^(g_malloc|g_malloc0|g_free|g_realloc|g_slice_|g_new|g_try_malloc|"
            + "dbus_malloc|dbus_malloc0|dbus_free|dbus_realloc|_dbus_mem_pool_|mfree|greedy_realloc|memdup)",
            "^(asm_exc_page_fault|exc_page_fault|do_user_addr_fault|handle_mm_fault|__handle_mm_fault|do_anonymous_page|"
            + "clear_page_erms|clear_page_rep|do_huge_pmd_anonymous_page|__x64_sys_(brk|mmap|munmap|madvise)|"
            + "do_madvise|__do_munmap|unmap_region)$");
        // the JIT, the VM and the profiler
        rule(FrameCategory.JIT_VM, "JIT compilers", "^(CompileBroker|C2Compiler|Compile::|Compilation::|Compiler::|"
            + "C1|Phase|Parse::|GraphBuilder|LinearScan|ciEnv|ciMethod|ciObject|Matcher::|Node::|PhaseOutput|"
            + "LIR_|IR::|BlockBegin|ValueStack|CodeBuffer|Assembler|MacroAssembler|nmethod::|CodeCache|"
            + "CompileQueue|CompilationPolicy|TieredThresholdPolicy|Optimizer|ConnectionGraph|LoopTree|IdealLoopTree|"
            + "PhaseIterGVN|PhaseCFG|PhaseChaitin|PhaseLive|MachNode|Type::|TypeOopPtr|SafePointNode|CallGenerator|"
            + "InlineTree|BCEscapeAnalyzer|MethodLiveness|Dependencies|ciTypeFlow|ciBytecodeStream|JVMState|"
            + "Arena::|Chunk::|ResourceArea|StringTable|SymbolTable|ClassFileParser|SystemDictionary|LinkResolver|"
            + "ConstantPool|Method::|InstanceKlass::(link|initialize|find_method))");
        rule(FrameCategory.JIT_VM, "JVM runtime and safepoints", "^(SafepointSynchronize|SafepointMechanism|"
            + "VMThread|VM_Operation|HandshakeState|Handshake::|StatSampler|WatcherThread|PeriodicTask|"
            + "InterpreterRuntime::|SharedRuntime::|Runtime1::|JavaCalls::|JvmtiExport|JvmtiEnv|"
            + "AttachListener|Deoptimization|OptoRuntime::|Threads::|JavaThread::check_special|ThreadService|"
            + "MonitorDeflation|ObjectSynchronizer::deflate|ServiceThread|G1ServiceThread|JfrThread)");
        rule(FrameCategory.JIT_VM, "the profiler", "^(Profiler::|PerfEvents::|WallClock::|CTimer::|ITimer::|"
            + "StackWalker::|VMStructs|Symbols::|CodeCache::find|Engine::|Recording|FlightRecorder|J9|"
            + "AsyncGetCallTrace|asyncgetcalltrace|one\\.profiler\\.)", "^(perf_event_|__perf_event_|perf_output_|"
            + "perf_prepare_sample|perf_callchain|perf_swevent|perf_tp_event|task_clock_event|cpu_clock_event|"
            + "__perf_event_overflow|perf_event_overflow|perf_iterate_sb|perf_event_task)");
        // bus routing: a stripped bus is only its name
        rule(FrameCategory.BUS_ROUTING, "the bus's own code", "^\\[(dbus-daemon|dbus-broker|dbus-broker-launch)\\]$",
            "^(bus_dispatch|bus_transaction_|bus_connection|bus_matchmaker_|bus_context_|bus_client_policy|"
            + "bus_driver_|bus_activation_|bus_policy_|bus_registry_|bus_service_|bus_match_rule)",
            "^(peer_queue_|peer_dispatch|driver_|policy_|match_registry_|connection_dispatch|dispatch_context_)");
        // a caller waiting for its reply, or the reader handing it over: not marshalling, though in messages.*
        rule(FrameCategory.DISPATCH, THREADS, "^org\\.freedesktop\\.dbus\\.messages\\.MethodCall\\.(getReply|setReply)$");
        // marshalling: the message's bytes built and taken apart
        rule(FrameCategory.MARSHALLING, AY_BOXED,
            "^org\\.freedesktop\\.dbus\\.ArrayFrob\\.", "^java\\.lang\\.reflect\\.Array\\.",
            "^org\\.freedesktop\\.dbus\\.Marshalling\\.(deSerializeParameters?|convertParameters)$",
            "^java\\.lang\\.(Byte|Short|Integer|Long)\\.valueOf$",
            "^jdk\\.internal\\.reflect\\.(UnsafeByteFieldAccessorImpl|Reflection)\\.",
            "^(Reflection::array_(set|get)|Reflection::unbox_for_primitive|Reflection::box|JVM_SetArrayElement|"
            + "JVM_GetArrayElement|Array_set|Array_get)");
        rule(FrameCategory.MARSHALLING, "types and signatures (reflection on the call's types)",
            "^org\\.freedesktop\\.dbus\\.Marshalling\\.(getDBusType|getJavaType|recursiveGetDBusType|getSignature)",
            "^org\\.freedesktop\\.dbus\\.(TypeRef|utils\\.|Struct\\b|Tuple\\b|StructHelper|SignatureCache|Container)",
            "^java\\.lang\\.(Class\\.(getDeclared|getMethod|getGeneric|isArray|getComponentType|isAssignableFrom)|"
            + "reflect\\.(ParameterizedType|TypeVariable|Type\\b))", "^sun\\.reflect\\.generics\\.",
            "^java\\.lang\\.invoke\\.");
        rule(FrameCategory.MARSHALLING, "encode and decode", "^org\\.freedesktop\\.dbus\\.messages\\.",
            "^org\\.freedesktop\\.dbus\\.Marshalling\\.", "^org\\.freedesktop\\.dbus\\.(MessageReader|MessageWriter)\\b",
            "^org\\.dbuslab\\.client\\.callpath\\.(ReplyDecoder|ReplyReading|Reply\\b)", "^org\\.dbuslab\\.client\\.raw\\.Frames",
            "^org\\.dbuslab\\.labio\\.(LabWire|OutgoingBytes|OutgoingFrame|IncomingMemory|MessageInterceptor|frame\\.)",
            "^org\\.dbuslab\\.server\\.fastpath\\.CallRoute\\.(encode|reply|decode|parse)",
            "^(g_variant_|g_dbus_message_|_g_dbus_|g_dbus_gvariant|g_dbus_(method_invocation_return|method_invocation_get)|"
            + "g_bytes_|g_byte_array_|g_memory_buffer|g_data_input_stream|g_string_|g_utf8_validate|"
            + "g_unichar_|g_strdup|g_str_)", "^(bus_message_|sd_bus_message_|message_(append|read|peek|new|seal|"
            + "get_|set_|extend|parse|from_|free|unref|ref|enter|exit)|bus_gvariant_|bus_body_part|buffer_peek|"
            + "signature_|bus_type_|bus_header_|bus_seal_|bus_create_message|bus_message_from|"
            + "utf8_is_valid|object_path_is_valid|interface_name_is_valid|member_name_is_valid|service_name_is_valid)",
            "^(_dbus_marshal_|_dbus_header_|_dbus_type_(reader|writer)_|_dbus_validate_|_dbus_type_|_dbus_first_type_|"
            + "_dbus_pack_|_dbus_unpack_|_dbus_swap_array|_dbus_verify_|_dbus_message_(loader|iter|get|set|add|"
            + "real|lock|remove|byteswap)|dbus_message_(iter_|append_|get_args|new|unref|ref|set_|get_|copy|"
            + "marshal|demarshal)|_dbus_string_|_dbus_check_is_valid_|_dbus_variant_)");
        // a write or read waking the process at the other end (the sample lands where the kernel re-enables interrupts
        // after try_to_wake_up, which on a VM includes the IPI to the other vCPU): hand-off, not moving bytes
        rule(FrameCategory.DISPATCH, THREADS, "^(sock_def_readable|sock_def_write_space|unix_write_space|__wake_up_sync_key|"
            + "__wake_up_common|__wake_up_common_lock|__wake_up|ep_poll_callback|pollwake|autoremove_wake_function|"
            + "default_wake_function|try_to_wake_up|wake_up_process)$");
        // socket I/O
        rule(FrameCategory.SOCKET_IO, "socket syscalls (kernel)", "^(unix_stream_|unix_|sock_|__sock_|____sys_(send|recv)msg|"
            + "___sys_(send|recv)msg|__sys_(send|recv)msg|__sys_sendto|__sys_recvfrom|__x64_sys_(sendmsg|recvmsg|sendto|"
            + "recvfrom|read|write|readv|writev)|skb_|__skb_|consume_skb|kfree_skb|alloc_skb|__alloc_skb|"
            + "kmalloc_reserve|scm_|security_socket_|apparmor_socket_|aa_sock|aa_unix|simple_copy_to_iter|"
            + "_copy_to_iter|_copy_from_iter|copy_page_to_iter|copy_page_from_iter|__check_object_size|"
            + "rep_movs_alternative|copy_user_|copyout|copyin|skb_copy_datagram|maybe_add_creds|"
            + "ksys_(read|write)|vfs_(read|write)|new_sync_(read|write)|rw_verify_area|__fdget_pos|__fget_light|"
            + "fdget|fput|sockfd_lookup_light|import_iovec|__import_iovec|iov_iter_|sk_|tcp_|inet_|ip_)");
        rule(FrameCategory.SOCKET_IO, "socket syscalls (user space)", "^(__GI_+|_+)?(libc_)?(read|write|sendmsg|recvmsg|"
            + "send|recv|readv|writev|sendto|recvfrom)$");
        rule(FrameCategory.SOCKET_IO, "stream and channel code", "^sun\\.nio\\.ch\\.", "^java\\.net\\.", "^jnr\\.",
            "^org\\.freedesktop\\.dbus\\.connections\\.transports\\.", "^org\\.freedesktop\\.dbus\\.spi\\.",
            "^org\\.freedesktop\\.dbus\\.transport\\.", "^org\\.dbuslab\\.labio\\.", "^java\\.nio\\.(channels|Direct)",
            "^(NET_|Java_sun_nio_ch_|Java_java_net_|fdval|handleRead|handleWrite|convertReturnVal|"
            + "Java_sun_nio_ch_UnixDomainSockets)", "^(g_socket_|g_output_stream_|g_input_stream_|g_unix_(input|output)_"
            + "|g_pollable_|_g_socket_|g_buffered_)", "^(bus_socket_|bus_kernel_|bus_rqueue_|bus_wqueue_|"
            + "bus_send_internal|bus_write_message|bus_read_message|bus_socket_process)",
            "^(_dbus_transport_|_dbus_read|_dbus_write|_dbus_socket_|_dbus_auth_|socket_do_iteration|do_reading|"
            + "do_writing|_dbus_connection_do_iteration)");
        // dispatch and thread hand-off
        rule(FrameCategory.DISPATCH, "reflection dispatch (proxy, Method.invoke, exported object)",
            "^java\\.lang\\.reflect\\.(Method|Proxy|InvocationHandler)", "^jdk\\.internal\\.reflect\\.",
            "^(jdk\\.proxy\\d*|com\\.sun\\.proxy)\\.", "^org\\.freedesktop\\.dbus\\.(RemoteInvocationHandler|"
            + "RemoteObject|DBusAsyncReply|connections\\.impl\\.|connections\\.base\\.(ExportedObject|"
            + "ConnectionMethodInvocation|DBusBoundPropertyHandler|GlobalHandler)|ExportedObject|MethodTuple|"
            + "connections\\.AbstractConnection\\.(callMethod|handleMessage|handleMethodCall|callWithCallback))",
            "^(JVM_InvokeMethod|Reflection::invoke|JavaCalls::call|NativeMethodAccessorImpl)");
        rule(FrameCategory.DISPATCH, THREADS, "^java\\.util\\.concurrent\\.",
            "^jdk\\.internal\\.misc\\.Unsafe\\.(park|unpark)", "^java\\.lang\\.Thread\\.(sleep|yield|onSpinWait|interrupt)",
            "^java\\.lang\\.Object\\.(wait|notify)",
            "^(Unsafe_Park|Unsafe_Unpark|Parker::|os::PlatformEvent|os::PlatformMonitor|ObjectMonitor|ObjectSynchronizer|"
            + "Monitor::|Mutex::|JVM_MonitorWait|JavaThread::park|SharedRuntime::complete_monitor|InterpreterRuntime::monitor)",
            "^org\\.freedesktop\\.dbus\\.connections\\.(base\\.|AbstractConnection|IncomingMessageThread|"
            + "SenderThread|ReceivingService)", "^org\\.dbuslab\\.(server\\.fastpath|client\\.callpath\\.(PendingReply|"
            + "LeanCallPath|DbusJavaCallPath))",
            "^(pthread_|___pthread_|__pthread_|__GI___pthread_|_*futex|__lll_lock|__lll_unlock|lll_|sem_post|sem_wait|"
            + "syscall$|do_futex|__x64_sys_futex|futex_|get_futex_key|hash_futex|mark_wake_futex|wake_up_q|"
            + "__futex_|g_mutex_|g_cond_|g_rec_mutex_|g_private_|g_once_|g_atomic_|g_bit_lock|g_bit_unlock|"
            + "g_pointer_bit_|g_thread_|g_async_queue_|g_task_|g_cancellable_|_dbus_(rmutex|cmutex|condvar|lock|"
            + "atomic|platform_)|_dbus_threads_|_dbus_sys_|dbus_threads_)");
        rule(FrameCategory.DISPATCH, "event loops and poll", "^(g_main_|g_source_|g_wakeup_|g_poll|g_idle_|g_timeout_|"
            + "g_closure_|g_signal_|g_cclosure_|g_object_(ref|unref)|g_hash_table_|g_list_|g_slist_|g_queue_|"
            + "g_dbus_connection_|_g_dbus_worker|g_main_loop_|g_main_context_|g_io_|g_child_)",
            "^(sd_event_|sd_bus_process|sd_bus_wait|sd_bus_call|sd_bus_call_async|sd_bus_send|sd_bus_flush|bus_process_|"
            + "process_(running|reply|message|closing|builtin|filter|match|object|hello)|dispatch_|object_find_and_run|"
            + "method_callbacks_run|bus_match_run|bus_poll|hashmap_|ordered_hashmap_|prioq_|sd_bus_slot|"
            + "bus_slot_|sd_bus_reply_method|sd_bus_add_|bus_find_|sd_bus_get_|sd_bus_ref|sd_bus_unref|event_)",
            "^(dbus_connection_|_dbus_connection_|_dbus_pending_call_|dbus_pending_call_|_dbus_watch_|_dbus_loop_|"
            + "_dbus_poll|_dbus_list_|_dbus_hash_|_dbus_timeout_|_dbus_object_tree_|dbus_bus_|_dbus_counter_|"
            + "_dbus_data_slot_|_dbus_get_monotonic_time|dbus_watch_|_dbus_(dispatch|handle))",
            "^(epoll_wait|epoll_ctl|__GI_epoll_wait|epoll_pwait|(__GI___)?_*poll|ppoll|__GI_ppoll|eventfd|eventfd_(read|write)|"
            + "__GI___eventfd)$", "^(do_sys_poll|__x64_sys_(poll|ppoll|epoll_wait|epoll_ctl|epoll_pwait|eventfd2?)|do_epoll_|"
            + "ep_|__ep_|ep_poll|poll_|__pollwait|pollwake|eventfd_|do_eventfd|anon_inode_|__fput|fput)");
        rule(FrameCategory.DISPATCH, THREADS, "^(schedule|__schedule|"
            + "schedule_hrtimeout|schedule_timeout|finish_task_switch|try_to_wake_up|ttwu_|wake_up_|__wake_up|"
            + "autoremove_wake_function|default_wake_function|pick_next_task|put_prev_task|enqueue_task|dequeue_task|"
            + "enqueue_entity|dequeue_entity|update_curr|update_load_avg|select_task_rq|set_next_entity|"
            + "check_preempt|resched_curr|psi_|__switch_to|switch_mm|context_switch|prepare_task_switch|"
            + "raw_spin_rq_|sched_|hrtimer_|__hrtimer_|cpuidle|do_idle|native_sched_clock|irqentry_exit|"
            + "exit_to_user_mode|syscall_exit_to_user_mode|arch_exit_to_user_mode|__irq_exit_rcu|"
            + "asm_sysvec_reschedule_ipi|sysvec_reschedule_ipi|__sysvec_|rcu_|vtime_|account_)");
    }

    private Categories() {
    }

    private static void rule(FrameCategory category, String part, String... patterns) {
        for (String p : patterns) {
            RULES.add(new Rule(category, part, Pattern.compile(p)));
        }
    }

    /** Every rule, in the order tried. */
    public static List<Rule> rules() {
        return List.copyOf(RULES);
    }

    /** A frame as the rules see it: async-profiler's annotation dropped, '/' as '.'. */
    public static String normalise(String frame) {
        String f = frame;
        int annotation = f.lastIndexOf("_[");
        if (annotation > 0 && f.endsWith("]") && f.length() - annotation <= 5) {
            f = f.substring(0, annotation);
        }
        return f.replace('/', '.');
    }

    /** The rule that names FRAME, or null. */
    public static Rule ruleFor(String frame) {
        String f = normalise(frame);
        for (Rule r : RULES) {
            if (r.pattern().matcher(f).find()) {
                return r;
            }
        }
        return null;
    }

    /** A CPU sample's category: its frames leaf first, the first a rule names. STACK is root first. */
    public static Match cpu(List<String> stack) {
        for (int i = stack.size() - 1; i >= 0; i--) {
            Rule r = ruleFor(stack.get(i));
            if (r != null) {
                return new Match(r.category(), r.part(), normalise(stack.get(i)));
            }
        }
        return new Match(FrameCategory.OTHER, "no rule", "");
    }

    /** Whether FRAME, as a stack's leaf, is a call that blocks (a wall-clock sample there is waiting). */
    public static boolean blocking(String frame) {
        return BLOCKING_LEAF.matcher(LIBC_PREFIX.matcher(normalise(frame)).replaceFirst("")).find();
    }

    /**
     * A wall-clock sample of one thread: blocked (its leaf is a call that blocks) is {@link FrameCategory#WAITING}, or
     * {@link FrameCategory#BETWEEN_RUNS} when it blocked in the client's control loop; running is its CPU category.
     */
    public static Match wall(List<String> stack) {
        String leaf = stack.isEmpty() ? "" : normalise(stack.get(stack.size() - 1));
        if (blocking(leaf)) {
            boolean control = false;
            for (int i = stack.size() - 1; i >= 0; i--) {
                String f = normalise(stack.get(i));
                if (LAB_FRAME.matcher(f).find()) {
                    control = CONTROL_LOOP.matcher(f).find();
                    break;
                }
            }
            return control ? new Match(FrameCategory.BETWEEN_RUNS, "control channel", leaf)
                : new Match(FrameCategory.WAITING, waitingPart(stack), leaf);
        }
        return cpu(stack);
    }

    /** What a blocked thread waits in: the reply's socket, a lock or queue, or an event loop. */
    private static String waitingPart(List<String> stack) {
        for (int i = stack.size() - 1; i >= 0; i--) {
            Rule r = ruleFor(stack.get(i));
            if (r != null && r.category() != FrameCategory.HARNESS) {
                return switch (r.category()) {
                    case SOCKET_IO -> "in a socket read";
                    case DISPATCH -> r.part().equals(THREADS) ? "on a lock, queue or another thread"
                        : r.part().startsWith("event") ? "in poll or an event loop" : "in " + r.part();
                    default -> "in " + r.category().label();
                };
            }
        }
        return "blocked";
    }

    /** For tests and the report: lower-case words of a part. */
    static String key(String part) {
        return part.toLowerCase(Locale.ROOT);
    }
}
