package org.dbuslab.client;

import org.dbuslab.api.EchoContract;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import org.dbuslab.client.control.ControlLoop;
import org.dbuslab.client.control.ControlledClient;
import org.dbuslab.client.record.LatencyLog;
import org.dbuslab.client.run.JitClock;
import org.dbuslab.client.run.PayloadGenerator;
import org.dbuslab.client.run.RunResult;
import org.dbuslab.client.run.WarmupPolicy;
import org.dbuslab.format.RunsCsvRow;
import org.dbuslab.format.RunsCsvWriter;

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

    /** Calls in flight at most: far beyond any bus's limit on pending replies, and what a run keeps in memory. */
    static final int MAX_WINDOW = 1 << 20;

    /** A day: beyond that a warm-up budget is a typo, not a plan. */
    private static final int MAX_WARMUP_SECONDS = 86_400;

    @Spec
    protected CommandSpec spec;

    @Option(names = "--mode", paramLabel = "MODE", defaultValue = "sync",
        description = "sync: each call waits for its reply; async: pipelined, up to --window calls outstanding "
            + "(default: ${DEFAULT-VALUE}).")
    protected String mode;

    @Option(names = "--window", paramLabel = "W", defaultValue = "128",
        description = "async: at most W calls outstanding at any moment, 1.." + MAX_WINDOW
            + " (default: ${DEFAULT-VALUE}); sync uses 1.")
    protected int window;

    @Option(names = "--payload", paramLabel = "BYTES", defaultValue = "1000",
        description = "Payload size in bytes, " + PayloadGenerator.MIN_SIZE + ".." + EchoContract.MAX_PAYLOAD_BYTES
            + ": each payload carries its call's sequence number, which takes " + PayloadGenerator.MIN_SIZE
            + " bytes (default: ${DEFAULT-VALUE}).")
    protected int payload;

    @Option(names = "--calls", paramLabel = "N", defaultValue = "1000",
        description = "Calls per run (default: ${DEFAULT-VALUE}).")
    protected int calls;

    @Option(names = "--runs", paramLabel = "R", defaultValue = "10",
        description = "Measured runs (default: ${DEFAULT-VALUE}).")
    protected int runs;

    @Option(names = "--warmup-runs", paramLabel = "K", defaultValue = "2",
        description = "Runs before the measured ones, to warm up the JIT and the connection; recorded as "
            + "phase=warmup (default: ${DEFAULT-VALUE}). With --warmup-max-seconds, the least number of them.")
    protected int warmupRuns;

    @Option(names = "--warmup-max-seconds", paramLabel = "S", defaultValue = "0",
        description = "After the --warmup-runs, keep making warm-up runs until the JIT has gone quiet (at most "
            + WarmupPolicy.QUIET_MILLIS + " ms of compilation over the last " + WarmupPolicy.QUIET_RUNS
            + " runs), but for no more than S seconds of warm-up runs in all; 0 turns this off "
            + "(default: ${DEFAULT-VALUE}). Every run's compilation time is in the CSV's jit_ms column.")
    protected double warmupMaxSeconds;

    @Option(names = "--csv", paramLabel = "FILE",
        description = "Append one row per run to FILE (header first when the file is new).")
    protected Path csv;

    @Option(names = "--latency-log", paramLabel = "FILE",
        description = "Append each run's per-call round-trip times (HdrHistogram log, nanoseconds, 3 significant "
            + "digits, one interval per run tagged <phase>-<run>) to FILE; the CSV row names the file and tag.")
    protected Path latencyLog;

    @Option(names = "--connect-timeout", paramLabel = "MS", defaultValue = "10000",
        description = "Give up when connecting, authenticating (SASL), on a bus saying Hello, and the first call (a "
            + "Ping of the server) have not finished MS milliseconds after the socket was opened: a peer or bus that "
            + "accepts the connection and then says nothing is an error, not a hang; a refused connect is retried "
            + "every 500 ms for up to 2 s of it (default: ${DEFAULT-VALUE}).")
    protected int connectTimeoutMs;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "20150430",
        description = "Seed of the payload bytes; run i uses S+i, so runs are reproducible (default: ${DEFAULT-VALUE}).")
    protected long seed;

    @Option(names = "--control",
        description = "Persistent mode, for the session runner: connect once, print 'ready' on stdout, then read "
            + "commands on stdin: 'run PHASE TAG PAYLOAD_BYTES WINDOW CALLS SEED' makes one run and answers one line "
            + "'done TAG elapsed_ns=N calls=N lost=N mismatched=N errors=N jit_ms=N started_utc=ISO problem=TEXT "
            + "alloc_bytes=N' (alloc_bytes: what the JVM's threads allocated during the run, left out when unknown); "
            + "'quit' answers 'bye' and exits 0, as does the end of stdin; a malformed command is answered "
            + "'error TEXT'; a run that leaves the connection dead is followed by 'fatal TEXT' and exit 1. --mode "
            + "holds for every run (sync: WINDOW must be 1; at most " + ControlLoop.MAX_WINDOW + " calls and "
            + (ControlLoop.MAX_OUTSTANDING_BYTES >> 20) + " MiB of payload outstanding); --payload, --window, --calls and --seed come from each "
            + "command, --runs and --warmup-* do not apply, and each run's latencies go to --latency-log tagged "
            + "TAG (--csv is refused: the runner writes runs.csv). stdout carries nothing but these lines.")
    protected boolean control;

    /** Checks the shared options; a bad value is a usage error with one clear message. */
    protected void validateRunOptions() {
        if (!"sync".equals(mode) && !"async".equals(mode)) {
            throw bad("--mode must be sync or async, was '" + mode + "'");
        }
        if (window < 1 || window > MAX_WINDOW) {
            throw bad("--window must be between 1 and " + MAX_WINDOW + " calls in flight, was " + window);
        }
        if (payload < PayloadGenerator.MIN_SIZE) {
            throw bad("--payload must be at least " + PayloadGenerator.MIN_SIZE + " bytes, to carry the call's "
                + "sequence number (a smaller one would let a swapped reply pass), was " + payload);
        }
        if (payload > EchoContract.MAX_PAYLOAD_BYTES) {
            throw bad("--payload must be at most " + EchoContract.MAX_PAYLOAD_BYTES
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
        if (!(warmupMaxSeconds >= 0) || warmupMaxSeconds > MAX_WARMUP_SECONDS) {
            throw bad("--warmup-max-seconds must be between 0 and " + MAX_WARMUP_SECONDS + ", was " + warmupMaxSeconds);
        }
        if (connectTimeoutMs < 1) {
            throw bad("--connect-timeout must be at least 1 ms, was " + connectTimeoutMs);
        }
        if (control && csv != null) {
            throw bad("--csv does not go with --control: the runner writes runs.csv from the 'done' lines");
        }
    }

    /** --reply-timeout, which every client has (each describes it for its own call path). */
    protected void checkReplyTimeout(long replyTimeoutMs) {
        if (replyTimeoutMs < 1) {
            throw bad("--reply-timeout must be at least 1 ms, was " + replyTimeoutMs);
        }
    }

    /** --transport, the label every client writes into its summary lines and CSV rows; null: the default. */
    protected void checkTransportLabel(String transport) {
        if (transport != null && !transport.matches("[A-Za-z0-9._+-]+")) {
            throw bad("--transport must be letters, digits, '.', '_', '+' or '-', was '" + transport + "'");
        }
    }

    /**
     * The window the connection is set up for (which thread reads replies depends on it): in --control mode each
     * run brings its own, so async means pipelined whatever --window says.
     */
    protected int connectionWindow() {
        if ("sync".equals(mode)) {
            return 1;
        }
        return control ? Math.max(2, window) : window;
    }

    /** With --control: stdout for the protocol only, anything else printed there goes to stderr. */
    protected PrintStream claimStdoutIfControl() {
        return control ? ControlLoop.claimStdout() : null;
    }

    /** --control: serves the runner's commands from stdin on {@code client}; returns the exit code. */
    protected int serveControl(ControlledClient client, String prog, PrintStream replies, PrintStream err) {
        return new ControlLoop(client, "sync".equals(mode), EchoContract.MAX_PAYLOAD_BYTES,
            latencyLog != null ? new LatencyLog(latencyLog) : null, JitClock.ofThisJvm(), replies, err, prog)
            .serve(System.in);
    }

    /** One run of {@code calls} calls with payloads from {@code payloads}; how the calls travel is the caller's. */
    @FunctionalInterface
    protected interface RunBody {
        RunResult run(int calls, PayloadGenerator payloads) throws Exception;
    }

    /**
     * Makes the warm-up runs (as many as the {@link WarmupPolicy} wants), then the measured runs; after each one
     * appends its latency interval and CSV row (so an interrupted session keeps what it finished) and prints its
     * summary line on {@code err}; at the end, a line saying why the warm-up ended.
     *
     * @return true when every call of every run got its expected reply
     */
    protected boolean runAll(RunBody body, String label, String methodLabel, int effectiveWindow, PrintStream err)
            throws Exception {
        RunRecording recording = new RunRecording(csv != null ? RunsCsvWriter.client(csv) : null,
            latencyLog != null ? new LatencyLog(latencyLog) : null);
        JitClock jit = JitClock.ofThisJvm();
        WarmupPolicy warmup = new WarmupPolicy(warmupRuns, Math.round(warmupMaxSeconds * 1e9));
        boolean clean = true;
        int measured = 0;
        // One loop for both phases: warm-up and measured runs execute the same code, so the JIT's work on the
        // warm-up runs is exactly what the measured runs use.
        for (int seedOffset = 0; measured < runs; seedOffset++) {
            boolean warming = warmup.outcome() == null;
            Measured m = measure(body, jit, seedOffset);
            if (warming) {
                warmup.recordRun(m.result().elapsedNanos(), m.jitMillis());
                clean &= record(recording, m, "warmup", warmup.runs(), label, methodLabel, effectiveWindow, err);
            } else {
                clean &= record(recording, m, "measure", ++measured, label, methodLabel, effectiveWindow, err);
            }
            if (m.result().abandoned() != null) {
                // nothing more can be measured on a dead connection; runs made on it would only time out
                err.println(label + " " + methodLabel + " " + mode + " " + payload + " B: " + m.result().abandoned()
                    + "; " + (runs - measured) + " measured run(s) not made");
                return false;
            }
        }
        // Said only now: printed between the phases, this line's new code (a first string concatenation)
        // deoptimized JIT-compiled code the calls share, and the first measured runs were up to twice as slow
        // as the last warm-up runs (docs/EXPERIMENTS.md, step 6).
        if (warmup.runs() > 0 || warmupMaxSeconds > 0) {
            err.println(label + " " + methodLabel + " " + mode + " " + payload + " B: " + warmupEnd(warmup));
        }
        return clean;
    }

    private record RunRecording(RunsCsvWriter csv, LatencyLog latencies) { }

    /** A run's result, when it started, and the JIT's compilation ms during it (-1: not reported). */
    private record Measured(RunResult result, Instant started, long endMillis, long jitMillis) { }

    private Measured measure(RunBody body, JitClock jit, int seedOffset) throws Exception {
        Instant started = Instant.now();
        long jitBefore = jit.compiledMillis();
        RunResult result = body.run(calls, new PayloadGenerator(payload, seed + seedOffset));
        long jitAfter = jit.compiledMillis();
        return new Measured(result, started, System.currentTimeMillis(),
            jitBefore < 0 || jitAfter < 0 ? -1 : jitAfter - jitBefore);
    }

    private boolean record(RunRecording recording, Measured m, String phase, int number, String label,
                           String methodLabel, int effectiveWindow, PrintStream err) {
        RunResult result = m.result();
        String tag = phase + "-" + number;
        if (recording.latencies() != null) {
            recording.latencies().append(tag, result.latencies(), m.started().toEpochMilli(), m.endMillis());
        }
        if (recording.csv() != null) {
            recording.csv().append(RunsCsvRow.ofClient(label, mode, payload, effectiveWindow, calls, number,
                Math.max(1, result.elapsedNanos()), result.lost(), result.mismatched(), result.errors(), phase,
                methodLabel, m.started(), recording.latencies() != null ? relativeToCsv(recording.latencies().file()) : null,
                recording.latencies() != null ? tag : null, m.jitMillis() < 0 ? null : m.jitMillis()));
        }
        err.println(summary(label, methodLabel, effectiveWindow, "warmup".equals(phase), number, result, m.jitMillis()));
        return result.clean();
    }

    private String warmupEnd(WarmupPolicy w) {
        String made = String.format(Locale.ROOT, "warm-up ended after %d run(s), %.1f s: ", w.runs(), w.elapsedNanos() / 1e9);
        return made + switch (w.outcome()) {
            case MIN_RUNS -> "the --warmup-runs asked for (JIT not watched)";
            case JIT_QUIET -> "JIT quiet (" + w.recentJitMillis() + " ms of compilation in the last "
                + WarmupPolicy.QUIET_RUNS + " runs)";
            case BUDGET_SPENT -> "--warmup-max-seconds spent, JIT still busy (" + w.recentJitMillis()
                + " ms of compilation in the last " + WarmupPolicy.QUIET_RUNS + " runs)";
            case JIT_NOT_REPORTED -> "this JVM does not report JIT compilation time, so only the --warmup-runs were made";
        };
    }

    /** The CSV names the latency log relative to its own folder, so a results folder can be moved. */
    private String relativeToCsv(Path log) {
        Path base = csv.toAbsolutePath().getParent();
        return base.relativize(log.toAbsolutePath()).toString();
    }

    private String summary(String label, String methodLabel, int effectiveWindow, boolean warmup, int number,
                           RunResult r, long jitMillis) {
        String line = String.format(Locale.ROOT, "%s %s %s %d B window %d %s %d/%d: ",
            label, methodLabel, mode, payload, effectiveWindow, warmup ? "warm-up" : "run", number,
            warmup ? Math.max(warmupRuns, number) : runs) + figures(r)
            + String.format(Locale.ROOT, "; lost %d, mismatched %d, errors %d", r.lost(), r.mismatched(), r.errors());
        if (jitMillis > 0) {
            line += "; JIT compiled " + jitMillis + " ms meanwhile";
        }
        return r.firstProblem() == null ? line : line + "; first: " + r.firstProblem();
    }

    /**
     * Time per call and calls per second only for a run whose every call was verified: a rate over calls that were
     * lost or never sent would describe nothing (a run on a lost connection "made" its calls in microseconds).
     */
    private static String figures(RunResult r) {
        long verified = r.latencies().getTotalCount();
        String roundTrip = verified == 0 ? "no verified round trip"
            : String.format(Locale.ROOT, "round trip p50 %.1f us p99 %.1f us",
                r.latencies().getValueAtPercentile(50) / 1e3, r.latencies().getValueAtPercentile(99) / 1e3);
        if (r.clean()) {
            return String.format(Locale.ROOT, "%d calls in %.6f s = %.1f us/call, %.0f calls/s, ", r.calls(),
                r.elapsedNanos() / 1e9, r.microsPerCall(), r.elapsedNanos() == 0 ? 0 : r.calls() * 1e9 / r.elapsedNanos())
                + roundTrip;
        }
        return String.format(Locale.ROOT, "%d calls, %d verified, in %.6f s (no rate: not every call was answered), ",
            r.calls(), r.ok(), r.elapsedNanos() / 1e9) + (verified == 0 ? roundTrip : roundTrip + " of the verified ones");
    }

    protected ParameterException bad(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
