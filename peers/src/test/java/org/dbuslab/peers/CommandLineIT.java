package org.dbuslab.peers;

import org.dbuslab.format.ControlProtocol;
import org.dbuslab.format.ControlProtocol.CommandError;
import org.dbuslab.format.ControlProtocol.Done;
import org.dbuslab.peers.EchoServerOn.Transport;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The C programs' interface: without --control one done line per run (warm-up runs first) and exit 0 only when
 * every call was exact; bad input is one line on stderr and exit 2; a malformed control command is answered with
 * 'error' and the client goes on; the servers give the standard D-Bus errors.
 */
class CommandLineIT {

    @ParameterizedTest
    @EnumSource(value = Library.class, names = {"GLIB", "SDBUS"})
    void runsPrintOneDoneLinePerRun(Library library) throws Exception {
        try (EchoServerOn echo = EchoServerOn.start(library, Transport.P2P_UNIX)) {
            List<String> command = client(library, echo, "--mode", "async", "--window", "8", "--payload", "100",
                "--calls", "50", "--runs", "2", "--warmup-runs", "1");
            ForeignRun.Result clean = ForeignRun.run(command);
            assertEquals(0, clean.exitCode(), clean.stderr());
            List<String> lines = clean.stdout().lines().toList();
            assertEquals(3, lines.size(), clean.stdout());
            List<String> tags = new ArrayList<>();
            for (String line : lines) {
                Done done = assertInstanceOf(Done.class, ControlProtocol.parseReply(line));
                assertEquals(50, done.calls());
                assertEquals(0, done.lost() + done.mismatched() + done.errors());
                assertNull(done.problem());
                tags.add(done.tag());
            }
            assertEquals(List.of("warmup-1", "measure-1", "measure-2"), tags);
        }
        try (EchoServerOn corrupt = EchoServerOn.start(library, Transport.P2P_UNIX, "--corrupt-every", "5")) {
            ForeignRun.Result r = ForeignRun.run(client(library, corrupt, "--calls", "10", "--runs", "1",
                "--warmup-runs", "0"));
            assertEquals(1, r.exitCode(), "a mismatched reply makes the exit code 1");
            assertEquals(2, ((Done) ControlProtocol.parseReply(r.stdout().trim())).mismatched());
        }
    }

    @ParameterizedTest
    @EnumSource(value = Library.class, names = {"GLIB", "SDBUS"})
    void badInputIsOneLineAndExitTwo(Library library) throws Exception {
        List<List<String>> bad = List.of(
            List.of("--address", "unix:path=/nonexistent/x", "--mode", "fast"),
            List.of("--address", "unix:path=/nonexistent/x", "--window", "0"),
            List.of("--address", "unix:path=/nonexistent/x", "--payload", "-1"),
            List.of("--address", "unix:path=/nonexistent/x", "--calls", "12x"),
            List.of("--address", "nonsense"),
            List.of("--mode", "sync"),
            List.of("--address", "unix:path=/nonexistent/x", "--peer", "--calls", "1"),
            List.of("--address", "unix:path=/nonexistent/x", "--bogus"));
        for (List<String> arguments : bad) {
            List<String> command = new ArrayList<>(library.clientCommand());
            command.addAll(arguments);
            ForeignRun.Result r = ForeignRun.run(command);
            assertEquals(2, r.exitCode(), arguments + ": " + r.stderr());
            assertEquals(1, r.stderr().lines().count(), arguments + ": " + r.stderr());
            assertEquals("", r.stdout(), arguments.toString());
        }
        for (List<String> arguments : List.of(List.<String>of(), List.of("--bus", "x:y", "--listen", "unix:path=/x"),
            List.of("--listen", "unix:path=/x", "--corrupt-every", "-1"), List.of("--bus"))) {
            List<String> command = new ArrayList<>(library.serverCommand());
            command.addAll(arguments);
            ForeignRun.Result r = ForeignRun.run(command);
            assertEquals(2, r.exitCode(), "server " + arguments + ": " + r.stderr());
            assertEquals(1, r.stderr().lines().count(), "server " + arguments + ": " + r.stderr());
        }
    }

    @ParameterizedTest
    @EnumSource(value = Library.class, names = {"GLIB", "SDBUS"})
    void aMalformedCommandIsAnErrorAndTheClientGoesOn(Library library) throws Exception {
        try (EchoServerOn echo = EchoServerOn.start(library, Transport.P2P_UNIX);
             ControlledClient c = ControlledClient.start(library, echo, "sync")) {
            for (String line : List.of("bogus", "run measure t 10 1 1", "run  measure t 10 1 1 1",
                "run later t 10 1 1 1", "run measure t! 10 1 1 1", "run measure t 010 1 1 1",
                "run measure t 10 2 1 1", "run measure t 10 1 0 1", "run measure t 999999999999 1 1 1",
                "x".repeat(10000))) {
                assertInstanceOf(CommandError.class, c.sendRaw(line), line);
            }
            Done done = c.run(10, 1, 3, -5);
            assertEquals(3, done.calls());
            assertEquals(0, done.lost() + done.mismatched() + done.errors());
            assertEquals(0, c.quit());
        }
    }

    @ParameterizedTest
    @EnumSource(value = Library.class, names = {"GLIB", "SDBUS"})
    void theServerAnswersTheStandardErrors(Library library) throws Exception {
        try (EchoServerOn echo = EchoServerOn.start(library, Transport.P2P_UNIX)) {
            String peer = "--peer=" + echo.clientOptions().get(1);
            assertTrue(send(peer, "org.dbuslab.Echo1.Echo", "array:byte:1,2,3").contains("01 02 03"));
            assertTrue(send(peer, "org.dbuslab.Echo1.Nope").contains("org.freedesktop.DBus.Error.UnknownMethod"));
            assertTrue(send(peer, "org.example.Other.Echo").contains("org.freedesktop.DBus.Error.UnknownMethod"));
            assertTrue(send(peer, "org.dbuslab.Echo1.Echo", "string:x").contains("org.freedesktop.DBus.Error.InvalidArgs"));
            assertTrue(send(peer, "org.freedesktop.DBus.Peer.Ping").contains("method return"));
            assertTrue(send(peer, "org.freedesktop.DBus.Introspectable.Introspect").contains("org.dbuslab.Echo1"));
        }
    }

    private static String send(String peer, String method, String... arguments) throws Exception {
        List<String> command = new ArrayList<>(List.of("dbus-send", peer, "--print-reply", "--reply-timeout=10000",
            "/org/dbuslab/Echo", method));
        command.addAll(List.of(arguments));
        ForeignRun.Result r = ForeignRun.run(command);
        return r.stdout() + r.stderr();
    }

    private static List<String> client(Library library, EchoServerOn echo, String... options) {
        List<String> command = new ArrayList<>(library.clientCommand());
        command.addAll(echo.clientOptions());
        command.addAll(List.of(options));
        return command;
    }
}
