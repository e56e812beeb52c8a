package org.dbuslab.client.raw;

import org.dbuslab.api.EchoContract;
import org.dbuslab.client.RunOptions;
import org.dbuslab.client.record.CsvRunRecorder;
import org.dbuslab.client.record.LatencyLog;
import org.dbuslab.client.record.RunRow;
import org.dbuslab.client.run.PayloadGenerator;
import org.dbuslab.client.run.RunResult;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Locale;
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
        System.exit(run(args, System.out, System.err));
    }

    /** Parses {@code args}, runs, and returns the exit code; nothing here calls System.exit. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        CommandLine cli = new CommandLine(new RawEchoClient(err));
        cli.setOut(new java.io.PrintWriter(out, true));
        cli.setErr(new java.io.PrintWriter(err, true));
        cli.setParameterExceptionHandler((e, a) -> {
            err.println("raw-echo-client: error: " + e.getMessage() + " (see --help)");
            return 2;
        });
        cli.setExecutionExceptionHandler((e, c, p) -> {
            err.println("raw-echo-client: error: " + (e.getMessage() != null ? e.getMessage() : e.toString()));
            return 2;
        });
        return cli.execute(args);
    }

    @Override
    public Integer call() throws Exception {
        RawAddress target = validate();
        int effectiveWindow = "sync".equals(mode) ? 1 : window;
        String label = transport != null ? transport : target.defaultTransport();
        CsvRunRecorder recorder = csv != null ? new CsvRunRecorder(csv) : null;
        LatencyLog latencies = latencyLog != null ? new LatencyLog(latencyLog) : null;

        boolean clean = true;
        try (Watchdog watchdog = new Watchdog()) {
            RawEchoRun echoRun = new RawEchoRun(target, effectiveWindow, payload,
                TimeUnit.MILLISECONDS.toNanos(replyTimeoutMs), TimeUnit.MILLISECONDS.toNanos(connectTimeoutMs), watchdog);
            try {
                echoRun.connect();
            } catch (IOException e) {
                err.println("raw-echo-client: error: cannot connect to " + target + ": "
                    + (watchdog.fired() ? "no answer within " + connectTimeoutMs + " ms" : e.getMessage()));
                return 2;
            }
            try {
                for (int i = 0; i < warmupRuns + runs; i++) {
                    boolean warmup = i < warmupRuns;
                    int number = warmup ? i + 1 : i - warmupRuns + 1;
                    String phase = warmup ? "warmup" : "measure";
                    String tag = phase + "-" + number;
                    Instant started = Instant.now();
                    RunResult result = echoRun.run(calls, new PayloadGenerator(payload, seed + i));
                    clean &= result.clean();
                    if (latencies != null) {
                        latencies.append(tag, result.latencies(), started.toEpochMilli(), System.currentTimeMillis());
                    }
                    if (recorder != null) {
                        recorder.append(new RunRow(label, mode, payload, effectiveWindow, calls, number,
                            Math.max(1, result.elapsedNanos()), result.lost(), result.mismatched(), result.errors(),
                            phase, METHOD, started, latencies != null ? relativeToCsv(latencies.file()) : null,
                            latencies != null ? tag : null));
                    }
                    err.println(summary(label, effectiveWindow, warmup, number, result));
                }
            } finally {
                echoRun.close();
            }
        }
        return clean ? 0 : 1;
    }

    private RawAddress validate() {
        validateRunOptions();
        if (replyTimeoutMs < 1) {
            throw bad("--reply-timeout must be at least 1 ms, was " + replyTimeoutMs);
        }
        if (transport != null && !transport.matches("[A-Za-z0-9._+-]+")) {
            throw bad("--transport must be letters, digits, '.', '_', '+' or '-', was '" + transport + "'");
        }
        try {
            return RawAddress.parse(address);
        } catch (IllegalArgumentException e) {
            throw bad("--address " + e.getMessage());
        }
    }

    private String relativeToCsv(Path log) {
        Path base = csv.toAbsolutePath().getParent();
        return base.relativize(log.toAbsolutePath()).toString();
    }

    private String summary(String label, int effectiveWindow, boolean warmup, int number, RunResult r) {
        String line = String.format(Locale.ROOT,
            "%s %s %d B window %d %s %d/%d: %d calls in %.6f s = %.1f us/call, %.0f calls/s, round trip p50 %.1f us "
                + "p99 %.1f us; lost %d, mismatched %d, errors %d",
            label, mode, payload, effectiveWindow, warmup ? "warm-up" : "run", number, warmup ? warmupRuns : runs,
            r.calls(), r.elapsedNanos() / 1e9, r.microsPerCall(),
            r.elapsedNanos() == 0 ? 0 : r.calls() * 1e9 / r.elapsedNanos(),
            r.latencies().getValueAtPercentile(50) / 1e3, r.latencies().getValueAtPercentile(99) / 1e3,
            r.lost(), r.mismatched(), r.errors());
        return r.firstProblem() == null ? line : line + "; first: " + r.firstProblem();
    }
}
