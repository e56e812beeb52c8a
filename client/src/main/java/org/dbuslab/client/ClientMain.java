package org.dbuslab.client;

import org.dbuslab.api.EchoContract;
import org.dbuslab.cli.LabCli;
import org.dbuslab.client.callpath.CallMethod;
import org.dbuslab.client.callpath.CallPathKind;
import org.dbuslab.client.callpath.DbusJavaConnector;
import org.dbuslab.client.callpath.EchoCallPath;
import org.dbuslab.client.callpath.ReplyReading;
import org.dbuslab.client.callpath.UnreachableException;
import org.dbuslab.client.control.EchoRunClient;
import org.dbuslab.client.raw.RawAddress;
import org.dbuslab.client.run.EchoRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/** Command line of the echo client: runs of verified echo calls, one CSV row and one summary line per run. */
@Command(name = "dbus-lab-client", mixinStandardHelpOptions = true, version = "dbus-lab-client 0.1.0",
    sortOptions = false, usageHelpWidth = 110,
    description = {
        "Calls " + EchoContract.INTERFACE + ".Echo(ay) on " + EchoContract.OBJECT_PATH + " and verifies every reply",
        "byte for byte against what that call sent (each call's payload carries its own sequence number).",
        "A run is --calls calls; --warmup-runs runs come first and are recorded with phase=warmup.",
        "One summary line per run goes to stderr; with --csv one row per run is appended as soon as it ends."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
        "0:every call of every run got its exact echo",
        "1:some call was lost, mismatched or failed (counted in the CSV and the summary)",
        "2:bad usage, or the address or echo server could not be reached (or not within --connect-timeout)"})
public final class ClientMain extends RunOptions implements Callable<Integer> {

    @Option(names = "--address", required = true, paramLabel = "ADDRESS",
        description = "D-Bus address of the bus, or of the server itself with --peer "
            + "(unix:path=FILE, tcp:host=127.0.0.1,port=N).")
    String address;

    @Option(names = "--peer", description = "Direct peer-to-peer connection: no bus, no destination name.")
    boolean peer;

    @Option(names = "--dest", paramLabel = "NAME", defaultValue = EchoContract.BUS_NAME,
        description = "Bus name of the echo server (default: ${DEFAULT-VALUE}); ignored with --peer.")
    String dest;

    @Option(names = "--method", paramLabel = "METHOD", defaultValue = "echo",
        description = "echo: org.dbuslab.Echo1.Echo on /org/dbuslab/Echo, the reply must be the payload; "
            + "spam: com.example.Spam on /, the call libdbus's dbus-test-tool spam makes, the reply must be empty "
            + "(pairs the Java client with dbus-test-tool echo) (default: ${DEFAULT-VALUE}).")
    String method;

    @Option(names = "--transport", paramLabel = "NAME",
        description = "Transport label written to the CSV, e.g. dbus-daemon, dbus-broker, p2p-unix "
            + "(default: p2p-unix or p2p-tcp with --peer, else bus).")
    String transport;

    @Option(names = "--reply-timeout", paramLabel = "MS", defaultValue = "10000",
        description = "A call whose reply has not come MS milliseconds after it was sent counts as lost "
            + "(default: ${DEFAULT-VALUE}). A send that waits MS for the socket (the peer stopped reading) closes the "
            + "connection; so does a lost reply of a synchronous lean call over TCP, whose read cannot time out. A "
            + "connection that is closed, or lost 3 calls in a row while nothing came back for 3 x MS, is given up: "
            + "the calls of the run not answered by then count as lost, no further runs are made, and one line says "
            + "why (exit 1).")
    long replyTimeoutMs;

    @Option(names = "--call-path", paramLabel = "PATH", defaultValue = "${sys:dbuslab.callpath:-lean}",
        description = "How calls travel: lean (the lab marshals each call and reads its reply in place, in the "
            + "receive buffer, where dbus-java would build and parse message objects; -Ddbuslab.codec=dbus-java "
            + "leaves both to dbus-java; the caller writes the call itself; a synchronous caller reads its "
            + "reply off the socket itself, as libdbus does; pipelined calls are sent without blocking while the "
            + "caller waits in poll() and reads every reply itself, libdbus's event loop, except on a direct unix "
            + "socket, where dbus-java's reader thread hands the replies over) or dbus-java (dbus-java's sender "
            + "thread, pending-call table and reply "
            + "dispatch). Both verify every reply the same way. The default comes from the system property "
            + "dbuslab.callpath, else lean (default: ${DEFAULT-VALUE}).")
    String callPath;

    private final PrintStream err;

    ClientMain(PrintStream err) {
        this.err = err;
    }

    public static void main(String[] args) {
        quietDbusJava();
        LabCli.exitWithin(run(args, System.out, System.err));
    }

    /** slf4j-simple's level for dbus-java's loggers; set on the command line it wins. */
    private static final String DBUS_JAVA_LOG_LEVEL = "org.slf4j.simpleLogger.log.org.freedesktop";

    /**
     * dbus-java logs a failed handshake or a lost connection as an ERROR with its stack trace (77 lines for a peer
     * that is not D-Bus), and a thread of its own may die with an uncaught exception after a peer left; the client
     * says what happened in one line of its own: dbus-java's log stays off unless asked for with
     * {@code -Dorg.slf4j.simpleLogger.log.org.freedesktop=warn}, and a thread that dies says so in one line.
     */
    static void quietDbusJava() {
        quietDbusJava("dbus-lab-client");
    }

    /** The same for another program of the lab (the stock client and server), its lines starting with {@code prog}. */
    public static void quietDbusJava(String prog) {
        if (System.getProperty(DBUS_JAVA_LOG_LEVEL) == null) {
            System.setProperty(DBUS_JAVA_LOG_LEVEL, "off");
            // dbus-java's use-after-close race or its NotConnected ends a connection's thread once its peer is
            // gone: the run that lost the peer has said so already (ServerKilledIT saw it as a second line, p2p-tcp
            // async; BusFaultIT, dbus-daemon async)
            Thread.setDefaultUncaughtExceptionHandler((thread, e) -> {
                if (!org.dbuslab.labio.DbusJavaRace.endsAThreadAfterThePeerLeft(e)) {
                    System.err.println(prog + ": warning: thread " + thread.getName() + " ended: " + e);
                }
            });
        }
    }

    /** Parses {@code args}, runs, and returns the exit code; nothing here calls System.exit. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return LabCli.execute(new ClientMain(err), "dbus-lab-client", LabCli.USAGE, args, out, err);
    }

    @Override
    public Integer call() throws Exception {
        validate();
        PrintStream replies = claimStdoutIfControl();
        int effectiveWindow = "sync".equals(mode) ? 1 : window;
        String label = transport != null ? transport : defaultTransport();
        EchoCallPath path;
        try {
            path = DbusJavaConnector.connect(address, peer, dest, callMethod(), connectTimeoutMs,
                "dbus-java".equals(callPath) ? CallPathKind.DBUS_JAVA : CallPathKind.LEAN,
                ReplyReading.forConnection(connectionWindow(), peer, address));
        } catch (UnreachableException e) {
            return LabCli.fail(err, "dbus-lab-client", e.getMessage(), LabCli.USAGE);
        }
        Thread closer = new Thread(path::close, "dbus-lab-client-close");
        Runtime.getRuntime().addShutdownHook(closer);

        boolean clean;
        try {
            if (control) {
                return serveControl(new EchoRunClient(path, TimeUnit.MILLISECONDS.toNanos(replyTimeoutMs),
                    callMethod().echoesPayload()), "dbus-lab-client", replies, err);
            }
            EchoRun echoRun = new EchoRun(path, effectiveWindow, TimeUnit.MILLISECONDS.toNanos(replyTimeoutMs),
                callMethod().echoesPayload());
            clean = runAll(echoRun::run, label, callMethod().label(), effectiveWindow, err);
        } finally {
            if (!closedWithin(path::close, CLOSE_BOUND)) {
                err.println("dbus-lab-client: warning: closing the connection took more than " + CLOSE_BOUND.toSeconds()
                    + " s; exiting without waiting for it (the runs are written)");
            }
            try {
                Runtime.getRuntime().removeShutdownHook(closer);
            } catch (IllegalStateException alreadyShuttingDown) {
                // the hook runs anyway
            }
        }
        return clean ? LabCli.OK : LabCli.FAILURE;
    }

    /**
     * How long the client waits for its connection to close before it exits anyway. Once, a p2p-unix client whose
     * run had ended clean, beside a stalled client of the same server, had not exited 30 s later (ClientFaultIT,
     * CI=true mvn -B verify on a loaded 2-vCPU VM, 2026-12-07); its rows were written.
     */
    static final java.time.Duration CLOSE_BOUND = java.time.Duration.ofSeconds(5);

    /** Runs CLOSE on a daemon thread and waits at most BOUND: true when it finished. */
    static boolean closedWithin(Runnable close, java.time.Duration bound) throws InterruptedException {
        Thread closing = new Thread(close, "dbus-lab-client-close-on-exit");
        closing.setDaemon(true);
        closing.start();
        closing.join(Math.max(1, bound.toMillis()));
        return !closing.isAlive();
    }

    private CallMethod callMethod() {
        return CallMethod.valueOf(method.toUpperCase(Locale.ROOT));
    }

    private void validate() {
        if (!"lean".equals(callPath) && !"dbus-java".equals(callPath)) {
            throw bad("--call-path must be lean or dbus-java, was '" + callPath + "'");
        }
        if (!"echo".equals(method) && !"spam".equals(method)) {
            throw bad("--method must be echo or spam, was '" + method + "'");
        }
        validateRunOptions();
        checkReplyTimeout(replyTimeoutMs);
        checkTransportLabel(transport);
        if (address.isBlank() || !address.contains(":")) {
            throw bad("--address '" + address + "' is not a D-Bus address (e.g. unix:path=/run/bus or "
                + "tcp:host=127.0.0.1,port=1234)");
        }
        if (address.startsWith("tcp:")) {
            checkTcpAddress();
        }
    }

    /** dbus-java takes any port number and fails later, or connects somewhere else (99999 wraps around). */
    private void checkTcpAddress() {
        RawAddress tcp;
        try {
            tcp = RawAddress.parse(address);
        } catch (IllegalArgumentException e) {
            throw bad("--address " + e.getMessage());
        }
        if (tcp.port() < 1) {
            throw bad("--address '" + address + "': port must be between 1 and 65535 to connect to, was " + tcp.port());
        }
    }

    private String defaultTransport() {
        if (!peer) {
            return "bus";
        }
        return address.startsWith("tcp:") ? "p2p-tcp" : "p2p-unix";
    }
}
