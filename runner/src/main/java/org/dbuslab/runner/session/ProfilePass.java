package org.dbuslab.runner.session;

import org.dbuslab.format.CollapsedStacks;
import org.dbuslab.format.ControlProtocol;
import org.dbuslab.format.Placement;
import org.dbuslab.format.ProfilesTsv;
import org.dbuslab.runner.exec.ClientProcess;
import org.dbuslab.runner.exec.CpuClock;
import org.dbuslab.runner.exec.CpuMeter;
import org.dbuslab.runner.exec.PayloadFiles;
import org.dbuslab.runner.exec.SpamRun;
import org.dbuslab.runner.options.Durations;
import org.dbuslab.runner.plan.Cell;
import org.dbuslab.runner.plan.ClientKey;
import org.dbuslab.runner.plan.Mode;
import org.dbuslab.runner.plan.ProfilePlan;
import org.dbuslab.runner.profile.AsyncProfilerAgent;
import org.dbuslab.runner.profile.AsyncProfilerOutput;
import org.dbuslab.runner.profile.PerfRecord;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.stream.Collectors;

/**
 * The profiling pass (issue 25, docs/RUNNER-DESIGN.md "Profiling pass"), after the measured blocks and never during
 * them: for each cell of {@link ProfilePlan}, in free placement, runs of that cell through its persistent client (a
 * spam process for libdbus) while its client, server and bus are profiled: the JVMs with async-profiler's cpu event,
 * the others with perf record -e cpu-clock, {@link ProfilePlan#CPU_WINDOW} at once; then a JVM client's calling thread
 * (main) alone with async-profiler's wall clock. Each profile goes to profiles/CELL.ROLE.KIND.collapsed (the format's
 * {@link CollapsedStacks}) with a profiles.tsv row; the runs go to no runs.csv row (their latency-log intervals are
 * tagged profile.*). A role that cannot be profiled is skipped with its reason in the session log and notes.tsv; the
 * pass never fails the session.
 */
final class ProfilePass {

    static final String NOTE_TOPIC = "profile";
    private static final String TAG = "profile";

    private final SessionServices services;
    private final Map<ClientKey, ClientProcess> clients;
    private final PayloadFiles payloads;
    private final org.dbuslab.runner.record.ResultsFolder folder;
    private final Path scratch;
    private final Duration cellTimeout;
    private final SessionLog log;
    private final CpuMeter meter = new CpuMeter(new CpuClock());
    private final Path profiles;
    private AsyncProfilerAgent agent;
    private String agentMissing;
    private String perfMissing;
    private String perfVersion = PerfRecord.NAME;
    private int tags;

    ProfilePass(SessionServices services, Map<ClientKey, ClientProcess> clients, PayloadFiles payloads,
                org.dbuslab.runner.record.ResultsFolder folder, Path tmp, Duration cellTimeout, SessionLog log) {
        this.services = services;
        this.clients = clients;
        this.payloads = payloads;
        this.folder = folder;
        this.scratch = tmp.resolve("profile");
        this.cellTimeout = cellTimeout;
        this.log = log;
        this.profiles = folder.dir().resolve(ProfilesTsv.FOLDER);
    }

    /** Profiles the cells of PLANNED that ProfilePlan names; PLACEMENTS moves every process to free placement first. */
    void run(List<Cell> planned, List<Mode> modes, PlacementSwitch placements) throws IOException, InterruptedException {
        List<Cell> cells = ProfilePlan.cells(planned);
        List<String> missing = ProfilePlan.missing(planned, modes);
        log.say("== profiling pass (not measured): " + cells.size() + " cells on " + ProfilePlan.TRANSPORT.label()
            + (missing.isEmpty() ? "" : "; not in this session: " + String.join(", ", missing)));
        if (cells.isEmpty()) {
            folder.note(NOTE_TOPIC, "info", "profiling pass: no cell to profile (it profiles each library against itself"
                + " on " + ProfilePlan.TRANSPORT.label() + ")");
            return;
        }
        long started = System.nanoTime();
        Files.createDirectories(profiles);
        Files.createDirectories(scratch);
        ProfilesTsv.FORMAT.create(profiles);
        try {
            agent = AsyncProfilerAgent.extract(scratch);
        } catch (IOException e) {
            agentMissing = e.getMessage();
        }
        perfMissing = PerfRecord.unavailable(scratch);
        if (perfMissing == null) {
            perfVersion = PerfRecord.describe();
        }
        List<String> refused = placements.moveTo(Placement.FREE);
        if (!refused.isEmpty()) {
            log.say("   free placement not set up (profiling where the processes are): " + String.join("; ", refused));
        }
        int written = 0;
        for (Cell cell : cells) {
            if (SignalExit.interrupted()) {
                return;
            }
            SessionServices.Blocked blocked = services.blocked(cell);
            if (blocked != null) {
                skip(cell, "all", blocked.reason());
                continue;
            }
            try {
                written += cell.kind().spam() ? profileSpam(cell) : profileClient(cell);
            } catch (IOException e) {
                skip(cell, "all", e.getMessage());
            }
        }
        log.say("   profiling pass: " + written + " profiles in " + folder.dir().relativize(profiles) + "/, took "
            + Durations.format(Duration.ofNanos(System.nanoTime() - started)));
    }

    /** One role of a cell: its processes, whether they are one JVM, and what runs there. */
    private record Role(String name, String program, List<Long> pids, boolean jvm) {
    }

    /** A profiler running on one role. */
    private record Running(Role role, PerfRecord perf, String event, Path raw, Path logFile) {
    }

    private int profileClient(Cell cell) throws IOException, InterruptedException {
        ClientProcess client = clients.get(cell.clientKey().orElseThrow());
        if (client == null) {
            throw new IOException("its client is not running");
        }
        List<Role> roles = new ArrayList<>();
        roles.add(role(ProfilesTsv.CLIENT, cell.pair().client().label(), List.of(client.pid())));
        roles.addAll(serverAndBus(cell));
        int calls = settle(cell, client);
        // CPU: every role at once
        List<Running> running = startCpu(cell, roles);
        CpuMeter.Reading cpu = meter.start(List.of(client.pid()), pidsOf(roles, ProfilesTsv.BUS), pidsOf(roles, ProfilesTsv.SERVER));
        long t0 = System.nanoTime();
        long made;
        try {
            made = runFor(cell, client, calls, ProfilePlan.CPU_WINDOW);
        } catch (IOException e) {
            running.forEach(this::abandon);
            throw e;
        }
        long wallNs = System.nanoTime() - t0;
        CpuMeter.Cpu used = cpu.stop();
        int written = finishCpu(cell, running, wallNs, used, made);
        // the calling thread's wall clock: a JVM client's main thread, alone
        Role clientRole = roles.get(0);
        if (clientRole.jvm() && agent != null) {
            try {
                written += profileWall(cell, client, clientRole, calls);
            } catch (IOException e) {
                skip(cell, "client's calling thread (wall clock)", e.getMessage());
            }
        }
        return written;
    }

    /** The wall clock of a JVM client's calling thread (main) alone, for {@link ProfilePlan#WALL_WINDOW} of runs. */
    private int profileWall(Cell cell, ClientProcess client, Role clientRole, int calls)
        throws IOException, InterruptedException {
        Path raw = scratch.resolve("wall.collapsed");
        Path agentLog = scratch.resolve("wall.log");
        Files.deleteIfExists(raw);
        agent.startWall(client.pid(), agentLog);
        long w0 = System.nanoTime();
        long wallCalls;
        try {
            wallCalls = runFor(cell, client, calls, ProfilePlan.WALL_WINDOW);
        } finally {
            agent.stop(client.pid(), raw, agentLog);
        }
        CollapsedStacks.Builder b = new CollapsedStacks.Builder();
        AsyncProfilerOutput.read(raw, "main", b);
        write(cell, clientRole, ProfilesTsv.WALL, agent.describe(), "wall", b, System.nanoTime() - w0, -1, wallCalls,
            "main");
        return 1;
    }

    /**
     * libdbus: the spam client (libdbus-spam) is one process per run, so it runs under perf record once, with as many calls as
     * take about {@link ProfilePlan#CPU_WINDOW}, while its server and bus are profiled.
     */
    private int profileSpam(Cell cell) throws IOException, InterruptedException {
        if (perfMissing != null) {
            throw new IOException(perfMissing);
        }
        String address = services.addressFor(cell);
        String dest = cell.pair().server().busName();
        Path payload = payloads.of(cell.payloadBytes());
        Map<String, String> env = Map.of("DBUS_SESSION_BUS_ADDRESS", address);
        int probe = Math.max(200, 2 * cell.window());
        // one unprofiled spam process sets the calls of the profiled one
        ProcessBuilder timed = new ProcessBuilder(SpamRun.spamCommand(services.spamProgram(), dest, probe, cell.window()))
            .redirectInput(payload.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectError(ProcessBuilder.Redirect.DISCARD);
        timed.environment().putAll(env);
        long p0 = System.nanoTime();
        Process probeRun = timed.start();
        if (!probeRun.waitFor(cellTimeout.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS) || probeRun.exitValue() != 0) {
            probeRun.destroyForcibly();
            throw new IOException("libdbus-spam did not make " + probe + " calls (exit "
                + (probeRun.isAlive() ? "none" : probeRun.exitValue()) + ")");
        }
        long probeNs = Math.max(1, System.nanoTime() - p0);
        int calls = (int) Math.max(probe, Math.min(5_000_000L,
            (long) probe * ProfilePlan.CPU_WINDOW.toNanos() / probeNs));
        List<Role> roles = serverAndBus(cell);
        List<Running> running = startCpu(cell, roles);
        CpuMeter.Reading cpu = meter.start(List.of(), pidsOf(roles, ProfilesTsv.BUS), pidsOf(roles, ProfilesTsv.SERVER));
        Path data = scratch.resolve("client.perf.data");
        Path perfLog = scratch.resolve("client.perf.log");
        long t0 = System.nanoTime();
        PerfRecord spam = PerfRecord.around(SpamRun.spamCommand(services.spamProgram(), dest, calls, cell.window()), payload, env, data, perfLog);
        int exit;
        try {
            exit = spam.awaitExit(cellTimeout);
        } catch (IOException e) {
            running.forEach(this::abandon);
            throw e;
        }
        long wallNs = System.nanoTime() - t0;
        CpuMeter.Cpu used = cpu.stop();
        int written = finishCpu(cell, running, wallNs, used, calls);
        if (exit != 0) {
            spam.abandon();
            skip(cell, ProfilesTsv.CLIENT, "libdbus-spam under perf record exited " + exit);
            return written;
        }
        CollapsedStacks.Builder b = new CollapsedStacks.Builder();
        spam.collapse(b);
        write(cell, role(ProfilesTsv.CLIENT, cell.pair().client().label(), List.of()), ProfilesTsv.CPU, perfVersion,
            PerfRecord.EVENT, b, wallNs, -1, calls, "");
        return written + 1;
    }

    /** The cell's server and bus, each when it has processes. */
    private List<Role> serverAndBus(Cell cell) {
        List<Role> roles = new ArrayList<>();
        List<Long> server = services.cpuPids(SessionServices.serverOf(cell));
        if (!server.isEmpty()) {
            roles.add(role(ProfilesTsv.SERVER, cell.pair().server().label(), server));
        }
        if (cell.transport().isBus()) {
            List<Long> bus = services.cpuPids("bus:" + cell.transport().destination().label());
            if (!bus.isEmpty()) {
                roles.add(role(ProfilesTsv.BUS, cell.transport().implementation().label(), bus));
            }
        }
        return roles;
    }

    private static Role role(String name, String program, List<Long> pids) {
        return new Role(name, program, pids, pids.size() == 1 && AsyncProfilerOutput.isJvm(pids.get(0)));
    }

    private static List<Long> pidsOf(List<Role> roles, String name) {
        return roles.stream().filter(r -> r.name().equals(name)).findFirst().map(Role::pids).orElse(List.of());
    }

    /**
     * Runs for {@link ProfilePlan#SETTLE}, and a JVM client on until its JIT is quiet in
     * {@link ProfilePlan#QUIET_RUNS} runs in a row (at most {@link ProfilePlan#SETTLE_MAX}); the calls per run that make
     * a run about {@link ProfilePlan#RUN_TARGET}.
     */
    private int settle(Cell cell, ClientProcess client) throws IOException, InterruptedException {
        int first = Math.max(2 * cell.window(), Math.min(cell.calls(), 200));
        long t0 = System.nanoTime();
        ControlProtocol.Done done = once(cell, client, first);
        long perRun = (long) first * ProfilePlan.RUN_TARGET.toNanos() / Math.max(1, done.elapsedNanos());
        int calls = (int) Math.max(2L * cell.window(), Math.min(1_000_000L, perRun));
        long jit = Long.MAX_VALUE;
        int quietRuns = 0;
        while (true) {
            long elapsed = System.nanoTime() - t0;
            boolean quiet = done.jitMillis() < 0 || quietRuns >= ProfilePlan.QUIET_RUNS;
            if (elapsed >= ProfilePlan.SETTLE_MAX.toNanos() || elapsed >= ProfilePlan.SETTLE.toNanos() && quiet) {
                if (!quiet) {
                    log.say("   " + cell.describe() + ": its client still compiled " + jit + " ms in a run after "
                        + Durations.format(ProfilePlan.SETTLE_MAX) + "; profiling it anyway");
                }
                return calls;
            }
            done = once(cell, client, calls);
            jit = done.jitMillis();
            quietRuns = jit <= ProfilePlan.QUIET_JIT_MS ? quietRuns + 1 : 0;
        }
    }

    /** Runs of CALLS calls until WINDOW has passed; the calls made. */
    private long runFor(Cell cell, ClientProcess client, int calls, Duration window) throws IOException, InterruptedException {
        long end = System.nanoTime() + window.toNanos();
        long made = 0;
        do {
            made += once(cell, client, calls).calls();
        } while (System.nanoTime() < end);
        return made;
    }

    private ControlProtocol.Done once(Cell cell, ClientProcess client, int calls) throws IOException, InterruptedException {
        String tag = TAG + "." + cell.id() + "." + (++tags);
        ClientProcess.Outcome outcome = client.run(new ControlProtocol.Run(ControlProtocol.PHASE_WARMUP, tag,
            cell.payloadBytes(), cell.window(), calls, 20_250_000L + tags), cellTimeout, meter, List.of(), List.of());
        if (!outcome.finished()) {
            throw new IOException("client: " + outcome.problem());
        }
        ControlProtocol.Done done = outcome.done();
        if (done.lost() + done.mismatched() + done.errors() > 0) {
            throw new IOException("client: a profiling run lost " + done.lost() + ", mismatched " + done.mismatched()
                + " and failed " + done.errors() + " calls");
        }
        return done;
    }

    /** Starts a CPU profiler on every role it can; a role it cannot is skipped with the reason. */
    private List<Running> startCpu(Cell cell, List<Role> roles) throws InterruptedException {
        List<Running> running = new ArrayList<>();
        for (Role r : roles) {
            Path raw = scratch.resolve(r.name() + (r.jvm() ? ".collapsed" : ".perf.data"));
            Path agentLog = scratch.resolve(r.name() + ".log");
            try {
                Files.deleteIfExists(raw);
                if (r.jvm()) {
                    if (agent == null) {
                        throw new IOException(agentMissing);
                    }
                    running.add(new Running(r, null, agent.startCpu(r.pids().get(0), agentLog), raw, agentLog));
                } else {
                    if (perfMissing != null) {
                        throw new IOException(perfMissing);
                    }
                    running.add(new Running(r, PerfRecord.attach(r.pids(), raw, agentLog), PerfRecord.EVENT, raw, agentLog));
                }
            } catch (IOException e) {
                skip(cell, r.name(), e.getMessage());
            }
        }
        return running;
    }

    /** Stops every CPU profiler and writes its profile; how many were written. */
    private int finishCpu(Cell cell, List<Running> running, long wallNs, CpuMeter.Cpu used, long calls)
        throws InterruptedException {
        int written = 0;
        for (Running r : running) {
            try {
                CollapsedStacks.Builder b = new CollapsedStacks.Builder();
                String profiler;
                if (r.perf() == null) {
                    agent.stop(r.role().pids().get(0), r.raw(), r.logFile());
                    AsyncProfilerOutput.read(r.raw(), null, b);
                    profiler = agent.describe();
                } else {
                    r.perf().stop();
                    r.perf().collapse(b);
                    profiler = perfVersion;
                }
                OptionalLong cpu = switch (r.role().name()) {
                    case ProfilesTsv.CLIENT -> used.clientNs();
                    case ProfilesTsv.SERVER -> used.serverNs();
                    default -> used.busNs();
                };
                write(cell, r.role(), ProfilesTsv.CPU, profiler, r.event(), b, wallNs, cpu.orElse(-1), calls, "");
                written++;
            } catch (IOException e) {
                abandon(r);
                skip(cell, r.role().name(), e.getMessage());
            }
        }
        return written;
    }

    private void abandon(Running r) {
        if (r.perf() != null) {
            r.perf().abandon();
        } else {
            try {
                agent.stop(r.role().pids().get(0), r.raw(), r.logFile());
            } catch (IOException e) {
                // it is stopped when the JVM ends
            }
        }
    }

    private void write(Cell cell, Role role, String kind, String profiler, String event, CollapsedStacks.Builder stacks,
                       long wallNs, long cpuNs, long calls, String thread) {
        String file = ProfilesTsv.fileName(cell.transport().label(), cell.pair().shortName(), cell.mode().label(),
            cell.payloadBytes(), role.name(), kind);
        String pids = role.pids().stream().map(String::valueOf).collect(Collectors.joining(","));
        stacks.header("what", role.name() + " (" + role.program() + ") of " + cell.transport().label() + " "
                + cell.pair().label() + " " + cell.mode().label() + " " + cell.payloadBytes() + " B window " + cell.window())
            .header("role", role.name()).header("program", role.program())
            .header("pids", pids.isEmpty() ? "one process per run" : pids)
            .header("kind", kind).header("profiler", profiler).header("event", event)
            .header("interval_ns", Long.toString(AsyncProfilerAgent.INTERVAL.toNanos()))
            .header("placement", Placement.FREE.label()).header("wall_ns", Long.toString(wallNs))
            .header("cpu_ns", Long.toString(cpuNs)).header("calls", Long.toString(calls));
        if (!thread.isEmpty()) {
            stacks.header("thread", thread);
        }
        CollapsedStacks built = stacks.build();
        built.write(profiles.resolve(file));
        ProfilesTsv.FORMAT.append(profiles, new ProfilesTsv.Row(file, cell.transport().label(), cell.pair().label(),
            cell.mode().label(), cell.payloadBytes(), cell.window(), role.name(), role.program(), kind, profiler, event,
            AsyncProfilerAgent.INTERVAL.toNanos(), built.samples(), wallNs, cpuNs, calls, thread));
        log.detail("   " + file + ": " + built.samples() + " samples (" + profiler + ", " + event + ")");
    }

    private void skip(Cell cell, String role, String reason) {
        String line = "profiling " + cell.transport().label() + " " + cell.pair().label() + " " + cell.mode().label()
            + ": " + role + " not profiled: " + reason;
        log.say("   " + line);
        folder.note(NOTE_TOPIC, "skipped", line);
    }
}
