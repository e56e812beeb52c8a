package org.dbuslab.scale.clients;

import org.dbuslab.api.EchoContract;
import org.dbuslab.client.callpath.CallMethod;
import org.dbuslab.client.callpath.CallPathKind;
import org.dbuslab.client.callpath.DbusJavaConnector;
import org.dbuslab.client.callpath.EchoCallPath;
import org.dbuslab.client.callpath.ReplyReading;
import org.dbuslab.client.callpath.UnreachableException;
import org.dbuslab.scale.KeyValueLine;
import org.dbuslab.scale.ConnectionOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * {@code clients}: N concurrent echo clients against the lab's Java server. Clients are threads of this one JVM,
 * each with its own dbus-java connection: they share one JIT warm-up and one start latch, so all N start warm and
 * at the same instant; N separate JVMs on a 2-core machine would warm up at different times and their JIT and
 * GC threads would compete with the calls being measured.
 */
@Command(name = "clients", mixinStandardHelpOptions = true, sortOptions = false, usageHelpWidth = 110,
    description = {
        "N concurrent echo clients, each its own connection (a bus connection, or its own peer connection),",
        "calling for --duration-ms per run; every reply is verified byte for byte. Prints one line per run on",
        "stdout (key=value fields, see scale/README.md): aggregate calls/s, per-call p50/p99, per-client calls,",
        "Jain's fairness index, lost/mismatched/errors."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:every call got its exact echo", "1:some call was lost, mismatched or failed",
        "2:bad usage, or the server could not be reached"})
public final class ClientsCommand implements Callable<Integer> {

    static final int MAX_CLIENTS = 256;

    @Option(names = "--address", required = true, paramLabel = "ADDRESS", description = "The bus, or the peer server.")
    String address;

    @Option(names = "--peer", description = "Peer-to-peer: each client opens its own connection to the server.")
    boolean peer;

    @Option(names = "--dest", paramLabel = "NAME", defaultValue = EchoContract.BUS_NAME,
        description = "The echo server's bus name (default: ${DEFAULT-VALUE}).")
    String dest;

    @Option(names = "--transport", paramLabel = "NAME", description = "Label written on each line (default: bus or p2p).")
    String transport;

    @Option(names = "--clients", paramLabel = "N[,N...]", split = ",", defaultValue = "1",
        description = "Client counts to run, one after another (default: ${DEFAULT-VALUE}).")
    List<Integer> clientCounts;

    @Option(names = "--mode", paramLabel = "MODE", defaultValue = "sync", description = "sync or async (pipelined).")
    String mode;

    @Option(names = "--window", paramLabel = "W", defaultValue = "64",
        description = "Calls outstanding per client in async mode (default: ${DEFAULT-VALUE}).")
    int window;

    @Option(names = "--payload", paramLabel = "BYTES", defaultValue = "1000", description = "Payload bytes (default: ${DEFAULT-VALUE}).")
    int payload;

    @Option(names = "--duration-ms", paramLabel = "MS", defaultValue = "1000", description = "Length of each run (default: ${DEFAULT-VALUE}).")
    long durationMs;

    @Option(names = "--warmup-ms", paramLabel = "MS", defaultValue = "1000",
        description = "One warm-up run of this length before the measured runs of each N, printed with phase=warmup (default: ${DEFAULT-VALUE}).")
    long warmupMs;

    @Option(names = "--runs", paramLabel = "R", defaultValue = "3", description = "Measured runs per N (default: ${DEFAULT-VALUE}).")
    int runs;


    @Option(names = "--reply-timeout", paramLabel = "MS", defaultValue = "10000",
        description = "A reply not there MS ms after its call was sent counts as lost (default: ${DEFAULT-VALUE}).")
    long replyTimeoutMs;

    @Mixin
    ConnectionOptions connection;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        validate();
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        int effectiveWindow = "sync".equals(mode) ? 1 : window;
        String label = transport != null ? transport : peer ? "p2p" : "bus";
        boolean clean = true;
        for (int n : clientCounts) {
            List<EchoCallPath> paths = new ArrayList<>(n);
            try {
                for (int i = 0; i < n; i++) {
                    paths.add(DbusJavaConnector.connect(address, peer, dest, CallMethod.ECHO, connection.connectTimeoutMs,
                        CallPathKind.LEAN, ReplyReading.READER_THREAD));
                }
            } catch (UnreachableException e) {
                paths.forEach(EchoCallPath::close);
                err.println("dbus-lab-scale: error: clients: client " + (paths.size() + 1) + " of " + n + ": " + e.getMessage());
                return 2;
            }
            try {
                ConcurrentRun run = new ConcurrentRun(paths, effectiveWindow, payload,
                    TimeUnit.MILLISECONDS.toNanos(replyTimeoutMs));
                for (int r = warmupMs > 0 ? 0 : 1; r <= runs; r++) {
                    long length = TimeUnit.MILLISECONDS.toNanos(r == 0 ? warmupMs : durationMs);
                    ConcurrentResult result = run.run(length, connection.seed + r);
                    out.println(line(label, effectiveWindow, r, result));
                    clean &= result.clean();
                }
            } finally {
                paths.forEach(EchoCallPath::close);
            }
        }
        return clean ? 0 : 1;
    }

    private String line(String label, int effectiveWindow, int run, ConcurrentResult r) {
        return new KeyValueLine().put("series", "clients").put("transport", label).put("mode", mode)
            .put("clients", r.clients()).put("payload_bytes", payload).put("window", effectiveWindow)
            .put("phase", run == 0 ? "warmup" : "measure").put("run", run).put("elapsed_ns", r.elapsedNanos())
            .put("calls", r.calls()).put("lost", r.lost()).put("mismatched", r.mismatched()).put("errors", r.errors())
            .put("calls_per_s", r.callsPerSecond(), 1)
            .put("p50_ns", r.latencyPercentileNanos(50)).put("p99_ns", r.latencyPercentileNanos(99))
            .put("jain", r.fairness(), 4).put("per_client_calls", r.perClientCallsText())
            .put("problem", r.firstProblem())
            .toString();
    }

    private void validate() {
        connection.validate();
        if (!"sync".equals(mode) && !"async".equals(mode)) {
            throw bad("--mode must be sync or async, was '" + mode + "'");
        }
        for (int n : clientCounts) {
            if (n < 1 || n > MAX_CLIENTS) {
                throw bad("--clients must be between 1 and " + MAX_CLIENTS + ", was " + n);
            }
        }
        if (window < 1 || window > 65_536) {
            throw bad("--window must be between 1 and 65536, was " + window);
        }
        if (payload < 0 || payload > EchoContract.MAX_PAYLOAD_BYTES) {
            throw bad("--payload must be between 0 and " + EchoContract.MAX_PAYLOAD_BYTES + ", was " + payload);
        }
        if (durationMs < 1 || warmupMs < 0 || runs < 1) {
            throw bad("--duration-ms and --runs must be at least 1, --warmup-ms at least 0");
        }
        if (replyTimeoutMs < 1) {
            throw bad("--reply-timeout must be at least 1 ms");
        }
    }

    private ParameterException bad(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
