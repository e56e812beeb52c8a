package org.dbuslab.client;

import org.dbuslab.api.EchoContract;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.nio.file.Path;

/**
 * The options every measuring client shares (the D-Bus client and the raw-socket floor client): what a run is,
 * where its rows and latencies go, and their validation, so both record comparable runs the same way.
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

    protected ParameterException bad(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
