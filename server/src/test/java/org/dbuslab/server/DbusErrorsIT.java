package org.dbuslab.server;

import org.dbuslab.server.peer.PeerEchoServer;
import org.dbuslab.testkit.ForeignTool;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The server's answers follow D-Bus as dbus-daemon does for its own object, checked with libdbus's dbus-send
 * (a foreign client): Echo only on org.dbuslab.Echo1, standard org.freedesktop.DBus.Error.* names, and the
 * standard interfaces and libdbus's spam call still answered.
 */
class DbusErrorsIT {

    @TempDir
    static Path dir;
    private static PeerEchoServer server;

    @BeforeAll
    static void start() throws Exception {
        server = PeerEchoServer.start("unix:path=" + dir.resolve("echo.sock"), new EchoService(), line -> { });
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "/org/dbuslab/Echo|org.nope.Iface.Echo|array:byte:1,2|org.freedesktop.DBus.Error.UnknownInterface",
        "/org/dbuslab/Echo|org.dbuslab.Echo1.Nope|array:byte:1,2|org.freedesktop.DBus.Error.UnknownMethod",
        "/org/dbuslab/Echo|org.dbuslab.Echo1.Echo|string:x|org.freedesktop.DBus.Error.InvalidArgs",
        "/org/dbuslab/Echo|org.dbuslab.Echo1.Echo||org.freedesktop.DBus.Error.InvalidArgs",
        "/nope|org.dbuslab.Echo1.Echo|array:byte:1|org.freedesktop.DBus.Error.UnknownObject",
        "/|com.example.Nope|array:byte:1|org.freedesktop.DBus.Error.UnknownMethod",
        "/|org.nope.Spam|array:byte:1|org.freedesktop.DBus.Error.UnknownInterface"
    })
    void wrongCallsGetTheStandardError(String path, String method, String argument, String error) throws Exception {
        ForeignTool.Result result = dbusSend(path, method, argument);
        assertTrue(result.stderr().startsWith("Error " + error + ":"), result.stderr());
        assertTrue(!result.stdout().contains("array of bytes"), "answered anyway: " + result.stdout());
    }

    @Test
    void echoOnItsInterfaceIsAnswered() throws Exception {
        ForeignTool.Result result = dbusSend("/org/dbuslab/Echo", "org.dbuslab.Echo1.Echo", "array:byte:7,8,9");
        assertEquals(0, result.exitCode(), result.stderr());
        assertTrue(result.stdout().contains("07 08 09"), result.stdout());
    }

    @Test
    void spamGetsAnEmptyReplyAndTheStandardInterfacesWork() throws Exception {
        ForeignTool.Result spam = dbusSend("/", "com.example.Spam", "array:byte:1,2,3");
        assertEquals(0, spam.exitCode(), spam.stderr());
        assertEquals(1, spam.stdout().strip().lines().count(), spam.stdout()); // "method return ..." and no body
        ForeignTool.Result introspect = dbusSend("/org/dbuslab/Echo", "org.freedesktop.DBus.Introspectable.Introspect", "");
        assertTrue(introspect.stdout().contains("org.dbuslab.Echo1"), introspect.stdout() + introspect.stderr());
        ForeignTool.Result ping = dbusSend("/org/dbuslab/Echo", "org.freedesktop.DBus.Peer.Ping", "");
        assertEquals(0, ping.exitCode(), ping.stderr());
    }

    private static ForeignTool.Result dbusSend(String path, String method, String argument) throws Exception {
        List<String> command = new ArrayList<>(List.of("dbus-send", "--peer=" + server.address(), "--print-reply",
            path, method));
        if (argument != null && !argument.isEmpty()) {
            command.add(argument);
        }
        return ForeignTool.run(command);
    }
}
