package org.dbuslab.scale;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bad input: one clear line on stderr, exit 2, no stack trace, nothing on stdout. */
class ScaleMainBadInputTest {

    @ParameterizedTest
    @ValueSource(strings = {
        "",
        "nosuchtool",
        "relay --target 127.0.0.1:1",
        "relay --target nohost --delay-ms 1",
        "relay --target tcp:host=127.0.0.1 --delay-ms 1",
        "relay --target 127.0.0.1:1 --delay-ms -1",
        "relay --target 127.0.0.1:1 --delay-ms NaN",
        "relay --target 127.0.0.1:1 --delay-ms 1 --budget-bytes 10",
        "clients --address unix:path=/x --clients 0",
        "clients --address unix:path=/x --clients 1,x",
        "clients --address unix:path=/x --mode fast",
        "clients --address unix:path=/x --window 0",
        "clients --address unix:path=/x --payload -1",
        "clients --address unix:path=/x --duration-ms 0",
        "signals --address unix:path=/x --subscribers 0",
        "signals --address unix:path=/x --match-rules -1",
        "signals --address unix:path=/x --rules-per-connection 5000",
        "signals --address unix:path=/x --signals 0",
        "signals --address unix:path=/x --window 0",
        "signals --address unix:path=/x --connect-timeout 0",
        "clients --address unix:path=/x --connect-timeout 0",
        "subscribe --address unix:path=/x --signals 0",
        "subscribe --address unix:path=/x --pad -1",
        "subscribe --address unix:path=/x --timeout 10",
        "subscribe --address unix:path=/nonexistent/bus",
    })
    void isOneLineAndExitTwo(String line) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String[] args = line.isEmpty() ? new String[0] : line.split(" ");
        int exit = ScaleMain.run(args, new PrintStream(out, true), new PrintStream(err, true));
        String text = err.toString(StandardCharsets.UTF_8).strip();
        assertEquals(2, exit, line + ": " + text);
        assertTrue(text.startsWith("dbus-lab-scale: error: ") && !text.contains("\n"), line + ": " + text);
        assertEquals("", out.toString(StandardCharsets.UTF_8), line);
    }
}
