package org.dbuslab.client;

import org.dbuslab.api.EchoContract;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import org.dbuslab.client.record.CsvRunRecorder;
import org.dbuslab.client.record.LatencyLog;
import org.dbuslab.client.record.RunRow;
import org.dbuslab.client.run.PayloadGenerator;
import org.dbuslab.client.run.RunResult;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Locale;

/**
 * The options every measuring client shares (the D-Bus client and the raw-socket floor client): what a run is,
 * where its rows and latencies go, their validation, and the loop that makes the warm-up and measured runs and
 * records each one, so both clients record comparable runs the same way.
 */
public abstract class RunOptions {

    @Spec
    protected CommandSpec spec;

    @Option(names = "--mode", paramLabel = "MODE", defaultValue = "sync",
        description = "sync: each call waits for its reply; async: pipelined, up to --window calls outstanding "
            + "(default: ${DEFAULT-VALUE}).")
    protected String mode;

    @Option(names = "--window", paramLabel = "W", defaultValue = "128",
        description = "async: at most W calls outstanding at any moment (default: ${DEFAULT-VALUE}); sync uses 1.")
    protected int window;

    @Option(names = "--payload", paramLabel = "BYTES", defaultValue = "1000",
        description = "Payload size in bytes, 0.." + EchoContract.MAX_PAYLOAD_BYTES + " (default: ${DEFAULT-VALUE}).")
    protected int payload;

    @Option(names = "--calls", paramLabel = "N", defaultValue = "1000",
        description = "Calls per run (default: ${DEFAULT-VALUE}).")
    protected int calls;

    @Option(names = "--runs", paramLabel = "R", defaultValue = "10",
        description = "Measured runs (default: ${DEFAULT-VALUE}).")
    protected int runs;

    @Option(names = "--warmup-runs", paramLabel = "K", defaultValue = "2",
        description = "Runs before the measured ones, to warm up the JIT and the connection; recorded as "
            + "phase=warmup (default: ${DEFAULT-VALUE}).")
    protected int warmupRuns;

    @Option(names = "--csv", paramLabel = "FILE",
        description = "Append one row per run to FILE (header first when the file is new).")
    protected Path csv;

    @Option(names = "--latency-log", paramLabel = "FILE",
        description = "Append each run's per-call round-trip times (HdrHistogram log, nanoseconds, 3 significant "
            + "digits, one interval per run tagged <phase>-<run>) to FILE; the CSV row names the file and tag.")
    protected Path latencyLog;

    @Option(names = "--connect-timeout", paramLabel = "MS", defaultValue = "2000",
        description = "Give up connecting after MS milliseconds (default: ${DEFAULT-VALUE}).")
    protected int connectTimeoutMs;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "20150430",
        description = "Seed of the payload bytes; run i uses S+i, so runs are reproducible (default: ${DEFAULT-VALUE}).")
    protected long seed;

    /** Checks the shared options; a bad value is a usage error with one clear message. */
    protected void validateRunOptions() {
        if (!"sync".equals(mode) && !"async".equals(mode)) {
            throw bad("--mode must be sync or async, was '" + mode + "'");
        }
        if (window < 1) {
            throw bad("--window must be at least 1, was " + window);
        }
        if (payload < 0 || payload > EchoContract.MAX_PAYLOAD_BYTES) {
            throw bad("--payload must be between 0 and " + EchoContract.MAX_PAYLOAD_BYTES
                + " bytes (the D-Bus array limit), was " + payload);
        }
        if (calls < 1) {
            throw bad("--calls must be at least 1, was " + calls);
        }
        if (runs < 1) {
            throw bad("--runs must be at least 1, was " + runs);
        }
        if (warmupRuns < 0) {
            throw bad("--warmup-runs must be 0 or more, was " + warmupRuns);
        }
        if (connectTimeoutMs < 1) {
            throw bad("--connect-timeout must be at least 1 ms, was " + connectTimeoutMs);
        }
    }

    /** One run of {@code calls} calls with payloads from {@code payloads}; how the calls travel is the caller's. */
    @FunctionalInterface
    protected interface RunBody {
        RunResult run(int calls, PayloadGenerator payloads) throws Exception;
    }

    /**
     * Makes the warm-up runs, then the measured runs; after each one appends its latency interval and CSV row
     * (so an interrupted session keeps what it finished) and prints its summary line on {@code err}.
     *
     * @return true when every call of every run got its expected reply
     */
    protected boolean runAll(RunBody body, String label, String methodLabel, int effectiveWindow, PrintStream err)
            throws Exception {
        CsvRunRecorder recorder = csv != null ? new CsvRunRecorder(csv) : null;
        LatencyLog latencies = latencyLog != null ? new LatencyLog(latencyLog) : null;
        boolean clean = true;
        for (int i = 0; i < warmupRuns + runs; i++) {
            boolean warmup = i < warmupRuns;
            int number = warmup ? i + 1 : i - warmupRuns + 1;
            String phase = warmup ? "warmup" : "measure";
            String tag = phase + "-" + number;
            Instant started = Instant.now();
            RunResult result = body.run(calls, new PayloadGenerator(payload, seed + i));
            clean &= result.clean();
            if (latencies != null) {
                latencies.append(tag, result.latencies(), started.toEpochMilli(), System.currentTimeMillis());
            }
            if (recorder != null) {
                recorder.append(new RunRow(label, mode, payload, effectiveWindow, calls, number,
                    Math.max(1, result.elapsedNanos()), result.lost(), result.mismatched(), result.errors(), phase,
                    methodLabel, started, latencies != null ? relativeToCsv(latencies.file()) : null,
                    latencies != null ? tag : null));
            }
            err.println(summary(label, methodLabel, effectiveWindow, warmup, number, result));
        }
        return clean;
    }

    /** The CSV names the latency log relative to its own folder, so a results folder can be moved. */
    private String relativeToCsv(Path log) {
        Path base = csv.toAbsolutePath().getParent();
        return base.relativize(log.toAbsolutePath()).toString();
    }

    private String summary(String label, String methodLabel, int effectiveWindow, boolean warmup, int number,
                           RunResult r) {
        String line = String.format(Locale.ROOT,
            "%s %s %s %d B window %d %s %d/%d: %d calls in %.6f s = %.1f us/call, %.0f calls/s, round trip p50 %.1f us "
                + "p99 %.1f us; lost %d, mismatched %d, errors %d",
            label, methodLabel, mode, payload, effectiveWindow, warmup ? "warm-up" : "run", number,
            warmup ? warmupRuns : runs, r.calls(), r.elapsedNanos() / 1e9, r.microsPerCall(),
            r.elapsedNanos() == 0 ? 0 : r.calls() * 1e9 / r.elapsedNanos(),
            r.latencies().getValueAtPercentile(50) / 1e3, r.latencies().getValueAtPercentile(99) / 1e3,
            r.lost(), r.mismatched(), r.errors());
        return r.firstProblem() == null ? line : line + "; first: " + r.firstProblem();
    }

    protected ParameterException bad(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
