package org.dbuslab.client.it;

import org.dbuslab.api.Echo1;
import org.dbuslab.client.callpath.CallMethod;
import org.dbuslab.client.callpath.CallPathKind;
import org.dbuslab.client.callpath.DbusJavaConnector;
import org.dbuslab.client.callpath.EchoCallPath;
import org.dbuslab.client.callpath.ReplyReading;
import org.dbuslab.client.run.EchoRun;
import org.dbuslab.client.run.PayloadGenerator;
import org.dbuslab.client.run.RunResult;
import org.dbuslab.server.peer.PeerEchoServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Synchronous calls whose caller reads its own reply, against a peer that answers one call too late. On a unix
 * socket the read times out by itself: the late call is lost, its late reply is not taken for the next call's, and
 * the run goes on. Over TCP a read cannot time out, so the watchdog closes the connection: the late call is lost, the
 * connection is abandoned and the calls after it count as lost at once, and nothing hangs.
 */
class CallerReadsLostReplyIT {

    private static final long REPLY_TIMEOUT = TimeUnit.MILLISECONDS.toNanos(300);

    @TempDir
    Path dir;

    @Test
    void unixSocketLateReplyIsLostAndTheRunGoesOn() throws Exception {
        RunResult result = runAgainstSlowPeer("unix:path=" + dir.resolve("p2p.sock"), 500);
        assertTrue(result.lost() >= 1, result.toString());
        assertEquals(0, result.mismatched(), result.toString());
        assertEquals(0, result.errors(), result.toString());
        assertTrue(result.ok() >= 30, "calls after the late one are answered: " + result);
        assertEquals(null, result.abandoned(), "a late reply is no dead connection: " + result);
    }

    @Test
    void tcpLateReplyIsLostThenTheConnectionIsClosedAndTheRestIsLost() throws Exception {
        long start = System.nanoTime();
        RunResult result = runAgainstSlowPeer("tcp:host=127.0.0.1,port=0", 1500);
        assertEquals(9, result.ok(), result.toString());
        assertEquals(41, result.lost(), result.toString());
        assertEquals(0, result.mismatched(), result.toString());
        assertEquals(0, result.errors(), result.toString());
        assertTrue(result.abandoned().contains("closed after no reply"), result.toString());
        assertTrue(result.firstProblem() != null, result.toString());
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(20), "no hang");
    }

    /** 50 synchronous calls of 1000 B; the peer answers the 10th after {@code lateMillis}. */
    private static RunResult runAgainstSlowPeer(String listenAddress, long lateMillis) throws Exception {
        Echo1 slowOnce = new LateOnceEcho(10, lateMillis);
        try (PeerEchoServer server = PeerEchoServer.start(listenAddress, slowOnce, line -> { });
             EchoCallPath path = DbusJavaConnector.connect(server.address(), true, null, CallMethod.ECHO,
                 DbusJavaConnector.DEFAULT_CONNECT_TIMEOUT_MS, CallPathKind.LEAN, ReplyReading.CALLING_THREAD)) {
            return new EchoRun(path, 1, REPLY_TIMEOUT).run(50, new PayloadGenerator(1000, 1));
        }
    }
}
