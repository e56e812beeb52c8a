package org.dbuslab.peers;

import org.dbuslab.peers.EchoServerOn.Transport;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The pairs the matrix leaves out, and why: a test that fails once the reason has gone. */
class PeerLimitsIT {

    /**
     * See PeerMatrixIT.unsupported: dbus-java before 5.2.2 drops sd-bus's "AUTH EXTERNAL" without a response, and
     * the pair is left out of the matrix exactly then; with 5.2.2 the sd-bus client connects.
     */
    @Test
    void sdBusAuthenticatesToTheJavaPeerServerOnAUnixSocketExactlyWhenItsDbusJavaAllows() throws Exception {
        boolean fixed = ServerDbusJava.acceptsExternalWithoutResponse();
        assertEquals(!fixed, PeerMatrixIT.unsupported(Library.SDBUS, Library.JAVA, Transport.P2P_UNIX));
        try (EchoServerOn echo = EchoServerOn.start(Library.JAVA, Transport.P2P_UNIX)) {
            List<String> command = new ArrayList<>(Library.SDBUS.clientCommand());
            command.addAll(echo.clientOptions());
            command.addAll(List.of("--calls", "1", "--runs", "1", "--warmup-runs", "0", "--reply-timeout", "5000"));
            ForeignRun.Result r = ForeignRun.run(command);
            String server = "server's dbus-java " + ServerDbusJava.version() + "; ";
            if (fixed) {
                assertEquals(0, r.exitCode(), server + r.stdout() + r.stderr());
                assertFalse(echo.process().stderr().contains("peer rejected"), echo.process().stderr());
            } else {
                assertEquals(2, r.exitCode(), server + "if this connects now, lower ServerDbusJava's fixed version: "
                    + r.stdout() + r.stderr());
                assertTrue(r.stderr().contains("cannot connect"), r.stderr());
                assertTrue(echo.process().stderr().contains("NullPointerException"), echo.process().stderr());
            }
        }
    }

    @Test
    void releaseNumbersCompareNumerically() {
        assertTrue(ServerDbusJava.compare("5.1.1", "5.2.2") < 0);
        assertEquals(0, ServerDbusJava.compare("5.2.2", "5.2.2"));
        assertTrue(ServerDbusJava.compare("5.10.0", "5.2.2") > 0);
        assertTrue(ServerDbusJava.compare("6.0.0-SNAPSHOT", "5.2.2") > 0);
    }
}
