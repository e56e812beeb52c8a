package org.dbuslab.stock;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bad options and unreachable servers: one line on stderr, exit 2, no stack trace. */
class StockClientBadInputTest {

    @TempDir
    Path tmp;

    @Test
    void badOptionsAreOneLineAndExitTwo() {
        String[][] cases = {
            {},
            {"--address", "unix:path=/x", "--mode", "fast"},
            {"--address", "unix:path=/x", "--window", "0"},
            {"--address", "unix:path=/x", "--payload", "4"},
            {"--address", "unix:path=/x", "--reply-timeout", "0"},
            {"--address", "unix:path=/x", "--window", "99999999999"},
            {"--address", "tcp:host=127.0.0.1,port=1"},
            {"--address", "unix:path=/x", "--control", "--csv", "x.csv"},
            {"--address", "unix:path=/x", "--bogus"},
        };
        for (String[] args : cases) {
            assertOneLineError(args, 2);
        }
    }

    @Test
    void anAddressWithNoServerIsOneLineAndExitTwo() {
        String text = assertOneLineError(new String[] {"--address", "unix:path=" + tmp.resolve("nobody.sock"),
            "--peer", "--connect-timeout", "5000"}, 2);
        assertTrue(text.contains("cannot connect"), text);
    }

    private static String assertOneLineError(String[] args, int expectedExit) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = StockClientMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
        String text = err.toString(StandardCharsets.UTF_8).strip();
        String what = String.join(" ", args) + " -> " + text;
        assertEquals(expectedExit, exit, what);
        assertEquals(1, text.lines().count(), what);
        assertTrue(text.startsWith("dbus-lab-stock-client: error: "), what);
        assertFalse(text.contains("\tat "), what);
        return text;
    }
}
