package org.dbuslab.stock;

import org.dbuslab.api.EchoContract;
import org.dbuslab.cli.LabCli;
import org.dbuslab.client.ClientMain;
import org.dbuslab.client.RunOptions;
import org.dbuslab.client.callpath.UnreachableException;
import org.dbuslab.client.control.EchoRunClient;
import org.dbuslab.client.run.EchoRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintStream;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * Command line of the stock echo client: dbus-java as shipped (the interface proxy from getRemoteObject, default
 * connection settings, none of the lab's I/O), measured and verified exactly as the lab's client measures: the same
 * runs, payloads, verification, control channel and latency log (the client module's code).
 */
@Command(name = "dbus-lab-stock-client", mixinStandardHelpOptions = true, version = "dbus-lab-stock-client 0.1.0",
    sortOptions = false, usageHelpWidth = 110,
    description = {
        "Calls " + EchoContract.INTERFACE + ".Echo(ay) on " + EchoContract.OBJECT_PATH + " with dbus-java as shipped",
        "and verifies every reply byte for byte (each call's payload carries its own sequence number).",
        "sync: the interface proxy, one call at a time; async: DBusConnection.callMethodAsync (DBusAsyncReply) with at",
        "most --window replies pending. A call with no reply within --reply-timeout is lost.",
        "One summary line per run goes to stderr; with --csv one row per run; with --control the lab's control channel."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
        "0:every call of every run got its exact echo",
        "1:some call was lost, mismatched or failed",
        "2:bad usage, or the address or echo server could not be reached (or not within --connect-timeout)"})
public final class StockClientMain extends RunOptions implements Callable<Integer> {

    static final String PROG = "dbus-lab-stock-client";

    @Option(names = "--address", required = true, paramLabel = "ADDRESS",
        description = "D-Bus address of the bus, or of the server itself with --peer (unix:path=FILE).")
    String address;

    @Option(names = "--peer", description = "Direct peer-to-peer connection: no bus, no destination name.")
    boolean peer;

    @Option(names = "--dest", paramLabel = "NAME", defaultValue = StockServerMain.DEFAULT_NAME,
        description = "Bus name of the echo server (default: ${DEFAULT-VALUE}); ignored with --peer.")
    String dest;

    @Option(names = "--transport", paramLabel = "NAME",
        description = "Transport label of the summary lines and CSV rows (default: p2p-unix with --peer, else bus).")
    String transport;

    @Option(names = "--reply-timeout", paramLabel = "MS", defaultValue = "10000",
        description = "A call whose reply has not come MS milliseconds after it was sent counts as lost "
            + "(default: ${DEFAULT-VALUE}).")
    long replyTimeoutMs;

    private final PrintStream err;

    StockClientMain(PrintStream err) {
        this.err = err;
    }

    public static void main(String[] args) {
        quietDbusJava(PROG);
        LabCli.exit(run(args, System.out, System.err));
    }

    /** Parses {@code args}, runs, and returns the exit code; nothing here calls System.exit. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return LabCli.execute(new StockClientMain(err), PROG, LabCli.USAGE, args, out, err);
    }

    @Override
    public Integer call() throws Exception {
        validateRunOptions();
        checkReplyTimeout(replyTimeoutMs);
        if (!address.startsWith("unix:")) {
            throw bad("--address must be a unix socket address (unix:path=FILE or unix:abstract=NAME), was '"
                + address + "'");
        }
        checkTransportLabel(transport);
        PrintStream replies = claimStdoutIfControl();
        StockCallPath path;
        try {
            path = StockConnector.connect(address, peer, dest, connectTimeoutMs, replyTimeoutMs, "sync".equals(mode));
        } catch (UnreachableException e) {
            return LabCli.fail(err, PROG, e.getMessage(), LabCli.USAGE);
        }
        long replyTimeoutNanos = TimeUnit.MILLISECONDS.toNanos(replyTimeoutMs);
        try {
            if (control) {
                return serveControl(new EchoRunClient(path, replyTimeoutNanos, true), PROG, replies, err);
            }
            int effectiveWindow = "sync".equals(mode) ? 1 : window;
            EchoRun echoRun = new EchoRun(path, effectiveWindow, replyTimeoutNanos, true);
            String label = transport != null ? transport : peer ? "p2p-unix" : "bus";
            return runAll(echoRun::run, label, "echo", effectiveWindow, err) ? LabCli.OK : LabCli.FAILURE;
        } finally {
            path.close();
        }
    }

    /** dbus-java's log off unless asked for, as in the lab's client (a lost connection logs its stack trace). */
    static void quietDbusJava(String prog) {
        ClientMain.quietDbusJava(prog);
    }
}
