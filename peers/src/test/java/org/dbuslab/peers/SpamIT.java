package org.dbuslab.peers;

import org.dbuslab.testkit.LineProcess;
import org.dbuslab.testkit.PrivateBus;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * libdbus's {@code dbus-test-tool spam} against the C servers (the pairs libdbus>glib and libdbus>sd-bus): both
 * servers on ONE private bus under their default names, each answering every spam call (string, bytes, empty
 * payload) with an empty reply, as the lab's Java server does, and still the standard error for another member.
 */
class SpamIT {

    private static final int CALLS = 500;
    /** spam exits 0 even when every reply is an error; it prints this line per failed call instead. */
    private static final String SPAM_FAILURE = "Failed to receive reply";

    @ParameterizedTest
    @ValueSource(strings = {"dbus-daemon", "dbus-broker"})
    void everySpamCallIsAnsweredByBothServersOnOneBus(String busKind) throws Exception {
        List<String> glib = Library.GLIB.serverCommand();
        List<String> sdbus = Library.SDBUS.serverCommand();
        try (PrivateBus bus = PrivateBus.start(busKind);
             LineProcess glibServer = serve(glib, bus);
             LineProcess sdbusServer = serve(sdbus, bus)) {
            for (Library library : List.of(Library.GLIB, Library.SDBUS)) {
                for (String payload : List.of("--string", "--bytes", "--empty")) {
                    ForeignRun.Result r = spam(bus, library.busName, payload);
                    String what = library + " server, spam " + payload + ": ";
                    assertEquals(0, r.exitCode(), what + r.stdout() + r.stderr());
                    assertFalse((r.stdout() + r.stderr()).contains(SPAM_FAILURE), what + r.stdout() + r.stderr());
                }
                List<String> reply = send(bus, library.busName, "com.example.Spam", "string:hello").lines().toList();
                assertEquals(1, reply.size(), "an empty reply: only dbus-send's header line; got " + reply);
                assertTrue(reply.get(0).startsWith("method return"), reply.get(0));
                assertTrue(send(bus, library.busName, "com.example.Nope")
                    .contains("org.freedesktop.DBus.Error.UnknownMethod"), library + " on another member");
            }
            ForeignRun.Result nobody = spam(bus, "org.dbuslab.Nobody", "--string");
            assertTrue(nobody.stderr().contains(SPAM_FAILURE), "the check can fail: " + nobody.stderr());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"GLIB", "SDBUS"})
    void nameOwnsAnotherName(Library library) throws Exception {
        String name = "org.dbuslab.Echo.Other";
        try (PrivateBus bus = PrivateBus.start("dbus-daemon");
             LineProcess server = serve(library.serverCommand(), bus, "--name", name)) {
            ForeignRun.Result r = spam(bus, name, "--bytes");
            assertEquals(0, r.exitCode(), r.stdout() + r.stderr());
            assertFalse(r.stderr().contains(SPAM_FAILURE), r.stderr());
            assertTrue(spam(bus, library.busName, "--bytes").stderr().contains(SPAM_FAILURE),
                "the default name is not owned as well");
        }
    }

    private static LineProcess serve(List<String> command, PrivateBus bus, String... extra) throws Exception {
        command.addAll(List.of("--bus", bus.address()));
        command.addAll(List.of(extra));
        LineProcess server = LineProcess.start(command);
        String ready = server.nextLine(Duration.ofSeconds(30));
        assertTrue(ready.startsWith("ready "), command.get(0) + " said '" + ready + "'; " + server.stderr());
        return server;
    }

    private static ForeignRun.Result spam(PrivateBus bus, String dest, String payload) throws Exception {
        // dbus-test-tool has no --address: it finds the bus through the session bus variable
        return ForeignRun.run(List.of("dbus-test-tool", "spam", "--dest=" + dest, "--count=" + CALLS, "--queue=8",
            payload), Map.of("DBUS_SESSION_BUS_ADDRESS", bus.address()), 60);
    }

    private static String send(PrivateBus bus, String dest, String method, String... arguments) throws Exception {
        List<String> command = new ArrayList<>(List.of("dbus-send", "--bus=" + bus.address(), "--print-reply",
            "--reply-timeout=10000", "--dest=" + dest, "/", method));
        command.addAll(List.of(arguments));
        ForeignRun.Result r = ForeignRun.run(command);
        return r.stdout() + r.stderr();
    }
}
