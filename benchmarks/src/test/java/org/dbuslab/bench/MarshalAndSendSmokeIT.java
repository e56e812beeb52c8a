package org.dbuslab.bench;

import org.freedesktop.dbus.DBusMatchRule;
import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.messages.DBusSignal;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bus benchmarks run once against their own private dbus-daemon, while a second connection checks that
 * every signal they send really reaches the bus. Under CI=true a bus that cannot start fails the test.
 */
@Timeout(60)
class MarshalAndSendSmokeIT {

    private final MarshalAndSendBenchmarks bench = new MarshalAndSendBenchmarks();
    private DBusConnection listener;
    private final BlockingQueue<DBusSignal> received = new LinkedBlockingQueue<>();

    @BeforeEach
    void startBus() throws Exception {
        try {
            bench.setup();
        } catch (PrivateDbusDaemon.UnavailableException e) {
            if ("true".equals(System.getenv("CI"))) {
                Assertions.fail(e.getMessage());
            }
            Assumptions.abort(e.getMessage());
        }
        listener = MarshalAndSendBenchmarks.connect(bench.bus.address());
        listener.addGenericSigHandler(new DBusMatchRule("signal", RustComparisonMessage.INTERFACE,
            RustComparisonMessage.MEMBER), received::add);
        MarshalAndSendBenchmarks.barrier(listener); // AddMatch is in force once this returns
    }

    @AfterEach
    void stopBus() {
        if (listener != null) {
            listener.disconnect();
        }
        bench.tearDown();
    }

    @Test
    void marshalAndSendDeliversTheMixedSignal() throws Exception {
        assertNotNull(bench.marshalAndSend());
        assertReceived(1);
    }

    @Test
    void pipelinedSendDeliversEverySignal() throws Exception {
        assertNotNull(bench.marshalAndSendPipelined());
        assertReceived(MarshalAndSendBenchmarks.PIPELINE);
    }

    @Test
    void connectMarshalAndSendDeliversTheSignalBeforeClosing() throws Exception {
        assertTrue(bench.connectMarshalAndSend().startsWith(":"));
        assertReceived(1);
    }

    @Test
    void tearDownStopsTheBus() throws Exception {
        Path dir = bench.bus.dir();
        List<String> pids = Files.readAllLines(dir.resolve("pids")).stream().map(l -> l.split(" ")[0]).toList();
        assertFalse(pids.isEmpty());
        listener.disconnect();
        listener = null;
        bench.tearDown();
        assertFalse(Files.exists(dir), "bus directory left behind: " + dir);
        for (String pid : pids) {
            assertFalse(running(pid), "bus process " + pid + " still running");
        }
    }

    /** Alive and not a zombie (an exited daemon may wait for a reaper that is not us). */
    private static boolean running(String pid) {
        try {
            String stat = Files.readString(Path.of("/proc", pid, "stat"));
            String state = stat.substring(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
            return !state.equals("Z") && !state.equals("X");
        } catch (java.io.IOException gone) {
            return false;
        }
    }

    private void assertReceived(int count) throws Exception {
        for (int i = 0; i < count; i++) {
            DBusSignal signal = received.poll(10, TimeUnit.SECONDS);
            assertNotNull(signal, "signal " + (i + 1) + " of " + count + " did not arrive");
            WireFormatTest.assertDecodesTo(RustComparisonMessage.mixed(), signal.getParameters());
        }
        assertEquals(0, received.size(), "more signals than sent");
    }
}
