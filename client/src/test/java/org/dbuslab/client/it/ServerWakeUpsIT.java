package org.dbuslab.client.it;

import org.dbuslab.api.EchoContract;
import org.dbuslab.server.BusEchoServer;
import org.dbuslab.server.EchoService;
import org.dbuslab.testkit.ForeignTool;
import org.dbuslab.testkit.PrivateBus;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Java server's reader thread sleeps once per synchronous call, as libdbus's echo does: it waits in poll() and
 * is not woken again when the bus drains its reply (docs/PERFORMANCE.md, step 9). Counted with the kernel's
 * voluntary context switches of the in-process server's reader thread while dbus-test-tool spam calls it.
 */
class ServerWakeUpsIT {

    private static final int CALLS = 2000;
    /** A reader still running interpreted code is back in read() only after the bus has drained its reply. */
    private static final int WARM_UP_CALLS = 20_000;

    @ParameterizedTest
    @ValueSource(strings = {"dbus-daemon", "dbus-broker"})
    void readerSleepsOncePerSynchronousCall(String transport) throws Exception {
        try (PrivateBus bus = PrivateBus.start(transport);
             BusEchoServer server = BusEchoServer.start(bus.address(), new EchoService())) {
            spam(bus.address(), WARM_UP_CALLS);
            long before = readerSleeps();
            spam(bus.address(), CALLS);
            double perCall = (readerSleeps() - before) / (double) CALLS;
            assertTrue(perCall >= 0.8, "each call should wake the reader; counted " + perCall + " sleeps per call");
            assertTrue(perCall <= 1.2, "the reader slept " + perCall + " times per call; blocked in read() "
                + "(-Ddbuslab.serverPolls=false) it slept 1.27-1.97 times here");
        }
    }

    private static void spam(String address, int calls) throws Exception {
        ForeignTool.Result spam = ForeignTool.run(List.of("sh", "-c", "head -c 1000 /dev/zero | "
            + "DBUS_SESSION_BUS_ADDRESS=\"$0\" dbus-test-tool spam --dest=" + EchoContract.BUS_NAME + " --count=" + calls
            + " --queue=1 --bytes --stdin", address));
        assertEquals(0, spam.exitCode(), spam.stderr());
    }

    /** Voluntary context switches of dbus-java's connection reader threads in this JVM (the server's only). */
    private static long readerSleeps() throws IOException {
        long sum = 0;
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path task : tasks.toList()) {
                if (Files.readString(task.resolve("comm")).startsWith("DBusConnection")) {
                    for (String line : Files.readAllLines(task.resolve("status"))) {
                        if (line.startsWith("voluntary_ctxt_switches:")) {
                            sum += Long.parseLong(line.substring(line.indexOf(':') + 1).strip());
                        }
                    }
                }
            }
        }
        return sum;
    }
}
