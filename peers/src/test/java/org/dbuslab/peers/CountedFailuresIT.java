package org.dbuslab.peers;

import org.dbuslab.format.ControlProtocol;
import org.dbuslab.format.ControlProtocol.Done;
import org.dbuslab.peers.EchoServerOn.Transport;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A reply of wrong bytes is counted as mismatched and a reply that does not come in time as lost, by every
 * client, never dropped: the servers' test-only --corrupt-every flips one byte in the middle of every Nth reply
 * (the sequence stamps at the ends stay right, so only a byte-for-byte check can catch it), and a server stopped
 * with SIGSTOP answers nothing. A connection that dies still gets its run's done line, every call counted, then
 * 'fatal' and exit 1.
 */
class CountedFailuresIT {

    @ParameterizedTest(name = "{0}>{1}")
    @CsvSource({"GLIB,GLIB", "SDBUS,SDBUS", "GLIB,SDBUS", "SDBUS,GLIB", "JAVA,GLIB", "JAVA,SDBUS"})
    void aCorruptReplyIsMismatched(Library client, Library server) throws Exception {
        try (EchoServerOn echo = EchoServerOn.start(server, Transport.P2P_UNIX, "--corrupt-every", "10")) {
            for (String mode : List.of("sync", "async")) {
                try (ControlledClient c = ControlledClient.start(client, echo, mode)) {
                    Done done = c.run(1000, "sync".equals(mode) ? 1 : 16, 100, 7);
                    assertEquals(100, done.calls());
                    assertEquals(10, done.mismatched(), mode + ": every 10th of 100 replies; " + done.problem());
                    assertEquals(0, done.lost());
                    assertEquals(0, done.errors());
                    assertTrue(done.problem() != null && done.problem().contains("differs"), done.problem());
                    assertEquals(0, c.quit());
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}>{1}")
    @CsvSource({"GLIB,GLIB", "SDBUS,SDBUS"})
    void aStalledServersCallsAreLostWithinTheTimeout(Library client, Library server) throws Exception {
        try (EchoServerOn echo = EchoServerOn.start(server, Transport.P2P_UNIX)) {
            for (String mode : List.of("sync", "async")) {
                try (ControlledClient c = ControlledClient.start(client, echo, mode, "--reply-timeout", "300")) {
                    assertEquals(0, c.run(100, 1, 3, 1).lost(), "the server answers before it is stopped");
                    signal("STOP", echo.process().pid());
                    long start = System.nanoTime();
                    Done done;
                    try {
                        done = c.run(100, "sync".equals(mode) ? 1 : 4, 5, 2);
                    } finally {
                        signal("CONT", echo.process().pid());
                    }
                    long millis = (System.nanoTime() - start) / 1_000_000;
                    assertEquals(5, done.calls());
                    assertEquals(5, done.lost(), mode + ": " + done.problem());
                    assertEquals(0, done.mismatched() + done.errors(), done.problem());
                    assertTrue(done.problem().contains("lost"), done.problem());
                    assertTrue(millis < ("sync".equals(mode) ? 5 : 2) * 300 + 5000, "took " + millis + " ms");
                    assertEquals(0, c.quit());
                }
            }
        }
    }

    @ParameterizedTest(name = "{0} client, {1}")
    @CsvSource({"GLIB,sync", "GLIB,async", "SDBUS,sync", "SDBUS,async"})
    void aDeadConnectionCountsTheRunThenIsFatal(Library client, String mode) throws Exception {
        EchoServerOn echo = EchoServerOn.start(client, Transport.P2P_UNIX);
        try (ControlledClient c = ControlledClient.start(client, echo, mode, "--reply-timeout", "2000")) {
            assertEquals(0, c.run(100, 1, 3, 1).errors(), "the server answers before it goes");
            signal("KILL", echo.process().pid());
            Done done = c.run(100, "sync".equals(mode) ? 1 : 4, 5, 2);
            assertEquals(5, done.calls());
            assertEquals(5, done.lost() + done.errors(), "every call of the run is counted: " + done.problem());
            assertEquals(0, done.mismatched());
            assertInstanceOf(ControlProtocol.Fatal.class, c.next());
            assertEquals(1, c.exitCode());
        } finally {
            echo.close();
        }
    }

    private static void signal(String signal, long pid) throws Exception {
        assertEquals(0, ForeignRun.run(List.of("kill", "-" + signal, Long.toString(pid))).exitCode());
        Thread.sleep(Duration.ofMillis(100).toMillis());
    }
}
