package org.dbuslab.client;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bad input gets one clear line on stderr, exit code 2, and no stack trace. */
class ClientMainBadInputTest {

    @ParameterizedTest
    @ValueSource(strings = {
        "--address unix:path=/nonexistent --bogus",
        "--address",
        "--address not-an-address",
        "--address unix:path=/nonexistent/dbus-lab.sock",
        "--address tcp:host=127.0.0.1,port=1",
        "--address unix:path=/x --payload -1",
        "--address unix:path=/x --payload 67108865",
        "--address unix:path=/x --payload lots",
        "--address unix:path=/x --window 0",
        "--address unix:path=/x --calls 0",
        "--address unix:path=/x --runs 0",
        "--address unix:path=/x --warmup-runs -1",
        "--address unix:path=/x --warmup-max-seconds -1",
        "--address unix:path=/x --warmup-max-seconds NaN",
        "--address unix:path=/x --warmup-max-seconds 1e9",
        "--address unix:path=/x --mode turbo",
        "--address unix:path=/x --transport a,b",
        "--address garbage:zzz"
    })
    void oneLineOnStderrAndExitTwo(String args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = ClientMain.run(args.split(" "), new PrintStream(out, true), new PrintStream(err, true));
        String stderr = err.toString(StandardCharsets.UTF_8);
        assertEquals(2, code, stderr);
        String[] lines = stderr.strip().split("\n");
        assertEquals(1, lines.length, "exactly one line: " + stderr);
        assertTrue(lines[0].startsWith("dbus-lab-client: error: "), stderr);
        assertFalse(stderr.contains("\tat "), "no stack trace: " + stderr);
    }
}
