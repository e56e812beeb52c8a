package org.dbuslab.server;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bad input gets one clear line on stderr, a non-zero exit and no stack trace. */
class ServerMainBadInputTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "''|2",
        "--bogus|2",
        "--bus unix:path=/x --listen unix:path=/y|2",
        "--listen ftp:host=x|2",
        "--listen tcp:host=127.0.0.1,port=70000|2",
        "--bus unix:path=/nonexistent/dbus-lab-bus|1",
        "--listen unix:path=/nonexistent-dir/echo.sock|1",
        "--bus tcp:host=127.0.0.1,port=99999|2",
        "--bus unix:path=/x;tcp:host=127.0.0.1,port=0|2",
        "--listen unix:path=/x --handshake-timeout 0|2",
        "--listen unix:path=/x --max-message-bytes 0|2",
        "--listen unix:path=/x --max-connections 0|2",
        "--listen unix:path=/x --max-incoming-bytes -1|2",
        "--bus unix:path=/x --connect-timeout 0|2"
    })
    void oneLineAndNonZeroExit(String args, int expectedCode) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String[] argv = args.isEmpty() ? new String[0] : args.split(" ");
        int code = ServerMain.run(argv, new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true));
        String stderr = err.toString(StandardCharsets.UTF_8);
        assertEquals(expectedCode, code, stderr);
        assertEquals(1, stderr.strip().split("\n").length, stderr);
        assertTrue(stderr.startsWith("dbus-lab-server: error: "), stderr);
        assertFalse(stderr.contains("\tat "), stderr);
    }

    @Test
    void aBindErrorNamesTheAddress() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        ServerMain.run(new String[] {"--listen", "unix:path=/nonexistent-dir/echo.sock"},
            new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("cannot bind unix:path=/nonexistent-dir/echo.sock"),
            err.toString(StandardCharsets.UTF_8));
    }
}
