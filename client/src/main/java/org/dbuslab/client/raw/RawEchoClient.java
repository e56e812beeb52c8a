package org.dbuslab.client.raw;

import org.dbuslab.cli.LabCli;
import org.dbuslab.client.RunOptions;
import org.dbuslab.client.io.Watchdog;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintStream;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * The raw-socket floor's client: the same runs, payloads, verification, CSV rows and latency logs as the D-Bus
 * client, over a plain framed byte stream to {@link RawEchoServer}. Rows carry {@code method=raw}.
 */
@Command(name = "raw-echo-client", mixinStandardHelpOptions = true, version = "raw-echo-client 0.1.0",
    sortOptions = false, usageHelpWidth = 110,
    description = {
        "Sends frames (4-byte big-endian length + payload) to a raw echo server over a unix socket or TCP",
        "loopback (JDK channels, blocking, TCP_NODELAY) and verifies every reply byte for byte; the floor under",
        "any D-Bus transport. Payloads, runs, CSV rows and latency logs are those of dbus-lab-client.",
        "Run it as  java -cp dbus-lab-client.jar org.dbuslab.client.raw.RawEchoClient --address ADDRESS ..."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
        "0:every call of every run got its exact echo",
        "1:some call was lost, mismatched or failed (counted in the CSV and the summary)",
        "2:bad usage, or the server could not be reached"})
public final class RawEchoClient extends RunOptions implements Callable<Integer> {

    static final String METHOD = "raw";

    @Option(names = "--address", required = true, paramLabel = "ADDRESS",
        description = "The raw echo server: unix:path=FILE or tcp:host=127.0.0.1,port=N.")
    String address;

    @Option(names = "--transport", paramLabel = "NAME",
        description = "Transport label written to the CSV (default: raw-unix or raw-tcp, from the address).")
    String transport;

    @Option(names = "--reply-timeout", paramLabel = "MS", defaultValue = "10000",
        description = "A call whose reply has not come MS milliseconds after the client starts waiting for it "
            + "counts as lost; the connection is then closed and the run's remaining calls count as errors "
            + "(default: ${DEFAULT-VALUE}).")
    long replyTimeoutMs;

    private final PrintStream err;

    RawEchoClient(PrintStream err) {
        this.err = err;
    }

    public static void main(String[] args) {
        LabCli.exit(run(args, System.out, System.err));
    }

    /** Parses {@code args}, runs, and returns the exit code; nothing here calls System.exit. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return LabCli.execute(new RawEchoClient(err), "raw-echo-client", LabCli.USAGE, args, out, err);
    }

    @Override
    public Integer call() throws Exception {
        RawAddress target = validate();
        PrintStream replies = claimStdoutIfControl();
        int effectiveWindow = "sync".equals(mode) ? 1 : window;
        String label = transport != null ? transport : target.defaultTransport();
        boolean clean;
        try (Watchdog watchdog = new Watchdog("raw-echo-watchdog")) {
            RawEchoRun echoRun = new RawEchoRun(target, payload,
                TimeUnit.MILLISECONDS.toNanos(replyTimeoutMs), TimeUnit.MILLISECONDS.toNanos(connectTimeoutMs), watchdog);
            try {
                echoRun.connect();
            } catch (IOException e) {
                err.println("raw-echo-client: error: cannot connect to " + target + ": "
                    + (watchdog.fired() ? "no answer within " + connectTimeoutMs + " ms" : e.getMessage()));
                return LabCli.USAGE;
            }
            try {
                if (control) {
                    return serveControl(echoRun, "raw-echo-client", replies, err);
                }
                clean = runAll((n, payloads) -> echoRun.run(effectiveWindow, n, payloads), label, METHOD,
                    effectiveWindow, err);
            } finally {
                echoRun.close();
            }
        }
        return clean ? LabCli.OK : LabCli.FAILURE;
    }

    private RawAddress validate() {
        validateRunOptions();
        checkReplyTimeout(replyTimeoutMs);
        checkTransportLabel(transport);
        try {
            return RawAddress.parse(address);
        } catch (IllegalArgumentException e) {
            throw bad("--address " + e.getMessage());
        }
    }
}
