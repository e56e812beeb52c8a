package org.dbuslab.runner.session;

import org.dbuslab.format.Library;
import org.dbuslab.format.NotesTsv;
import org.dbuslab.format.OverLimit;
import org.dbuslab.format.Pair;
import org.dbuslab.format.RunsCsv;
import org.dbuslab.format.RunsCsvWriter;
import org.dbuslab.format.Transport;
import org.dbuslab.runner.exec.ClientCds;
import org.dbuslab.runner.exec.ClientCommand;
import org.dbuslab.runner.exec.ClientProcess;
import org.dbuslab.runner.exec.CpuClock;
import org.dbuslab.runner.exec.CpuMeter;
import org.dbuslab.runner.exec.CpuPlacement;
import org.dbuslab.runner.exec.JavaRuntime;
import org.dbuslab.runner.exec.LabLayout;
import org.dbuslab.runner.exec.Launch;
import org.dbuslab.runner.exec.LibraryPrograms;
import org.dbuslab.runner.exec.PayloadFiles;
import org.dbuslab.runner.exec.ServerWarmup;
import org.dbuslab.runner.exec.Services;
import org.dbuslab.runner.exec.ShortTemp;
import org.dbuslab.runner.exec.SpamRun;
import org.dbuslab.runner.exec.StaggeredStart;
import org.dbuslab.runner.exec.Supervisor;
import org.dbuslab.runner.options.Durations;
import org.dbuslab.runner.options.SessionConfig;
import org.dbuslab.runner.options.SessionOptions;
import org.dbuslab.runner.plan.Cell;
import org.dbuslab.runner.plan.CellKind;
import org.dbuslab.runner.plan.ClientKey;
import org.dbuslab.runner.plan.SessionPlan;
import org.dbuslab.runner.progress.ProgressText;
import org.dbuslab.runner.record.ResultsFolder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One session (docs/RUNNER-DESIGN.md): start the services, one persistent client per client key, warm-up
 * blocks until every Java client's JIT is quiet (or the warm-up budget is spent), then measured blocks until
 * the precision target is met (or the budget is spent, or the fixed count is done); every run is in runs.csv
 * as soon as it ends. The scenarios run before the services start, the analysis after everything is stopped.
 */
public final class Session {

    public static final String PROG = "run-all.sh";
    static final Duration STOP_GRACE = Duration.ofSeconds(5);
    /** How long a client may take to be ready (JVM start, connect, first Ping). */
    static final Duration CLIENT_READY_TIMEOUT = Duration.ofSeconds(60);
    static final Duration SPAM_TIMEOUT_MAX = Duration.ofSeconds(300);

    /** The session could not start here (exit 3), or the command line's folder is unusable (exit 2). */
    public static final class CannotRun extends Exception {
        private final int exitCode;

        public CannotRun(int exitCode, String message) {
            super(message);
            this.exitCode = exitCode;
        }

        public int exitCode() {
            return exitCode;
        }
    }

    private final SessionConfig config;
    private final LabLayout layout;
    private final Map<String, String> env;
    private final SessionLog log;
    private final Clock clock;
    private final Tally tally = new Tally();
    private final CpuPlacement cpus = CpuPlacement.ofThisProcess();
    private SessionServices services;
    private boolean reportWritten;

    public Session(SessionConfig config, LabLayout layout, Map<String, String> env, SessionLog log, Clock clock) {
        this.config = config;
        this.layout = layout;
        this.env = env;
        this.log = log;
        this.clock = clock;
    }

    /** The results folder: --out, or results/UTC-TIMESTAMP in the repository; refused if it holds a runs.csv. */
    public static Path outFolder(SessionConfig config, Path repo, Instant now) throws CannotRun {
        Path out = config.output().folder().orElseGet(() -> repo.resolve("results").resolve(
            java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH-mm-ss'Z'")
                .withZone(java.time.ZoneOffset.UTC).format(now)));
        try {
            SessionOptions.refuseUsedOut(out);
        } catch (picocli.CommandLine.ParameterException e) {
            throw new CannotRun(2, e.getMessage());
        }
        return out.toAbsolutePath().normalize();
    }

    /** Runs the session; its exit code (0 clean, 1 something failed). Interrupts end the JVM (SignalExit). */
    public int run(Path out) throws IOException, InterruptedException, CannotRun {
        for (org.dbuslab.format.Placement p : config.arrangement().placements()) {
            String why = cpus.unusableReason(p, SessionServices.onPath("taskset"));
            if (why != null) {
                throw new CannotRun(3, why + (p == org.dbuslab.format.Placement.FREE ? "" : "; --placement free pins nothing"));
            }
        }
        ResultsFolder folder;
        try {
            folder = ResultsFolder.create(out);
        } catch (java.io.UncheckedIOException e) {
            throw new CannotRun(2, "cannot create " + out);
        }
        Path logs = out.resolve(ResultsFolder.LOGS);
        log.to(logs.resolve("session.log"));
        keepBuildLog(logs);
        Supervisor supervisor = new Supervisor(STOP_GRACE, log::say).installShutdownHook()
            .recordPidsIn(logs.resolve("processes.tsv"));
        SignalExit.install(log, PROG, "stopping clients, servers and buses. Completed runs are in " + out.resolve(RunsCsv.FILE));
        Path tmp = ShortTemp.create(Path.of(env.getOrDefault("TMPDIR", "/tmp")), "dbus-lab.");
        supervisor.onClose("remove " + tmp, () -> deleteTree(tmp));
        JavaRuntime java = JavaRuntime.fromEnvironment(env);
        SessionPlan plan = SessionPlan.of(config);
        Finish finish = new Finish(config, layout, log, tally);
        describe(out, java, plan);
        try {
            LabLayout jars = layout.snapshot(tmp.resolve("jars"), logs.resolve("jars.sha256"));
            folder.writePlan(plan, org.dbuslab.runner.plan.Rotation.of(plan.cells(), config.arrangement().rotation()), plannedBlocks(),
                config.stopping().warmupBlocks());
            EnvironmentFile.write(supervisor, java, jars, config, cpus, out, logs, log);
            // the scenarios and the analysis use the repository's jars; the scenarios come first (Finish)
            finish.scenarios(out, logs);
            measure(supervisor, folder, jars, java, tmp, logs, plan);
        } finally {
            supervisor.close();
        }
        reportWritten = finish.report(out, logs, java);
        log.say("");
        if (services != null) {
            services.skippedTransports().forEach((t, reason) -> log.say("skipped transport: " + t.label() + ": " + reason));
            services.missingHooks().forEach((pair, reason) -> log.say("skipped pair " + pair.replace("@", " on ") + ": " + reason));
        }
        tally.summary(plan.cells().size()).forEach(log::say);
        log.say("session took " + Durations.format(Duration.between(config.stopping().startedAt(), clock.instant())));
        if (reportWritten) {
            log.say("report: " + out.resolve("report.md"));
        }
        return tally.exitCode();
    }

    private void measure(Supervisor supervisor, ResultsFolder folder, LabLayout jars, JavaRuntime java, Path tmp,
                         Path logs, SessionPlan initialPlan) throws IOException, InterruptedException {
        Instant startup = clock.instant();
        Services services = new Services(supervisor, jars, java, cpus.pinning(firstPlacement()), tmp, logs, log::say);
        SessionServices session = new SessionServices(services, new LibraryPrograms(layout.repo(), env, java), folder, log);
        this.services = session;
        boolean testTool = SessionServices.onPath("dbus-test-tool");
        session.startAll(config, initialPlan, testTool);
        Duration spamTimeout = config.run().cellTimeout().compareTo(SPAM_TIMEOUT_MAX) < 0 ? config.run().cellTimeout() : SPAM_TIMEOUT_MAX;
        Path scratch = Files.createDirectories(tmp.resolve("spam"));
        SpamRun spam = new SpamRun(supervisor, layout.timedRun(), scratch, spamTimeout,
            cpus.cpus(config.arrangement().homePlacement(), CpuPlacement.Role.EXTRA, true), session.spamProgram(), true);
        PayloadFiles payloads = new PayloadFiles(tmp);
        if (config.others().reference()) {
            for (Transport t : Transport.REFERENCE_BUSES) {
                if (config.matrix().has(t) && services.blocker(List.of("bus:" + t.label(), "srv:" + t.label(),
                        SessionServices.PROG_SPAM)) == null) {
                    ServerWarmup.warm(spam, services, payloads, t.label(), config.others().referenceSizes(), config.matrix().window(),
                        logs.resolve(t.label()).resolve("server-warmup.err"), log::say);
                }
            }
        }
        List<String> cds = prepareCds(supervisor, java, jars, tmp, logs, session, initialPlan);
        if (initialPlan.cells().stream().anyMatch(c -> c.kind() == CellKind.OVERLIMIT) && config.matrix().has(Transport.DBUS_BROKER)) {
            folder.note(OverLimit.TOPIC, OverLimit.INFO, "dbus-broker has no pending-reply limit (it ignores"
                + " max_replies_per_connection), so the over-limit check runs on dbus-daemon only");
        }
        Map<ClientKey, String> clientProblems = new HashMap<>();
        Map<ClientKey, ClientProcess> clients = startClients(supervisor, java, jars, cds, folder, session, initialPlan,
            clientProblems, new LibraryPrograms(layout.repo(), env, java));
        log.say("== " + initialPlan.cells().size() + " cells, " + clients.size() + " persistent clients; startup took "
            + Durations.format(Duration.between(startup, clock.instant())));

        RunsCsvWriter csv = RunsCsvWriter.session(folder.dir().resolve(RunsCsv.FILE));
        CellRunner runner = new CellRunner(session, clients, clientProblems, spam, payloads, new CpuMeter(new CpuClock()),
            csv, folder, logs, config.run().cellTimeout(), tally, log);
        folder.note(NotesTsv.SESSION, NotesTsv.STARTED, "the blocks began; " + NotesTsv.COMPLETE + " follows when they end");
        PlacementSwitch placements = new PlacementSwitch(cpus, SessionProcesses.targets(services, clients), firstPlacement());
        SessionProcesses.notePlacements(folder, config, cpus);
        String moves = "   processes are moved between CPUs with " + org.dbuslab.runner.exec.Affinity.how();
        if (moves.contains("taskset")) {
            log.say(moves); // a few ms more between runs: worth a line on stderr
        } else {
            log.detail(moves);
        }
        try (HostSpeedWatch hostSpeed = hostSpeedWatch(folder)) {
            new Blocks(config, clock, log, folder, runner, session, tally, placements, hostSpeed)
                .run(initialPlan, clients.keySet());
        }
        if (!SignalExit.interrupted()) {
            folder.note(NotesTsv.SESSION, NotesTsv.COMPLETE, "the blocks ended");
        }
        if (config.others().profile() && !SignalExit.interrupted()) {
            new ProfilePass(session, clients, payloads, folder, tmp, config.run().cellTimeout(), log)
                .run(initialPlan.cells(), config.matrix().modes(), placements);
        }
        for (ClientProcess c : clients.values()) {
            c.quit(Duration.ofSeconds(10));
        }
        spam.close();
    }

    /**
     * The host-speed probe over the CPUs the placements measure on; one that reads nothing, said on stderr, where its
     * threads cannot be pinned: the session then measures as before, with no half set aside.
     */
    private HostSpeedWatch hostSpeedWatch(ResultsFolder folder) throws InterruptedException {
        try {
            HostSpeedWatch watch = HostSpeedWatch.of(org.dbuslab.runner.exec.HostSpeedProbe.on(cpus.measuring()), cpus,
                folder.dir(), log::say);
            log.detail("   " + watch.describe());
            return watch;
        } catch (IllegalStateException e) {
            log.say("  [!] no host-speed probe, so no half-block is set aside for a slowed host: " + e.getMessage());
            return HostSpeedWatch.none();
        }
    }

    /** report.md was written (its path is then the only line on stdout). */
    public boolean reportWritten() {
        return reportWritten;
    }

    private List<String> prepareCds(Supervisor supervisor, JavaRuntime java, LabLayout jars, Path tmp, Path logs,
                                    SessionServices session, SessionPlan plan) throws IOException, InterruptedException {
        for (Transport t : config.matrix().transports()) {
            String name = "srv:" + t.label();
            if (session.services().blocker(t.isBus() ? List.of("bus:" + t.label(), name) : List.of(name)) == null) {
                String address = session.services().get(t.isBus() ? "bus:" + t.label() : name).orElseThrow().address();
                return ClientCds.prepare(supervisor, java, jars, tmp.resolve("jars/dbus-lab-client.jsa"), address,
                    !t.isBus(), logs, env, log::say);
            }
        }
        return List.of();
    }

    /**
     * One client per key whose cells can run, a few at a time ({@link StaggeredStart}).
     */
    private Map<ClientKey, ClientProcess> startClients(Supervisor supervisor, JavaRuntime java, LabLayout jars,
                                                       List<String> cds, ResultsFolder folder, SessionServices session,
                                                       SessionPlan plan, Map<ClientKey, String> problems,
                                                       LibraryPrograms programs)
        throws IOException, InterruptedException {
        Map<ClientKey, Launch> launches = new LinkedHashMap<>();
        for (ClientKey key : plan.clientKeys()) {
            Cell first = plan.cells().stream().filter(c -> c.clientKey().filter(key::equals).isPresent())
                .filter(c -> session.blocked(c) == null).findFirst().orElse(null);
            if (first == null) {
                continue;
            }
            Path latency = folder.dir().resolve(ResultsFolder.latencyLog(key.name()));
            String address = session.addressFor(first);
            String t = key.transport().label();
            boolean peer = !key.transport().isBus();
            // on a bus the pair's server by its name (the Java server's is the client's default); p2p has one server
            String dest = peer || key.pair().server() == Library.DBUS_JAVA ? null : key.pair().server().busName();
            List<String> command = switch (first.kind()) {
                case RAW -> ClientCommand.raw(java, jars, address, t, key.mode().label(), latency);
                case GLIB, SDBUS, STOCK -> programs.client(key.pair().client(), address, peer, dest, key.mode().label(),
                    first.window(), first.payloadBytes(), latency);
                default -> ClientCommand.java(java, jars, cds, address, peer && first.kind() == CellKind.JAVA,
                    key.pair() == Pair.JAVA_LIBDBUS ? Services.LIBDBUS_ECHO_NAME : dest, t, key.mode().label(), latency);
            };
            // on every allowed CPU: pinned to the first placement's client CPU, the 75 JVMs of a default session started
            // on one CPU of two while the other idled (74 s on an AMD EPYC VM, 2026-12-07); the first block pins them
            Launch launch = Launch.of(folder.dir().resolve(ResultsFolder.LOGS).resolve(t).resolve("client." + key.name()),
                command).on(CpuPlacement.Cpus.ANY);
            launches.put(key, launch);
        }
        StaggeredStart.Outcome<ClientKey> started = StaggeredStart.start(supervisor, launches, key -> "client:" + key.name(),
            CLIENT_READY_TIMEOUT, (key, why) -> log.say("  client " + key.name() + " did not connect (" + why
                + "); starting it once more"));
        started.failed().forEach((k, why) -> {
            problems.put(k, "client could not connect: " + why);
            log.say("  [!] client " + k.name() + ": " + why);
        });
        return started.ready();
    }

    /** The placement the processes start in: the first block's first (BlockOrder#placementsOfBlock). */
    private org.dbuslab.format.Placement firstPlacement() {
        return config.arrangement().placements().get(0);
    }

    private int plannedBlocks() {
        return config.stopping().fixedBlocks() > 0 ? config.stopping().fixedBlocks() : config.stopping().minBlocks();
    }

    private void describe(Path out, JavaRuntime java, SessionPlan plan) {
        log.say(PROG + ": results in " + out);
        ProgressText.sessionStart(config, plan).forEach(log::say);
        log.say("JVM flags of servers and clients: '" + java.flagsText() + "'; " + String.join("; ",
            config.arrangement().placements().stream().map(cpus::describe).toList()));
    }

    /** The launcher builds before the runner starts: its log (LAB_BUILD_LOG) goes to logs/build.log. */
    private void keepBuildLog(Path logs) throws IOException {
        String build = env.get("LAB_BUILD_LOG");
        if (build != null && Files.isRegularFile(Path.of(build))) {
            Files.copy(Path.of(build), logs.resolve("build.log"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static void deleteTree(Path root) {
        try (var paths = Files.walk(root)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // a temp folder: best effort
        }
    }

}
