package org.dbuslab.faults;

import org.dbuslab.faults.support.Budget;
import org.dbuslab.faults.support.EchoClient;
import org.dbuslab.faults.support.EchoServer;
import org.dbuslab.faults.support.FaultCase;
import org.dbuslab.faults.support.HostileMessage;
import org.dbuslab.faults.support.LabProcess;
import org.dbuslab.faults.support.Pause;
import org.dbuslab.faults.support.RawPeer;
import org.dbuslab.format.Transport;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.dbuslab.faults.support.FaultChecks.exitCode;
import static org.dbuslab.faults.support.FaultChecks.noStackTrace;
import static org.dbuslab.faults.support.FaultChecks.serverLines;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Item 3: peers that authenticate, then send a method-call header claiming a huge body. The p2p server must not
 * allocate what they claim: its memory stays bounded, a connection over the per-connection cap or the global budget
 * is closed with a log line, and the server keeps serving a real client.
 */
class HostilePeerIT {

    private static final long MIB = 1L << 20;
    /** Far below what the claims add up to, far above what a server serving one 1000 B client needs. */
    private static final long MAX_RSS = 1L << 30;

    @TempDir
    Path dir;

    /** 16 claims of 127 MiB (2 GiB in all; the issue saw 55 reach 6.2 GB and an OutOfMemoryError). */
    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"P2P_UNIX", "P2P_TCP"})
    void hugeLengthClaimsCostNoMemory(Transport transport) throws Exception {
        try (FaultCase c = new FaultCase(dir); Peers peers = new Peers()) {
            EchoServer server = c.server(transport, null);
            for (int i = 0; i < 16; i++) {
                peers.claim(server, 127 * MIB, 0);
            }
            long peak = peakRss(server.process(), Budget.serverGivesUp());
            assertServing(c, transport, server, "16 peers claiming 127 MiB each",
                () -> assertTrue(peak < MAX_RSS, "the server's RSS reached " + peak / MIB + " MiB"));
        }
    }

    /** A claim over --max-message-bytes closes that connection at once, with one line. */
    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"P2P_UNIX", "P2P_TCP"})
    void claimOverThePerConnectionCapIsClosed(Transport transport) throws Exception {
        try (FaultCase c = new FaultCase(dir); Peers peers = new Peers()) {
            EchoServer server = c.server(transport, null, "--max-message-bytes", Long.toString(MIB));
            for (int i = 0; i < 4; i++) {
                peers.claim(server, 127 * MIB, 0);
            }
            int closed = peers.closedWithin(Budget.serverGivesUp());
            assertServing(c, transport, server, "4 peers over a 1 MiB cap",
                () -> assertEquals(4, closed, "peers over the per-connection cap still connected"),
                serverLines(server.process(), 0, 4, "4 peers over the cap"),
                () -> assertTrue(server.process().stderrLines().stream().filter(l -> l.contains("limit")).count() >= 4,
                    "no log line per closed peer:\n" + server.process().stderr()));
        }
    }

    /** Bodies that really arrive, more than --max-incoming-bytes in all: the connections over it are closed. */
    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"P2P_UNIX", "P2P_TCP"})
    void bodiesOverTheGlobalBudgetAreClosed(Transport transport) throws Exception {
        try (FaultCase c = new FaultCase(dir); Peers peers = new Peers()) {
            EchoServer server = c.server(transport, null, "--max-incoming-bytes", Long.toString(8 * MIB));
            for (int i = 0; i < 6; i++) {
                peers.claim(server, 4 * MIB, (int) (3 * MIB)); // 18 MiB arrive in all, 6 x 4 MiB claimed
            }
            int closed = peers.closedWithin(Duration.ofMillis(Budget.serverTimeoutMs()));
            assertServing(c, transport, server, "6 peers sending 3 MiB each against an 8 MiB budget",
                () -> assertTrue(closed >= 3, "only " + closed + " of 6 peers closed over an 8 MiB budget"));
        }
    }

    /** The server is alive, says no stack trace, and a real client still passes cleanly. */
    private static void assertServing(FaultCase c, Transport transport, EchoServer server, String what,
                                      org.junit.jupiter.api.function.Executable... more) {
        EchoClient client = c.client("client", transport, null, server, EchoClient.Spec.shortRun());
        LabProcess.Exit exit = client.process().awaitExit(Budget.slack());
        List<org.junit.jupiter.api.function.Executable> checks = new ArrayList<>(List.of(
            () -> assertTrue(server.process().isAlive(), "the server died: " + server.process().stderr()),
            exitCode(0, exit, client.process()),
            noStackTrace(server.process())));
        checks.addAll(List.of(more));
        assertAll(transport + ": " + what, checks.stream());
    }

    /** The hostile peers of a case, closed at its end. */
    private static final class Peers implements AutoCloseable {
        private final List<RawPeer> open = new ArrayList<>();

        /** Authenticates, sends an Echo header claiming {@code claimed} body bytes, then {@code sent} of them. */
        void claim(EchoServer server, long claimed, int sent) throws IOException {
            RawPeer peer = RawPeer.connect(server.address());
            open.add(peer);
            String answer = peer.authenticate();
            assertTrue(answer.startsWith("OK "), "SASL refused: " + answer);
            peer.send(HostileMessage.echoHeaderClaiming(claimed, open.size()));
            if (sent > 0) {
                try {
                    peer.send(new byte[sent]);
                } catch (IOException closedMeanwhile) {
                    // the server may close a connection over its budget while the body is still coming
                }
            }
        }

        int closedWithin(Duration limit) throws IOException {
            long deadline = System.nanoTime() + limit.toNanos();
            int closed = 0;
            for (RawPeer peer : open) {
                long left = Math.max(50, (deadline - System.nanoTime()) / 1_000_000);
                closed += peer.closedWithin(Duration.ofMillis(left)) ? 1 : 0;
            }
            return closed;
        }

        @Override
        public void close() throws IOException {
            for (RawPeer peer : open) {
                peer.close();
            }
        }
    }

    /** The server's peak resident memory while {@code period} passes. */
    private static long peakRss(LabProcess server, Duration period) {
        long peak = 0;
        long deadline = System.nanoTime() + period.toNanos();
        while (System.nanoTime() < deadline && server.isAlive()) {
            peak = Math.max(peak, rssBytes(server.pid()));
            Pause.millis(100);
        }
        return peak;
    }

    private static long rssBytes(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("\\D", "")) * 1024;
                }
            }
        } catch (IOException | NumberFormatException gone) {
            // the process has ended
        }
        return 0;
    }
}
