package org.dbuslab.runner.scale;

import org.dbuslab.format.Placement;
import org.dbuslab.format.ScaleRunsCsv;
import org.dbuslab.format.SkippedTsv;
import org.dbuslab.format.Transport;
import org.dbuslab.runner.exec.CpuClock;
import org.dbuslab.runner.exec.CpuMeter;
import org.dbuslab.runner.exec.CpuPlacement;
import org.dbuslab.runner.exec.JavaRuntime;
import org.dbuslab.runner.exec.LabLayout;
import org.dbuslab.runner.exec.Service;
import org.dbuslab.runner.exec.Services;
import org.dbuslab.runner.exec.ShortTemp;
import org.dbuslab.runner.exec.Supervisor;
import org.dbuslab.runner.options.Durations;
import org.dbuslab.runner.options.SessionConfig;
import org.dbuslab.runner.session.AnalysisReport;
import org.dbuslab.runner.session.EnvironmentFile;
import org.dbuslab.runner.session.PlacementSwitch;
import org.dbuslab.runner.session.Session;
import org.dbuslab.runner.session.SessionLog;
import org.dbuslab.runner.session.SignalExit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * {@code lab/run-all.sh --scale}: the bus under load and at a distance (issue 15). Starts dbus-daemon, dbus-broker
 * and dbus-daemon-tcp (lab/bus.sh), the Java server on each and on p2p-unix and p2p-tcp, the raw TCP echo server,
 * systemd-stdio-bridge in front of dbus-daemon (remote busctl's path), one delay relay per target and delay (0
 * included), a second network namespace (two namespaces joined by a veth
 * pair, {@link NetnsPair}) with a dbus-daemon-tcp and the p2p-tcp server in one and their distance clients in the
 * other, and the distance series' persistent clients, all under one {@link Supervisor} (stopped, and the namespaces
 * removed, at the end, on a failure and on Ctrl-C). One warm-up pass of the distance points,
 * then blocks: every step of the {@link ScalePlan} once per block, in shuffled order, until the settings' most
 * blocks or until the budget would not hold another (at least the least). Rows go to scale-runs.csv as each run
 * ends; then the analysis jar writes the report. The whole session runs in the one placement of --placement (free
 * by default); pinned, a {@link PlacementSwitch} parks the idle distance clients and checks every process per block.
 */
public final class ScaleSession {

    public static final String PROG = "run-all.sh";
    static final Duration STOP_GRACE = Duration.ofSeconds(5);
    static final Duration REPORT_RESERVE = Duration.ofSeconds(30);
    /**
     * A tool step's --connect-timeout. Its connecting is not measured (each point's warm-up run absorbs it), and a
     * cold tool JVM's SASL against a server's first peer of the session, on one pinned CPU of a loaded 2-vCPU machine,
     * took over the tools' 10 s default once; 30 s still ends a connection that hangs.
     */
    static final int TOOL_CONNECT_TIMEOUT_MS = 30_000;

    /** The scale tool's arguments for STEP of BLOCK against ADDRESS (a p2p server's when P2P). */
    static List<String> toolArgs(ScaleStep.Tool step, String address, boolean p2p, int block, long orderSeed) {
        List<String> args = new ArrayList<>(List.of(step.series(), "--address", address));
        if (p2p) {
            args.add("--peer");
        }
        args.addAll(step.argsFor(block, orderSeed));
        args.addAll(List.of("--seed", Long.toString(orderSeed * 100 + block)));
        args.addAll(List.of("--connect-timeout", Integer.toString(TOOL_CONNECT_TIMEOUT_MS)));
        return args;
    }

    private final SessionConfig config;
    private final ScaleSettings settings;
    private final LabLayout layout;
    private final Map<String, String> env;
    private final SessionLog log;
    private final Clock clock;
    private final Path scaleJar;
    private final Placement placement;
    private final CpuPlacement cpus;
    private int failures;
    private boolean reportWritten;

    public ScaleSession(SessionConfig config, ScaleSettings settings, LabLayout layout, Map<String, String> env,
                        SessionLog log, Clock clock) {
        this.config = config;
        this.settings = settings;
        this.layout = layout;
        this.env = env;
        this.log = log;
        this.clock = clock;
        this.scaleJar = scaleJar(layout.repo());
        this.placement = config.arrangement().placements().get(0);
        this.cpus = CpuPlacement.ofThisProcess();
    }

    /** The settings of a command line: the preset, with --budget, --blocks (the most) and --min-blocks applied. */
    public static ScaleSettings settings(SessionConfig config) {
        int most = config.stopping().fixedBlocks() > 0 ? config.stopping().fixedBlocks() : ScaleSettings.PRESET.maxBlocks();
        return ScaleSettings.PRESET.withBudget(config.stopping().budget()).withBlocks(Math.min(config.stopping().minBlocks(), most), most);
    }

    public static Path scaleJar(Path repo) {
        return repo.resolve("scale/target/dbus-lab-scale.jar");
    }

    public boolean reportWritten() {
        return reportWritten;
    }

    /** The session; 0 when every call and signal was verified and nothing failed, else 1. */
    public int run(Path out) throws IOException, InterruptedException, Session.CannotRun {
        if (!Files.isRegularFile(scaleJar)) {
            throw new Session.CannotRun(3, "missing " + layout.repo().relativize(scaleJar)
                + " (run without --no-build, or build with mvn -B package -DskipTests)");
        }
        String unusable = cpus.unusableReason(placement, Services.onPath("taskset"));
        if (unusable != null) {
            throw new Session.CannotRun(2, unusable);
        }
        if (Files.exists(out.resolve(ScaleRunsCsv.FILE))) {
            throw new Session.CannotRun(2, out + " already holds a " + ScaleRunsCsv.FILE
                + "; choose another --out (results are never mixed)");
        }
        Path logs = out.resolve("logs");
        Files.createDirectories(logs);
        log.to(logs.resolve("session.log"));
        Supervisor supervisor = new Supervisor(STOP_GRACE, log::say).installShutdownHook()
            .recordPidsIn(logs.resolve("processes.tsv"));
        SignalExit.install(log, PROG, "stopping relays, clients, servers and buses, removing the network namespaces. "
            + "Completed runs are in "
            + out.resolve(ScaleRunsCsv.FILE));
        Path tmp = ShortTemp.create(Path.of(env.getOrDefault("TMPDIR", "/tmp")), "dbus-lab-scale.");
        supervisor.onClose("remove " + tmp, () -> deleteTree(tmp));
        JavaRuntime java = JavaRuntime.fromEnvironment(env);
        try {
            ScalePlan plan = ScalePlan.of(settings);
            Optional<Namespaces> netns = namespaces(supervisor, out, plan);
            if (netns.isEmpty()) {
                plan = plan.without(ScaleRunsCsv.ROUTE_NETNS);
            }
            log.say("== scale session: " + plan.steps().size() + " steps per block, " + settings.minBlocks() + " to "
                + settings.maxBlocks() + " blocks within " + Durations.format(settings.budget()) + "; results in " + out);
            log.say("   placement: " + cpus.describe(placement) + (placement == Placement.FREE ? "" : "; relays and the "
                + "bridge, as extra processes, on the bus's CPU; a tool step's process on the client's"));
            LabLayout jars = layout.snapshot(tmp.resolve("jars"), logs.resolve("jars.sha256"));
            Path scale = Files.copy(scaleJar, tmp.resolve("jars").resolve(scaleJar.getFileName()),
                StandardCopyOption.REPLACE_EXISTING);
            EnvironmentFile.write(supervisor, java, jars, config, cpus, out, logs, log);
            measure(supervisor, jars, scale, java, tmp, logs, out, plan, netns);
        } finally {
            supervisor.close();
        }
        reportWritten = report(out, logs, java);
        log.say("scale session took " + Durations.format(Duration.between(config.stopping().startedAt(), clock.instant()))
            + (failures == 0 ? "; every call and signal verified, none lost" : "; " + failures + " step(s) FAILED"));
        if (reportWritten) {
            log.say("report: " + out.resolve("report.md"));
        }
        return failures == 0 && reportWritten ? 0 : 1;
    }

    /** The second network namespace, made: ip and the pair. */
    record Namespaces(IpNetns ip, NetnsPair pair) {
        List<String> inBus() {
            return pair.inBusNs(ip.ip());
        }

        List<String> inClient() {
            return pair.inClientNs(ip.ip());
        }
    }

    /** A label of the second namespace's bus or server: logs/&lt;label&gt;/, services bus:&lt;label&gt;, srv:&lt;label&gt;. */
    static String netnsLabel(String transport) {
        return transport + "-netns";
    }

    /**
     * The second network namespace of PLAN's netns points: made now, its removal registered with SUPERVISOR first (so
     * it goes at the end, on a failure and on Ctrl-C, after the processes in it), or empty with the reason: one
     * skipped.tsv line per target and mode, or under CI=true a failure of the session.
     */
    private Optional<Namespaces> namespaces(Supervisor supervisor, Path out, ScalePlan plan) throws InterruptedException {
        List<ScaleStep.Distance> points = plan.points(ScaleRunsCsv.ROUTE_NETNS);
        if (points.isEmpty()) {
            return Optional.empty();
        }
        boolean ci = NetnsSupport.ci(env);
        Optional<Path> ipPath = NetnsSupport.findIp(env.get("PATH"), Files::isExecutable);
        IpNetns ip = ipPath.map(IpNetns::new).orElse(null);
        NetnsSupport.Decision decision = NetnsSupport.decide(effectiveUid(), ipPath, ip != null && ip.hasNetns(), ci);
        if (decision.measure()) {
            NetnsPair pair = NetnsPair.forSession(env, ProcessHandle.current().pid());
            supervisor.onClose("ip netns delete " + pair.clientNs() + " " + pair.busNs(), () -> ip.delete(pair));
            try {
                ip.create(pair);
                log.say("   second network namespace: " + pair.describe() + " (the same kernel and CPUs, a real IP path)");
                return Optional.of(new Namespaces(ip, pair));
            } catch (IpNetns.Failed e) {
                decision = NetnsSupport.failedToMake(e.getMessage(), ci);
            }
        }
        if (decision.action() == NetnsSupport.Action.FAIL) {
            failures++;
            log.say("FAILED: second network namespace: " + decision.reason() + " (CI=true: a cell that cannot run fails)");
        } else {
            SkippedTsv.FORMAT.append(out, NetnsSupport.skippedRows(points, decision.reason()));
            log.say("[skip] second network namespace: " + decision.reason() + " (skipped.tsv)");
        }
        return Optional.empty();
    }

    /**
     * The bridge's distance points cannot run (the caller leaves them out of the plan): WHY (a missing program names
     * its Debian package) goes to skipped.tsv as one line, or under CI=true fails the session.
     */
    private void skipBridge(Path out, String why) throws IOException {
        if (NetnsSupport.ci(env)) {
            failures++;
            log.say("FAILED: " + Transport.DBUS_DAEMON_BRIDGE.label() + ": " + why
                + " (CI=true: a cell that cannot run fails)");
            return;
        }
        SkippedTsv.FORMAT.append(out, List.of(new SkippedTsv.Row(Transport.DBUS_DAEMON_BRIDGE.label() + " distance", why)));
        log.say("[skip] " + Transport.DBUS_DAEMON_BRIDGE.label() + ": " + why + " (skipped.tsv)");
    }

    private static long effectiveUid() {
        try {
            return NetnsSupport.effectiveUid(Files.readAllLines(Path.of("/proc/self/status")));
        } catch (IOException e) {
            return -1;
        }
    }

    private void measure(Supervisor supervisor, LabLayout jars, Path scale, JavaRuntime java, Path tmp, Path logs,
                         Path out, ScalePlan plan, Optional<Namespaces> netns) throws IOException, InterruptedException {
        Instant startup = clock.instant();
        CpuPlacement.Pinning pinning = cpus.pinning(placement);
        Services services = new Services(supervisor, jars, java, pinning, tmp, logs, log::say);
        log.say("== starting buses, servers and relays");
        for (String bus : List.of("dbus-daemon", "dbus-broker", "dbus-daemon-tcp")) {
            if (!services.startBus(bus, bus, Map.of())) {
                log.say("[skip] " + bus + ": " + services.blocker(List.of("bus:" + bus)));
            }
        }
        String netnsBus = netnsLabel("dbus-daemon-tcp");
        if (netns.isPresent() && !services.startBus("dbus-daemon-tcp", netnsBus,
            Map.of("LAB_BUS_TCP_HOST", netns.get().pair().busAddress()), netns.get().inBus())) {
            log.say("[skip] " + netnsBus + ": " + services.blocker(List.of("bus:" + netnsBus)));
        }
        for (String t : List.of("dbus-daemon", "dbus-broker", "dbus-daemon-tcp", "p2p-unix", "p2p-tcp")) {
            if (!Services.isBus(t) || services.blocker(List.of("bus:" + t)) == null) {
                services.spawnJavaServer(t, t);
            }
        }
        if (netns.isPresent()) {
            // the servers live with the bus: only the client's connection crosses the veth pair
            for (String t : ScalePlan.NAMESPACE_TARGETS) {
                if (!Services.isBus(t) || services.blocker(List.of("bus:" + netnsLabel(t))) == null) {
                    services.spawnJavaServer(t, netnsLabel(t), netns.get().inBus(), netns.get().pair().p2pListen());
                }
            }
        }
        services.spawnRawServer("raw-tcp");
        services.awaitServers(s -> log.say("   server " + s.name() + " ready: " + s.address()),
            s -> log.say("[skip] " + s.name() + ": " + s.check()));
        String bridge = Transport.DBUS_DAEMON_BRIDGE.label();
        String busDown = services.blocker(List.of("bus:dbus-daemon"));
        if (busDown != null || !services.startRoute(Transport.DBUS_DAEMON_BRIDGE, "dbus-daemon")) {
            skipBridge(out, busDown != null ? "dbus-daemon did not start: " + busDown
                : services.blocker(List.of("route:" + bridge)));
            plan = plan.withoutTarget(bridge);
        }
        Map<String, String> targets = new LinkedHashMap<>();
        address(services, "bus:dbus-daemon-tcp").ifPresent(a -> targets.put("dbus-daemon-tcp", a));
        address(services, "srv:p2p-tcp").ifPresent(a -> targets.put("p2p-tcp", a));
        address(services, "route:" + bridge).ifPresent(a -> targets.put(bridge, a));
        address(services, "raw:raw-tcp").ifPresent(a -> targets.put("raw-tcp", a));
        Map<String, String> relayFailures = new LinkedHashMap<>();
        Relays relays = Relays.start(supervisor, java, scale, targets, List.copyOf(plan.relays()), logs.resolve("relays"),
            relayFailures, pinning.cpus(CpuPlacement.Role.EXTRA, true));
        relayFailures.forEach((k, why) -> log.say("[skip] relay " + k + ": " + why));
        DistanceClients distance = DistanceClients.start(supervisor, java, jars, plan,
            d -> route(services, relays, relayFailures, targets, netns, d), out, w -> log.say("warning: " + w));
        log.say("== " + plan.steps().size() + " steps per block, " + distance.size() + " distance clients; startup took "
            + Durations.format(Duration.between(startup, clock.instant())));

        CpuMeter meter = new CpuMeter(new CpuClock());
        CpuClock cpuClock = new CpuClock();
        // pinned: the idle distance clients wait off the measured CPU where the placement leaves one, and only the
        // client of the current run is on the client's CPU (as in the default session)
        PlacementSwitch placements = null;
        if (placement != Placement.FREE) {
            List<PlacementSwitch.Target> processes = new ArrayList<>(PlacementSwitch.targetsOf(services));
            processes.addAll(relays.targets());
            processes.addAll(distance.targets());
            placements = PlacementSwitch.startedAnywhere(cpus, processes);
            if (!placed(placements, "start")) {
                return;
            }
        }
        StepRunner steps = new StepRunner(supervisor, java, scale, services, distance, pinning, placements, meter,
            cpuClock, out, logs.resolve("scale"));
        log.say("== warm-up: every distance point once");
        for (ScaleStep step : plan.steps()) {
            if (step instanceof ScaleStep.Distance d) {
                steps.distance(d, "warmup", 0);
            }
        }
        Instant deadline = config.stopping().startedAt().plus(settings.budget()).minus(REPORT_RESERVE);
        Forecast forecast = new Forecast(settings);
        for (int block = 1; block <= settings.maxBlocks(); block++) {
            Instant blockStart = clock.instant();
            Duration nextBlock = forecast.remaining(plan.steps(), 0, 0, plan.steps());
            if (block > settings.minBlocks() && blockStart.plus(nextBlock).isAfter(deadline)) {
                log.say("== stopping after " + (block - 1) + " blocks: another (~" + Durations.format(nextBlock)
                    + ") would not fit the budget");
                break;
            }
            List<ScaleStep> order = plan.block(block, config.arrangement().orderSeed());
            log.say("== block " + block + " of " + blocksAllowed(block, blockStart, nextBlock, deadline) + ": "
                + order.size() + " steps");
            if (placements != null && !placed(placements, "block " + block)) {
                break;
            }
            for (int i = 0; i < order.size(); i++) {
                ScaleStep step = order.get(i);
                long t0 = System.nanoTime();
                String result = step instanceof ScaleStep.Tool tool ? steps.tool(tool, block)
                    : steps.distance((ScaleStep.Distance) step, "measure", block);
                if (result != null) {
                    failures++;
                }
                Duration took = Duration.ofNanos(System.nanoTime() - t0);
                forecast.record(step, took);
                // the blocks still to come at the forecast's pace, then the ETA
                Instant now = clock.instant();
                Duration restOfBlock = forecast.remaining(order, i + 1, 0, plan.steps());
                Duration fullBlock = forecast.remaining(plan.steps(), 0, 0, plan.steps());
                int allowed = blocksAllowed(block + 1, now.plus(restOfBlock), fullBlock, deadline) - 1;
                allowed = Math.max(block, allowed);
                String eta = eta(now, restOfBlock.plus(fullBlock.multipliedBy(allowed - block)));
                String line = "   [" + block + "/" + allowed + " " + (i + 1) + "/" + order.size() + "] " + step.id()
                    + ": " + (result == null ? "ok" : "FAILED: " + result) + " (" + Durations.format(took) + "); ETA " + eta;
                if (step instanceof ScaleStep.Tool || result != null) {
                    log.say(line);
                } else {
                    log.detail(line);
                }
            }
            log.say("   block " + block + " took " + Durations.format(Duration.between(blockStart, clock.instant()))
                + "; budget left " + Durations.format(Duration.between(clock.instant(), deadline.plus(REPORT_RESERVE))));
        }
        distance.quitAll();
    }

    /**
     * Every process where the placement wants it, every thread of each checked (Cpus_allowed_list); false, with the
     * session failed, when a process cannot be put there: no run is made in a placement that does not hold.
     */
    private boolean placed(PlacementSwitch placements, String when) throws InterruptedException {
        List<String> problems = placements.moveTo(placement);
        if (problems.isEmpty()) {
            log.detail("   placement " + placement.label() + " checked at " + when + ": " + placements.lastCheck());
            return true;
        }
        failures++;
        log.say("FAILED: placement " + placement.label() + " at " + when + ": " + String.join("; ", problems));
        return false;
    }

    /**
     * How many blocks the session will make when block BLOCK starts NOW: those before it, and as many blocks of
     * length PERBLOCK as fit before the deadline, within the least and the most.
     */
    static int blocksAllowed(int block, Instant now, Duration perBlock, Instant deadline, int min, int max) {
        long fit = Math.max(0, Duration.between(now, deadline).toMillis()) / Math.max(1, perBlock.toMillis());
        return (int) Math.max(min, Math.min(max, block - 1 + fit));
    }

    private int blocksAllowed(int block, Instant now, Duration perBlock, Instant deadline) {
        return blocksAllowed(block, now, perBlock, deadline, settings.minBlocks(), settings.maxBlocks());
    }

    /** The end of the session: now, the REST the forecast expects, and the report. */
    static String eta(Instant now, Duration rest) {
        Instant end = now.plus(rest).plus(REPORT_RESERVE);
        return java.time.format.DateTimeFormatter.ofPattern("HH:mm:ss").withZone(java.time.ZoneOffset.UTC).format(end)
            + " UTC";
    }

    private static Optional<String> address(Services services, String name) {
        return services.get(name).filter(s -> s.check() == null).map(Service::address);
    }

    private static DistanceClients.Route route(Services services, Relays relays, Map<String, String> relayFailures,
                                               Map<String, String> targets, Optional<Namespaces> netns,
                                               ScaleStep.Distance d) {
        String t = d.transport();
        boolean bus = Services.isBus(t);
        if (d.route().equals(ScaleRunsCsv.ROUTE_NETNS)) {
            String label = netnsLabel(t);
            Optional<String> address = address(services, bus ? "bus:" + label : "srv:" + label);
            if (netns.isEmpty() || address.isEmpty() || (bus && address(services, "srv:" + label).isEmpty())) {
                return DistanceClients.Route.unavailable(label + " did not start");
            }
            return new DistanceClients.Route(address.get(), t.startsWith("p2p-"),
                bus ? services.get("bus:" + label).map(Service::cpuPids).orElse(List.of()) : List.of(),
                services.get("srv:" + label).map(Service::cpuPids).orElse(List.of()), null, netns.get().inClient(), null);
        }
        if (!targets.containsKey(t)) {
            return DistanceClients.Route.unavailable(t + " did not start");
        }
        // a path's calls are answered by its bus's own echo server (the bridge's: dbus-daemon's); the bridge's CPU is
        // not read here (the default session's Real-world paths price it)
        String answering = Transport.ofLabel(t).map(x -> x.destination().label()).orElse(t);
        List<Long> busPids = Services.isBus(answering)
            ? services.get("bus:" + answering).map(Service::cpuPids).orElse(List.of()) : List.of();
        String server = t.startsWith("raw-") ? "raw:" + t : "srv:" + answering;
        List<Long> serverPids = services.get(server).map(Service::cpuPids).orElse(List.of());
        if (d.route().equals(ScaleRunsCsv.ROUTE_DIRECT)) {
            return new DistanceClients.Route(targets.get(t), t.startsWith("p2p-"), busPids, serverPids, null, List.of(),
                null);
        }
        Relays.Relay relay = relays.get(t, d.delayMs());
        if (relay == null) {
            return DistanceClients.Route.unavailable(relayFailures.getOrDefault(ScalePlan.relayKey(t, d.delayMs()),
                "no relay"));
        }
        return new DistanceClients.Route(relay.address(), t.startsWith("p2p-"), busPids, serverPids,
            relay.process().pid(), List.of(), null);
    }

    private boolean report(Path out, Path logs, JavaRuntime java) throws IOException, InterruptedException {
        if (!Files.exists(out.resolve(ScaleRunsCsv.FILE))) {
            log.say("no scale-runs.csv: nothing for the report");
            return false;
        }
        SignalExit.parkIfInterrupted();
        try (Supervisor supervisor = new Supervisor(STOP_GRACE, log::say).installShutdownHook()) {
            return AnalysisReport.write(supervisor, layout, java, out, logs, log);
        }
    }

    private static void deleteTree(Path root) {
        try (Stream<Path> walk = Files.walk(root)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // best effort: a temp folder
        }
    }

    /** Runs one step of a block and writes its rows; null when it was clean, else its first problem. */
    private final class StepRunner {
        private final Supervisor supervisor;
        private final JavaRuntime java;
        private final Path scale;
        private final Services services;
        private final DistanceClients distance;
        private final CpuPlacement.Pinning pinning;
        /** Null in free placement. */
        private final PlacementSwitch placements;
        private final CpuMeter meter;
        private final CpuClock cpuClock;
        private final Path out;
        private final Path logs;

        StepRunner(Supervisor supervisor, JavaRuntime java, Path scale, Services services, DistanceClients distance,
                   CpuPlacement.Pinning pinning, PlacementSwitch placements, CpuMeter meter, CpuClock cpuClock, Path out,
                   Path logs) {
            this.supervisor = supervisor;
            this.java = java;
            this.scale = scale;
            this.services = services;
            this.distance = distance;
            this.pinning = pinning;
            this.placements = placements;
            this.meter = meter;
            this.cpuClock = cpuClock;
            this.out = out;
            this.logs = logs;
        }

        String tool(ScaleStep.Tool step, int block) throws IOException, InterruptedException {
            String t = step.transport();
            boolean p2p = t.startsWith("p2p-");
            List<String> needs = new ArrayList<>();
            if (!p2p) {
                needs.add("bus:" + t);
            }
            if (step.series().equals("clients")) {
                needs.add("srv:" + t);
            }
            String blocked = services.blocker(needs);
            if (blocked != null) {
                return "not run: " + blocked;
            }
            String misplaced = focus(Optional.empty());
            if (misplaced != null) {
                return misplaced;
            }
            String address = services.get(p2p ? "srv:" + t : "bus:" + t).orElseThrow().address();
            List<String> args = toolArgs(step, address, p2p, block, config.arrangement().orderSeed());
            List<Long> bus = p2p ? List.of() : services.get("bus:" + t).orElseThrow().cpuPids();
            List<Long> server = step.series().equals("clients") ? services.get("srv:" + t).orElseThrow().cpuPids() : List.of();
            Path base = logs.resolve(step.id().replace(' ', '-') + "-b" + block);
            Duration timeout = Duration.ofSeconds(120 + 30L * step.measuredRuns());
            ToolRun.Outcome o = ToolRun.run(supervisor, java.jar(scale, List.of(), args),
                pinning.cpus(CpuPlacement.Role.CLIENT, !p2p), base, block, bus, server, meter, out, timeout, log::detail);
            if (o.problem() != null) {
                return o.problem();
            }
            return o.unclean() > 0 ? o.unclean() + " run(s) not clean" : null;
        }

        String distance(ScaleStep.Distance d, String phase, int block) throws InterruptedException {
            String misplaced = focus(Optional.of(d.clientKey()));
            if (misplaced != null) {
                return misplaced;
            }
            ScaleRunsCsv.Row row = distance.run(d, phase, block, settings.payloadBytes(),
                config.arrangement().orderSeed() * 100 + block, config.run().cellTimeout(), meter, cpuClock);
            ScaleRunsCsv.append(out, row);
            if (!row.measured() && row.problem().startsWith("not run")) {
                return row.problem();
            }
            return row.measured() && !row.clean() ? row.problem() : null;
        }

        /**
         * Where the placement parks idle clients: CLIENTKEY's client (empty: none, a tool step) on the client's CPU,
         * the previous run's back to the parking CPU. Null when in place, else why the step is not run.
         */
        private String focus(Optional<String> clientKey) throws InterruptedException {
            if (placements == null) {
                return null;
            }
            List<String> problems = placements.focus(clientKey);
            return problems.isEmpty() ? null : "not run: placement " + placement.label() + ": " + String.join("; ", problems);
        }
    }
}
