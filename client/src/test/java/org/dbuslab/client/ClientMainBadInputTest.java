package org.dbuslab.client;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
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
        "--address garbage:zzz",
        "--address unix:path=/x --payload 0",
        "--address unix:path=/x --payload 7",
        "--address unix:path=/x --window 99999999999",
        "--address unix:path=/x --window 2000000",
        "--address tcp:host=127.0.0.1,port=99999",
        "--address tcp:host=127.0.0.1,port=0"
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

    /** The line says what is wrong: the range, the minimum and why, the port. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--address unix:path=/x --window 99999999999 | '99999999999' is out of range",
        "--address unix:path=/x --window 2000000 | --window must be between 1 and 1048576",
        "--address unix:path=/x --payload 0 | --payload must be at least 8 bytes, to carry the call's sequence number",
        "--address tcp:host=127.0.0.1,port=99999 | port out of range: 99999",
        "--address tcp:host=127.0.0.1,port=0 | port must be between 1 and 65535"
    })
    void theLineSaysWhatIsWrong(String args, String expected) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = ClientMain.run(args.split(" "), new PrintStream(new ByteArrayOutputStream(), true),
            new PrintStream(err, true));
        String stderr = err.toString(StandardCharsets.UTF_8);
        assertEquals(2, code, stderr);
        assertTrue(stderr.contains(expected), stderr);
        assertFalse(stderr.contains("not an int"), stderr);
    }
}
