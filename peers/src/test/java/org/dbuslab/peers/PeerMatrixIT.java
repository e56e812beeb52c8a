package org.dbuslab.peers;

import org.dbuslab.format.ControlProtocol.Done;
import org.dbuslab.peers.EchoServerOn.Transport;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Every library pair the lab will measure, as real processes on real private buses and peer-to-peer: each C
 * client against its own library's server and against the lab's Java server, and the Java client against the GLib
 * server; sync and async (window 128), 1000 and 10000 bytes. Every call must come back exact: 0 lost,
 * 0 mismatched, 0 errors, and exactly the calls asked for.
 */
class PeerMatrixIT {

    private static final int SYNC_CALLS = 200;
    private static final int ASYNC_CALLS = 1000;
    private static final int WINDOW = 128;

    static Stream<Arguments> pairs() {
        List<Library[]> pairs = List.of(
            new Library[] {Library.GLIB, Library.GLIB},
            new Library[] {Library.SDBUS, Library.SDBUS},
            new Library[] {Library.GLIB, Library.JAVA},
            new Library[] {Library.SDBUS, Library.JAVA},
            new Library[] {Library.JAVA, Library.GLIB});
        List<Arguments> cases = new ArrayList<>();
        for (Library[] pair : pairs) {
            for (Transport transport : Transport.values()) {
                if (!unsupported(pair[0], pair[1], transport)) {
                    cases.add(Arguments.of(pair[0], pair[1], transport));
                }
            }
        }
        return cases.stream();
    }

    /**
     * sd-bus (252) opens EXTERNAL authentication without an initial response ("AUTH EXTERNAL", then DATA), and
     * dbus-java 5.1.1's peer server fails on that line (NullPointerException) and drops the connection; 5.2.2 answers
     * it with an empty DATA challenge. On a bus the bus authenticates, and over TCP sd-bus uses ANONYMOUS.
     * PeerLimitsIT pins this down for the dbus-java the server is built with.
     */
    static boolean unsupported(Library client, Library server, Transport transport) {
        return client == Library.SDBUS && server == Library.JAVA && transport == Transport.P2P_UNIX
            && !ServerDbusJava.acceptsExternalWithoutResponse();
    }

    @ParameterizedTest(name = "{0}>{1} on {2}")
    @MethodSource("pairs")
    void everyCallComesBackExact(Library client, Library server, Transport transport) throws Exception {
        try (EchoServerOn echo = EchoServerOn.start(server, transport)) {
            for (String mode : List.of("sync", "async")) {
                int window = "sync".equals(mode) ? 1 : WINDOW;
                int calls = "sync".equals(mode) ? SYNC_CALLS : ASYNC_CALLS;
                try (ControlledClient c = ControlledClient.start(client, echo, mode)) {
                    for (int payload : new int[] {1000, 10000}) {
                        Done done = c.run(payload, window, calls, 20150430L + payload);
                        String cell = client + ">" + server + " " + transport + " " + mode + " " + payload + " B: ";
                        assertEquals(calls, done.calls(), cell + "calls");
                        assertEquals(0, done.lost(), cell + "lost; " + done.problem());
                        assertEquals(0, done.mismatched(), cell + "mismatched; " + done.problem());
                        assertEquals(0, done.errors(), cell + "errors; " + done.problem());
                        assertNull(done.problem(), cell + "problem");
                    }
                    assertEquals(0, c.quit(), client + " client's exit code; stderr: " + c.stderr());
                }
            }
        }
    }
}
