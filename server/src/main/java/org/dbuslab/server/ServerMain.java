package org.dbuslab.server;

import org.dbuslab.api.EchoContract;
import org.dbuslab.server.peer.PeerEchoServer;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintStream;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/** Command line of the echo server: on a bus or peer-to-peer, up until killed. */
@Command(name = "dbus-lab-server", mixinStandardHelpOptions = true, version = "dbus-lab-server 0.1.0",
    sortOptions = false,
    description = {
        "Serves the lab's echo object: bus name " + EchoContract.BUS_NAME + ", object " + EchoContract.OBJECT_PATH
            + ", interface " + EchoContract.INTERFACE + ", method Echo(ay) -> ay returning exactly the bytes received.",
        "Standard org.freedesktop.DBus.Introspectable and Peer work on the object.",
        "When ready it prints one line on stdout: 'ready <address>' (the bus address, or the real listening address",
        "with the kernel-chosen port for port=0), then serves until SIGTERM or Ctrl-C. Diagnostics go to stderr."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:stopped by a signal", "1:could not connect, bind or claim the name", "2:bad usage"})
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

    private final PrintStream out;
    private final PrintStream err;
    private final CountDownLatch stop = new CountDownLatch(1);

    ServerMain(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Parses {@code args} and serves; returns the exit code. */
    static int run(String[] args, PrintStream out, PrintStream err) {
        CommandLine cli = new CommandLine(new ServerMain(out, err));
        cli.setParameterExceptionHandler((e, a) -> {
            err.println("dbus-lab-server: error: " + e.getMessage() + " (see --help)");
            return 2;
        });
        cli.setExecutionExceptionHandler((e, c, p) -> {
            err.println("dbus-lab-server: error: " + oneLine(e));
            return 1;
        });
        return cli.execute(args);
    }

    @Override
    public Integer call() throws Exception {
        EchoServer server;
        try {
            server = where.bus != null
                ? BusEchoServer.start(where.bus, new EchoService())
                : PeerEchoServer.start(where.listen, new EchoService(), line -> err.println("dbus-lab-server: " + line));
        } catch (IllegalArgumentException e) {
            err.println("dbus-lab-server: error: " + e.getMessage());
            return 2;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stop.countDown();
        }, "dbus-lab-server-shutdown"));
        out.println("ready " + server.address());
        out.flush();
        stop.await();
        return 0;
    }

    static String oneLine(Throwable e) {
        Throwable root = e;
        StringBuilder text = new StringBuilder(String.valueOf(e.getMessage()));
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
            if (root.getMessage() != null && !text.toString().contains(root.getMessage())) {
                text.append(": ").append(root.getMessage());
            }
        }
        return text.toString().replace('\n', ' ');
    }
}
