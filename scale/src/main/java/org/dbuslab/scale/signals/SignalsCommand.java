package org.dbuslab.scale.signals;

import org.dbuslab.scale.KeyValueLine;
import org.freedesktop.dbus.exceptions.DBusException;
import org.dbuslab.scale.ConnectionOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/** {@code signals}: one emitter, S subscribers, M non-matching rules on idle connections; every signal verified. */
@Command(name = "signals", mixinStandardHelpOptions = true, sortOptions = false, usageHelpWidth = 110,
    description = {
        "One emitter sends " + Signals1.INTERFACE + "." + Signals1.MEMBER + "(t seq, t emitted_ns, ay pad) on a bus to",
        "S subscribers (each its own connection with a matching rule), while idle connections hold M match rules",
        "that never match. Every subscriber checks every signal: none lost, none duplicated, order kept, pad exact.",
        "For each S and each M it prints one line per run on stdout (key=value fields, see scale/README.md)."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:every signal reached every subscriber exactly once, in order", "1:some signal did not",
        "2:bad usage, or the bus could not be reached"})
public final class SignalsCommand implements Callable<Integer> {

    static final int MAX_SUBSCRIBERS = 512;
    static final int MAX_RULES = 1 << 18;

    @Option(names = "--address", required = true, paramLabel = "ADDRESS", description = "The bus.")
    String address;

    @Option(names = "--transport", paramLabel = "NAME", defaultValue = "bus", description = "Label written on each line (default: ${DEFAULT-VALUE}).")
    String transport;

    @Option(names = "--subscribers", paramLabel = "S[,S...]", split = ",", defaultValue = "1",
        description = "Subscriber counts (default: ${DEFAULT-VALUE}).")
    List<Integer> subscriberCounts;

    @Option(names = "--match-rules", paramLabel = "M[,M...]", split = ",", defaultValue = "0",
        description = "Non-matching rules held by idle connections (default: ${DEFAULT-VALUE}).")
    List<Integer> ruleCounts;

    @Option(names = "--rules-per-connection", paramLabel = "K", defaultValue = "64",
        description = "Rules per idle connection (default: ${DEFAULT-VALUE}; the lab's buses allow 4096).")
    int rulesPerConnection;

    @Mixin
    SignalShape shape;

    @Option(names = "--window", paramLabel = "W", defaultValue = "64",
        description = "Signals the emitter may be ahead of the slowest subscriber (default: ${DEFAULT-VALUE}).")
    int window;

    @Option(names = "--warmup-runs", paramLabel = "K", defaultValue = "1",
        description = "Runs printed with phase=warmup before the measured ones (default: ${DEFAULT-VALUE}).")
    int warmupRuns;

    @Option(names = "--runs", paramLabel = "R", defaultValue = "3", description = "Measured runs per S and M (default: ${DEFAULT-VALUE}).")
    int runs;


    @Option(names = "--timeout", paramLabel = "MS", defaultValue = "10000",
        description = "A run ends when a subscriber gets nothing more for MS ms; what it missed is lost (default: ${DEFAULT-VALUE}).")
    long timeoutMs;

    @Mixin
    ConnectionOptions connection;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        validate();
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        boolean clean = true;
        for (int s : subscriberCounts) {
            for (int m : ruleCounts) {
                SignalFanOut fanOut;
                try {
                    fanOut = SignalFanOut.open(address, s, m, rulesPerConnection, connection.connectTimeoutMs);
                } catch (DBusException | RuntimeException e) {
                    err.println("dbus-lab-scale: error: signals: cannot set up " + s + " subscriber(s) and " + m + " rule(s) on "
                        + address + ": " + e.getMessage());
                    return 2;
                }
                try (fanOut) {
                    for (int r = 1 - warmupRuns; r <= runs; r++) {
                        SignalResult result = fanOut.run(shape.signals, shape.pad, window, connection.seed + r,
                            TimeUnit.MILLISECONDS.toNanos(timeoutMs));
                        out.println(line(s, m, fanOut.idleConnections(), r, result));
                        clean &= result.clean();
                    }
                }
            }
        }
        return clean ? 0 : 1;
    }

    private String line(int s, int m, int idleConnections, int run, SignalResult r) {
        return new KeyValueLine().put("series", "signals").put("transport", transport).put("subscribers", s)
            .put("match_rules", m).put("idle_connections", idleConnections).put("pad_bytes", shape.pad)
            .put("window", window).put("phase", run <= 0 ? "warmup" : "measure").put("run", run <= 0 ? run + warmupRuns : run)
            .put("signals", r.signals()).put("emitted", r.emitted()).put("delivered", r.delivered())
            .put("elapsed_ns", r.elapsedNanos()).put("delivered_per_s", r.deliveredPerSecond(), 1)
            .put("p50_ns", r.latencyPercentileNanos(50)).put("p99_ns", r.latencyPercentileNanos(99))
            .put("lost", r.lost()).put("duplicated", r.duplicated()).put("out_of_order", r.outOfOrder())
            .put("mismatched", r.mismatched()).put("stray", r.stray()).put("problem", r.firstProblem())
            .toString();
    }

    private void validate() {
        connection.validate();
        for (int s : subscriberCounts) {
            if (s < 1 || s > MAX_SUBSCRIBERS) {
                throw bad("--subscribers must be between 1 and " + MAX_SUBSCRIBERS + ", was " + s);
            }
        }
        for (int m : ruleCounts) {
            if (m < 0 || m > MAX_RULES) {
                throw bad("--match-rules must be between 0 and " + MAX_RULES + ", was " + m);
            }
        }
        if (rulesPerConnection < 1 || rulesPerConnection > 4096) {
            throw bad("--rules-per-connection must be between 1 and 4096, was " + rulesPerConnection);
        }
        shape.validate();
        if (window < 1 || warmupRuns < 0 || runs < 1 || timeoutMs < 1) {
            throw bad("--window, --runs and --timeout must be at least 1, --warmup-runs at least 0");
        }
    }

    private ParameterException bad(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
