package org.dbuslab.peers;

import org.dbuslab.peers.EchoServerOn.Transport;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The pairs the matrix leaves out, and why: a test that fails once the reason has gone. */
class PeerLimitsTest {

    /** See PeerMatrixTest.unsupported: dbus-java's peer server drops sd-bus's "AUTH EXTERNAL" without a response. */
    @Test
    void sdBusCannotAuthenticateToTheJavaPeerServerOnAUnixSocket() throws Exception {
        assertTrue(PeerMatrixTest.unsupported(Library.SDBUS, Library.JAVA, Transport.P2P_UNIX));
        try (EchoServerOn echo = EchoServerOn.start(Library.JAVA, Transport.P2P_UNIX)) {
            List<String> command = new ArrayList<>(Library.SDBUS.clientCommand());
            command.addAll(echo.clientOptions());
            command.addAll(List.of("--calls", "1", "--runs", "1", "--warmup-runs", "0", "--reply-timeout", "5000"));
            ForeignRun.Result r = ForeignRun.run(command);
            assertEquals(2, r.exitCode(), "if this connects now, add sd-bus>dbus-java p2p-unix to the matrix: "
                + r.stdout() + r.stderr());
            assertTrue(r.stderr().contains("cannot connect"), r.stderr());
            assertTrue(echo.process().stderr().contains("NullPointerException"), echo.process().stderr());
        }
    }
}
