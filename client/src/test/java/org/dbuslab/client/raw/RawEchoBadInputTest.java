package org.dbuslab.client.raw;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bad input: one line on stderr, exit 2 (client) or 1/2 (server), never a stack trace. */
class RawEchoBadInputTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {
        "--address",
        "--bogus",
        "--address not-an-address",
        "--address garbage:zzz",
        "--address unix:nopath=1",
        "--address tcp:host=127.0.0.1",
        "--address tcp:host=127.0.0.1,port=99999",
        "--address unix:path=/nonexistent/raw.sock",
        "--address tcp:host=127.0.0.1,port=1",
        "--address unix:path=/x --payload -1",
        "--address unix:path=/x --payload 67108865",
        "--address unix:path=/x --window 0",
        "--address unix:path=/x --calls 0",
        "--address unix:path=/x --runs 0",
        "--address unix:path=/x --warmup-runs -1",
        "--address unix:path=/x --mode turbo",
        "--address unix:path=/x --transport a,b"
    })
    void clientSaysOneLineAndExitsTwo(String args) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = RawEchoClient.run(args.split(" "), new PrintStream(new ByteArrayOutputStream(), true),
            new PrintStream(err, true));
        String stderr = err.toString(StandardCharsets.UTF_8);
        assertEquals(2, code, stderr);
        assertEquals(1, stderr.strip().split("\n").length, "exactly one line: " + stderr);
        assertTrue(stderr.startsWith("raw-echo-client: error: "), stderr);
        assertFalse(stderr.contains("\tat "), stderr);
    }

    @Test
    void serverRejectsBadUsageWithTwoAndAnUnbindableAddressWithOne() throws Exception {
        assertEquals(2, server("--listen", "bogus"));
        assertEquals(2, server());
        Path taken = dir.resolve("taken.sock");
        Files.createFile(taken);
        assertEquals(1, server("--listen", "unix:path=" + taken));
        assertEquals(1, server("--listen", "unix:path=/nonexistent/dir/raw.sock"));
    }

    private static int server(String... args) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = RawEchoServer.run(args, new PrintStream(new ByteArrayOutputStream(), true), new PrintStream(err, true));
        String stderr = err.toString(StandardCharsets.UTF_8);
        assertEquals(1, stderr.strip().split("\n").length, "exactly one line: " + stderr);
        assertTrue(stderr.startsWith("raw-echo-server: error: "), stderr);
        return code;
    }

    @Test
    void addressesParseAndPrintBack() {
        assertEquals("unix:path=/tmp/a%20b.sock", RawAddress.parse("unix:path=/tmp/a%20b.sock").toString());
        assertEquals(Path.of("/tmp/a b.sock"), RawAddress.parse("unix:path=/tmp/a%20b.sock").path());
        assertEquals("tcp:host=127.0.0.1,port=4242", RawAddress.parse("tcp:host=127.0.0.1,port=4242").toString());
        assertEquals("raw-tcp", RawAddress.parse("tcp:host=127.0.0.1,port=0").defaultTransport());
        assertEquals("raw-unix", RawAddress.parse("unix:path=/x,guid=abc").defaultTransport());
        assertThrows(IllegalArgumentException.class, () -> RawAddress.parse("unix:path=/x%2"));
        assertThrows(IllegalArgumentException.class, () -> RawAddress.parse("unix:path=/x,path=/y"));
    }
}
