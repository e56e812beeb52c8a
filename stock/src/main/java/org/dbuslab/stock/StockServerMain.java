package org.dbuslab.stock;

import org.dbuslab.cli.AllocationProbe;
import org.dbuslab.cli.LabCli;
import org.dbuslab.cli.OneLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/** Command line of the stock echo server: dbus-java as shipped, on a bus or listening peer-to-peer. */
@Command(name = "dbus-lab-stock-server", mixinStandardHelpOptions = true, version = "dbus-lab-stock-server 0.1.0",
    sortOptions = false, usageHelpWidth = 110,
    description = {
        "Exports org.dbuslab.Echo1.Echo(ay) -> ay on /org/dbuslab/Echo with dbus-java as shipped (its normal export,",
        "DBusConnectionBuilder/DirectConnectionBuilder defaults, none of the lab's I/O), on a bus owning --name, or",
        "listening peer-to-peer with dbus-java's listening DirectConnection, which accepts one peer: each peer gets",
        "one of its own, FILE being a symbolic link to the one waiting (stock/README.md). When ready it prints one",
        "line on stdout, 'ready ADDRESS' (the bus address, or the listening address), then serves until SIGTERM or",
        "SIGINT."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
        "0:stopped by SIGTERM or SIGINT",
        "1:cannot connect to the bus, own the name or listen, or lost the bus",
        "2:bad usage"})
public final class StockServerMain implements Callable<Integer> {

    static final String PROG = "dbus-lab-stock-server";
    /** The stock server's bus name (ROUND2: several servers share one bus). */
    public static final String DEFAULT_NAME = "org.dbuslab.Echo.Stock";

    static final class Where {
        @Option(names = "--bus", paramLabel = "ADDRESS", required = true,
            description = "D-Bus address of the bus to serve on (unix:path=FILE).")
        String bus;

        @Option(names = "--listen", paramLabel = "ADDRESS", required = true,
            description = "Listen peer-to-peer on ADDRESS (unix:path=FILE).")
        String listen;
    }

    @ArgGroup(multiplicity = "1")
    Where where;

    @Option(names = "--name", paramLabel = "NAME", defaultValue = DEFAULT_NAME,
        description = "Bus name to own with --bus (default: ${DEFAULT-VALUE}).")
    String name;

    @Option(names = "--corrupt-every", paramLabel = "N", defaultValue = "0",
        description = "For tests only: every Nth Echo reply has its middle byte flipped (0: never; default: ${DEFAULT-VALUE}).")
    long corruptEvery;

    @Option(names = "--alloc-socket", paramLabel = "FILE",
        description = "Also listen on the Unix socket FILE (which must not exist) as the lab's allocation probe: each "
            + "connection gets one line, the bytes the server's threads have allocated so far, and is closed. The "
            + "session runner reads it before and after each run.")
    Path allocSocket;

    private final PrintStream out;
    private final PrintStream err;
    private final CountDownLatch stop = new CountDownLatch(1);
    private volatile int exitCode;

    StockServerMain(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        StockClientMain.quietDbusJava(PROG);
        LabCli.exit(run(args, System.out, System.err));
    }

    /** Parses {@code args}, serves until stopped, and returns the exit code; nothing here calls System.exit. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return LabCli.execute(new StockServerMain(out, err), PROG, LabCli.FAILURE, args, out, err);
    }

    @Override
    public Integer call() throws Exception {
        if (corruptEvery < 0) {
            return LabCli.fail(err, PROG, "--corrupt-every must be 0 or more, was " + corruptEvery + " (see --help)",
                LabCli.USAGE);
        }
        onSignal("TERM");
        onSignal("INT");
        StockEcho echo = new StockEcho(corruptEvery);
        AutoCloseable server;
        AllocationProbe probe;
        try {
            probe = allocSocket != null ? AllocationProbe.serve(allocSocket) : null;
            server = where.bus != null ? StockBusServer.start(where.bus, name, echo, this::lost)
                : StockPeerServer.start(where.listen, echo, this::lost);
        } catch (IllegalArgumentException e) {
            return LabCli.fail(err, PROG, e.getMessage() + " (see --help)", LabCli.USAGE);
        } catch (Exception e) {
            return LabCli.fail(err, PROG, OneLine.withCauses(e), LabCli.FAILURE);
        }
        out.println("ready " + (where.bus != null ? where.bus : where.listen));
        out.flush();
        stop.await();
        try {
            server.close();
        } catch (Exception e) {
            err.println(PROG + ": warning: closing: " + OneLine.withCauses(e));
        }
        if (probe != null) {
            probe.close();
        }
        return exitCode;
    }

    /** SIGTERM and SIGINT end the server with exit 0 (a shutdown hook alone would leave the JVM's 143/130). */
    private void onSignal(String signal) {
        sun.misc.Signal.handle(new sun.misc.Signal(signal), s -> stop.countDown());
    }

    /** The bus or the listening socket is gone: nothing more can be served. */
    private void lost(String why) {
        if (stop.getCount() > 0) {
            err.println(PROG + ": error: " + why);
            exitCode = LabCli.FAILURE;
            stop.countDown();
        }
    }
}
