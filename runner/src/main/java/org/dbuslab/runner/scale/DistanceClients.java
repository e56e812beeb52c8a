package org.dbuslab.runner.scale;

import org.dbuslab.format.ControlProtocol;
import org.dbuslab.format.RunsCsv;
import org.dbuslab.format.ScaleRunsCsv;
import org.dbuslab.runner.exec.ClientCommand;
import org.dbuslab.runner.exec.ClientProcess;
import org.dbuslab.runner.exec.CpuClock;
import org.dbuslab.runner.exec.CpuMeter;
import org.dbuslab.runner.exec.JavaRuntime;
import org.dbuslab.runner.exec.LabLayout;
import org.dbuslab.runner.exec.Launch;
import org.dbuslab.runner.exec.StaggeredStart;
import org.dbuslab.runner.exec.Supervisor;
import org.dbuslab.runner.session.PlacementSwitch;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The distance series' persistent clients (the lab's Java client, or the raw-socket client for raw-tcp), one per
 * target, route, delay and mode (a second-namespace client starts inside its namespace), driven over the control
 * channel as the session drives its clients: payload, window and calls per run, CPU of client, bus, server and
 * relay read around every run. Each client appends every run's per-call latencies to its own HdrHistogram log
 * ({@link ScaleRunsCsv#distanceLatencyLog}); a run's row gets the p50/p99 of its interval ({@link RunLatency}).
 */
final class DistanceClients {

    static final Duration READY_TIMEOUT = Duration.ofSeconds(90);

    /**
     * Where a client connects: the relay's address or the server's (or the bus's); the relay's pid, or none; PREFIX,
     * the command the client starts under (ip netns exec NAME for the second namespace), or empty. UNAVAILABLE: why
     * there is no route (a bus, server, relay or namespace did not start), else null.
     */
    record Route(String address, boolean peer, List<Long> busPids, List<Long> serverPids, Long relayPid,
                 List<String> prefix, String unavailable) {
        Route {
            prefix = List.copyOf(prefix);
        }

        static Route unavailable(String why) {
            return new Route(null, false, List.of(), List.of(), null, List.of(), why);
        }
    }

    private final Map<String, ClientProcess> clients = new LinkedHashMap<>();
    private final Map<String, Route> routes = new LinkedHashMap<>();
    private final Map<String, String> problems = new LinkedHashMap<>();
    private final Map<String, Path> latencyLogs = new LinkedHashMap<>();
    private final Consumer<String> warnings;

    private DistanceClients(Consumer<String> warnings) {
        this.warnings = warnings;
    }

    /**
     * Starts every client of PLAN whose route ROUTES gives (else its points fail with the reason), then waits; their
     * logs go to the results folder RESULTS ({@link ScaleRunsCsv#DISTANCE_LOGS}). WARNINGS hears of a run whose
     * latency log cannot be read (the run stands, without its p50/p99). They start unpinned, where the scheduler
     * spreads their start-up over the CPUs, and a pinned session then moves them ({@link #targets}).
     */
    static DistanceClients start(Supervisor supervisor, JavaRuntime java, LabLayout jars, ScalePlan plan,
                                 Function<ScaleStep.Distance, Route> routes, Path results, Consumer<String> warnings)
        throws IOException, InterruptedException {
        DistanceClients out = new DistanceClients(warnings);
        Map<String, Launch> launches = new LinkedHashMap<>();
        Map<String, String> names = new LinkedHashMap<>();
        for (ScaleStep step : plan.steps()) {
            if (!(step instanceof ScaleStep.Distance d) || launches.containsKey(d.clientKey())
                || out.problems.containsKey(d.clientKey())) {
                continue;
            }
            Route r = routes.apply(d);
            if (r.unavailable() != null) {
                out.problems.put(d.clientKey(), r.unavailable());
                continue;
            }
            String name = ScaleRunsCsv.distanceClient(d.transport(), d.route(), d.delayMs(), d.mode());
            Path latency = results.resolve(ScaleRunsCsv.distanceLatencyLog(d.transport(), d.route(), d.delayMs(), d.mode()));
            List<String> command = new java.util.ArrayList<>(r.prefix());
            command.addAll(d.transport().startsWith("raw-")
                ? ClientCommand.raw(java, jars, r.address(), d.transport(), d.mode(), latency)
                : ClientCommand.java(java, jars, List.of(), r.address(), r.peer(), null, d.transport(), d.mode(), latency));
            launches.put(d.clientKey(), Launch.of(results.resolve(ScaleRunsCsv.DISTANCE_LOGS).resolve(name), command));
            names.put(d.clientKey(), name);
            out.routes.put(d.clientKey(), r);
            out.latencyLogs.put(d.clientKey(), latency);
        }
        StaggeredStart.Outcome<String> started = StaggeredStart.start(supervisor, launches, names::get, READY_TIMEOUT,
            (key, why) -> warnings.accept("distance client " + names.get(key) + " did not start (" + why
                + "); starting it once more"));
        out.clients.putAll(started.ready());
        started.failed().forEach((key, why) -> out.problems.put(key, "client did not start: " + why));
        return out;
    }

    int size() {
        return clients.size();
    }

    /**
     * Every client that ever started, as a placement target "client:KEY" (its pid while it runs), so the idle ones
     * can wait off the measured CPU.
     */
    List<PlacementSwitch.Target> targets() {
        // a client that failed leaves the map
        return List.copyOf(clients.keySet()).stream()
            .map(key -> PlacementSwitch.Target.client(key, () -> clients.get(key), !routes.get(key).peer())).toList();
    }

    /** One run of point D; its row (written by the caller), never null: a point that cannot run is an error row. */
    ScaleRunsCsv.Row run(ScaleStep.Distance d, String phase, int block, int payloadBytes, long seed, Duration timeout,
                         CpuMeter meter, CpuClock clock) throws InterruptedException {
        ClientProcess client = clients.get(d.clientKey());
        if (client == null) {
            return failed(d, phase, block, payloadBytes, problems.getOrDefault(d.clientKey(), "no client"));
        }
        Route r = routes.get(d.clientKey());
        List<Long> relay = r.relayPid() == null ? List.of() : List.of(r.relayPid());
        OptionalLong relay0 = relay.isEmpty() ? OptionalLong.of(0) : clock.nanos(relay);
        String tag = ScaleRunsCsv.distanceLatencyTag(phase, block, d.window());
        ClientProcess.Outcome o = client.run(new ControlProtocol.Run(phase, tag, payloadBytes, d.window(), d.calls(), seed),
            timeout, meter, r.busPids(), r.serverPids());
        OptionalLong relay1 = relay.isEmpty() ? OptionalLong.of(0) : clock.nanos(relay);
        if (!o.finished()) {
            clients.remove(d.clientKey());
            problems.put(d.clientKey(), o.problem());
            return failed(d, phase, block, payloadBytes, o.problem());
        }
        ControlProtocol.Done done = o.done();
        RunLatency latency = RunLatency.of(latencyLogs.get(d.clientKey()), tag, warnings);
        long relayNs = relay0.isPresent() && relay1.isPresent() ? relay1.getAsLong() - relay0.getAsLong()
            : ScaleRunsCsv.UNKNOWN;
        return new ScaleRunsCsv.Row("distance", block, phase, block, String.valueOf(done.startedUtc()), d.transport(),
            d.mode(), d.window(), payloadBytes, 1, 0, 0, 0, d.delayMs(), done.calls(), done.elapsedNanos(), done.lost(),
            done.mismatched(), 0, 0, done.errors(), latency.p50Nanos(), latency.p99Nanos(), Double.NaN,
            ToolLine.ns(o.cpu().clientNs()), ToolLine.ns(o.cpu().busNs()), ToolLine.ns(o.cpu().serverNs()), relayNs,
            done.problem(), d.route());
    }

    private static ScaleRunsCsv.Row failed(ScaleStep.Distance d, String phase, int block, int payloadBytes, String why) {
        return new ScaleRunsCsv.Row("distance", block, phase, block, "", d.transport(), d.mode(), d.window(),
            payloadBytes, 1, 0, 0, 0, d.delayMs(), 0, 0, 0, 0, 0, 0, 1, ScaleRunsCsv.UNKNOWN, ScaleRunsCsv.UNKNOWN,
            Double.NaN, ScaleRunsCsv.UNKNOWN, ScaleRunsCsv.UNKNOWN, ScaleRunsCsv.UNKNOWN, ScaleRunsCsv.UNKNOWN,
            "not run: " + why, d.route());
    }

    void quitAll() throws InterruptedException {
        for (ClientProcess c : clients.values()) {
            c.quit(Duration.ofSeconds(5));
        }
    }

    static boolean measured(String phase) {
        return RunsCsv.PHASE_MEASURE.equals(phase);
    }
}
