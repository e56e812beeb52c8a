package org.dbuslab.server;

import org.dbuslab.api.EchoContract;
import org.dbuslab.labio.IncomingMemory;
import org.dbuslab.cli.AllocationProbe;
import org.dbuslab.cli.LabCli;
import org.dbuslab.cli.OneLine;
import org.dbuslab.server.peer.PeerEchoServer;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;

/** Command line of the echo server: on a bus or peer-to-peer, up until killed. */
@Command(name = "dbus-lab-server", mixinStandardHelpOptions = true, version = "dbus-lab-server 0.1.0",
    sortOptions = false,
    description = {
        "Serves the lab's echo object: bus name " + EchoContract.BUS_NAME + ", object " + EchoContract.OBJECT_PATH
            + ", interface " + EchoContract.INTERFACE + ", method Echo(ay) -> ay returning exactly the bytes received.",
        "Standard org.freedesktop.DBus.Introspectable and Peer work on the object; any other call gets the error "
            + "dbus-daemon gives: org.freedesktop.DBus.Error.UnknownInterface, UnknownMethod, InvalidArgs or UnknownObject.",
        "When ready it prints one line on stdout: 'ready <address>' (the bus address, or the real listening address "
            + "with the kernel-chosen port for port=0), then serves until SIGTERM or Ctrl-C, or until it loses its bus.",
        "Diagnostics go to stderr, one line per event: a peer that sends what is not D-Bus, breaks a limit below or "
            + "stays silent through the handshake is closed with one line, and the server goes on serving the others."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:stopped by a signal", "1:could not connect, bind or claim the name, or lost the bus",
        "2:bad usage"})
public final class ServerMain implements Callable<Integer> {

    @ArgGroup(exclusive = true, multiplicity = "1")
    private Where where;

    static final class Where {
        @Option(names = "--bus", paramLabel = "ADDRESS",
            description = "Connect to the message bus at ADDRESS (e.g. unix:path=/tmp/x/bus) and claim the name.")
        String bus;

        @Option(names = "--listen", paramLabel = "ADDRESS",
            description = "Serve peer-to-peer on unix:path=FILE or tcp:host=127.0.0.1,port=N (0 = any free port); "
                + "accepts many clients, one after another and at once.")
        String listen;
    }

    @Option(names = "--max-message-bytes", paramLabel = "BYTES",
        description = "Largest message one connection may send; its read buffer never grows beyond it. A larger "
            + "claim closes that connection (default: ${DEFAULT-VALUE}, the D-Bus limit). This limit and the next are "
            + "the lab's reader's: -Ddbuslab.io=dbus-java, for comparisons, reads with dbus-java's, which has none.")
    long maxMessageBytes = IncomingMemory.DEFAULT_MAX_MESSAGE_BYTES;

    @Option(names = "--max-incoming-bytes", paramLabel = "BYTES",
        description = "Memory all connections' read buffers may hold together beyond their first 64 KiB each; the "
            + "connection whose message would go over it is closed (default: ${DEFAULT-VALUE}).")
    long maxIncomingBytes = IncomingMemory.DEFAULT_MAX_INCOMING_BYTES;

    @Option(names = "--handshake-timeout", paramLabel = "MS",
        description = "With --listen: a peer that has not finished the SASL handshake this long after connecting "
            + "is closed (default: ${DEFAULT-VALUE}).")
    int handshakeTimeoutMs = PeerEchoServer.Limits.DEFAULT_HANDSHAKE_TIMEOUT_MS;

    @Option(names = "--max-connections", paramLabel = "N",
        description = "With --listen: at most N peers at once, those in their handshake included; one more is "
            + "closed at once (default: ${DEFAULT-VALUE}).")
    int maxConnections = PeerEchoServer.Limits.DEFAULT_MAX_CONNECTIONS;

    @Option(names = "--connect-timeout", paramLabel = "MS",
        description = "With --bus: connecting, the SASL handshake and claiming the name must finish within this, "
            + "counted from the socket's opening (default: ${DEFAULT-VALUE}).")
    int connectTimeoutMs = BusEchoServer.DEFAULT_CONNECT_TIMEOUT_MS;

    @Option(names = "--alloc-socket", paramLabel = "FILE",
        description = "Also listen on the Unix socket FILE (which must not exist) as the lab's allocation probe, not "
            + "part of the echo contract: each connection gets one line, the bytes the server's threads have allocated "
            + "so far, and is closed. The session runner reads it before and after each run.")
    Path allocSocket;

    private final PrintStream out;
    private final PrintStream err;
    /** The exit code once serving ends: 0 for a signal, 1 for a lost bus. */
    private final CompletableFuture<Integer> end = new CompletableFuture<>();

    ServerMain(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        DbusJavaLogs.leavePeerFaultsToTheServer();
        UncaughtExceptions.reportOnOneLine(System.err);
        LabCli.exit(run(args, System.out, System.err));
    }

    /** Parses {@code args} and serves; returns the exit code. */
    static int run(String[] args, PrintStream out, PrintStream err) {
        return LabCli.execute(new CommandLine(new ServerMain(out, err)), "dbus-lab-server",
            e -> new LabCli.Failure(OneLine.withCauses(e), LabCli.FAILURE), args, new PrintWriter(out, true),
            new PrintWriter(err, true));
    }

    @Override
    public Integer call() throws Exception {
        EchoServer server;
        AllocationProbe probe = allocSocket != null ? AllocationProbe.serve(allocSocket) : null;
        try {
            IncomingMemory.limit(maxMessageBytes, maxIncomingBytes);
            server = where.bus != null
                ? BusEchoServer.start(where.bus, new EchoService(), connectTimeoutMs, this::lostBus)
                : PeerEchoServer.start(where.listen, new EchoService(), line -> err.println("dbus-lab-server: " + line),
                    new PeerEchoServer.Limits(handshakeTimeoutMs, maxConnections));
        } catch (IllegalArgumentException e) {
            return LabCli.fail(err, "dbus-lab-server", e.getMessage(), LabCli.USAGE);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            if (probe != null) {
                probe.close();
            }
            end.complete(LabCli.OK);
        }, "dbus-lab-server-shutdown"));
        out.println("ready " + server.address());
        out.flush();
        return end.get();
    }

    private void lostBus(String reason) {
        if (end.complete(LabCli.FAILURE)) {
            err.println("dbus-lab-server: error: lost the bus connection: " + reason);
        }
    }
}
