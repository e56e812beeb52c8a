package org.dbuslab.server.peer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ListenAddressTest {

    @ParameterizedTest
    @ValueSource(strings = {"", "unix", "unix:", "unix:abstract=x", "tcp:host=127.0.0.1", "tcp:port=1",
        "tcp:host=127.0.0.1,port=99999", "tcp:host=127.0.0.1,port=x", "launchd:env=X", "unix:path"})
    void malformedAddressesAreRejectedWithAReason(String address) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ListenAddress.parse(address));
        assertFalse(e.getMessage().isBlank());
    }

    @Test
    void tcpPortZeroReportsTheRealPort() throws Exception {
        ListenAddress address = ListenAddress.parse("tcp:host=127.0.0.1,port=0");
        try (ServerSocketChannel bound = address.bind()) {
            String connect = address.connectAddress(bound);
            assertTrue(connect.startsWith("tcp:host=127.0.0.1,port="), connect);
            assertNotEquals("tcp:host=127.0.0.1,port=0", connect);
        }
    }

    @Test
    void staleUnixSocketFileIsReplacedAndRemovedOnCleanUp(@TempDir Path dir) throws Exception {
        Path socket = dir.resolve("echo.sock");
        ListenAddress address = ListenAddress.parse("unix:path=" + socket);
        address.bind().close(); // leaves the socket file behind, as a killed server would
        assertTrue(Files.exists(socket));
        try (ServerSocketChannel bound = address.bind()) {
            assertEquals("unix:path=" + socket, address.connectAddress(bound));
        }
        address.cleanUp();
        assertFalse(Files.exists(socket));
    }
}
