package org.dbuslab.faults;

import org.dbuslab.faults.support.Budget;
import org.dbuslab.faults.support.EchoClient;
import org.dbuslab.faults.support.EchoServer;
import org.dbuslab.faults.support.FaultCase;
import org.dbuslab.faults.support.HostileMessage;
import org.dbuslab.faults.support.LabProcess;
import org.dbuslab.faults.support.Pause;
import org.dbuslab.faults.support.RawPeer;
import org.dbuslab.faults.support.Transport;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.dbuslab.faults.support.FaultChecks.exitCode;
import static org.dbuslab.faults.support.FaultChecks.noStackTrace;
import static org.dbuslab.faults.support.FaultChecks.serverLines;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Item 3: peers that authenticate, then send a method-call header claiming a 127 MiB body and nothing more. The
 * p2p server must not allocate what they claim: its memory stays bounded, the connections over its caps are
 * closed with a log line, and it keeps serving a real client.
 */
class HostilePeerIT {

    private static final int PEERS = 16;
    private static final long CLAIMED = 127L << 20;
    /** Far below 16 x 127 MiB, far above what a server serving one 1000 B client needs. */
    private static final long MAX_RSS = 1L << 30;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"P2P_UNIX", "P2P_TCP"})
    void hugeLengthClaimsCostTheServerNoUnboundedMemory(Transport transport) throws Exception {
        try (FaultCase c = new FaultCase(dir)) {
            EchoServer server = c.server(transport, null);
            List<RawPeer> peers = new ArrayList<>();
            try {
                for (int i = 0; i < PEERS; i++) {
                    RawPeer peer = RawPeer.connect(server.address());
                    peers.add(peer);
                    String answer = peer.authenticate();
                    assertTrue(answer.startsWith("OK "), "SASL refused: " + answer);
                    peer.send(HostileMessage.echoHeaderClaiming(CLAIMED, 1));
                }
                long peak = 0;
                long deadline = System.nanoTime() + Budget.SERVER_GIVES_UP.toNanos();
                while (System.nanoTime() < deadline && server.process().isAlive()) {
                    peak = Math.max(peak, rssBytes(server.process().pid()));
                    Pause.millis(100);
                }
                int closed = 0;
                for (RawPeer peer : peers) {
                    closed += peer.closedWithin(java.time.Duration.ofMillis(50)) ? 1 : 0;
                }
                EchoClient client = c.client("client", transport, null, server,
                    EchoClient.Spec.shortRun());
                LabProcess.Exit exit = client.process().awaitExit(Budget.SLACK);
                long peakRss = peak;
                int closedPeers = closed;
                assertAll(transport + ": " + PEERS + " peers claiming " + (CLAIMED >> 20) + " MiB each",
                    () -> assertTrue(server.process().isAlive(), "the server died: " + server.process().stderr()),
                    () -> assertTrue(peakRss < MAX_RSS, "the server's RSS reached " + (peakRss >> 20) + " MiB"),
                    () -> assertTrue(closedPeers >= PEERS / 2, "only " + closedPeers + " of " + PEERS
                        + " peers over the memory caps were closed"),
                    exitCode(0, exit, client.process()),
                    noStackTrace(server.process()),
                    serverLines(server.process(), 0, PEERS, "hostile peers"));
            } finally {
                for (RawPeer peer : peers) {
                    peer.close();
                }
            }
        }
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
