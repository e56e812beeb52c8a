package org.dbuslab.runner.session;

import org.dbuslab.format.ControlProtocol;
import org.dbuslab.format.Pair;
import org.dbuslab.format.Route;
import org.dbuslab.format.JitBusy;
import org.dbuslab.format.Phase;
import org.dbuslab.format.RunsCsvRow;
import org.dbuslab.format.RunsCsvWriter;
import org.dbuslab.runner.exec.ClientProcess;
import org.dbuslab.runner.exec.CpuMeter;
import org.dbuslab.runner.exec.Logs;
import org.dbuslab.runner.exec.PayloadFiles;
import org.dbuslab.runner.exec.SpamRun;
import org.dbuslab.runner.plan.Cell;
import org.dbuslab.runner.plan.CellKind;
import org.dbuslab.runner.plan.ClientKey;
import org.dbuslab.runner.record.ResultsFolder;
import org.dbuslab.runner.stop.PerCall;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Makes one run of one cell in a block and writes its runs.csv row as it ends: a Java or raw cell through its
 * persistent client, a spam cell through one libdbus-spam process that times its own calls. Failures are counted in
 * the {@link Tally}; a cell whose client or service is gone is reported once and not tried again. The server's
 * allocation probe, where it has one (the lab's JVM servers), is read right before and right after the run, outside
 * its timed window and its CPU readings.
 */
final class CellRunner {

    /**
     * One run's result: its us/call for the stopping rule (NaN when it has none), whether it was clean, and whether it
     * was recorded as {@link Phase#REDONE}, so that its cell is to be run again.
     */
    record Result(double usPerCall, boolean clean, ControlProtocol.Done done, boolean redone) {
        static final Result NONE = new Result(Double.NaN, false, null, false);
    }

    private final SessionServices services;
    private final Map<ClientKey, ClientProcess> clients;
    private final Map<ClientKey, String> clientProblems;
    private final SpamRun spam;
    private final PayloadFiles payloads;
    private final CpuMeter meter;
    private final RunsCsvWriter csv;
    private final ResultsFolder folder;
    private final Path logs;
    private final Duration cellTimeout;
    private final Tally tally;
    private final SessionLog log;
    private final RunNumbers runNumbers = new RunNumbers();

    CellRunner(SessionServices services, Map<ClientKey, ClientProcess> clients, Map<ClientKey, String> clientProblems,
               SpamRun spam, PayloadFiles payloads, CpuMeter meter, RunsCsvWriter csv, ResultsFolder folder, Path logs,
               Duration cellTimeout, Tally tally, SessionLog log) {
        this.services = services;
        this.clients = clients;
        this.clientProblems = clientProblems;
        if (!spam.timesItsCalls()) {
            // a run's time is its calls' own (method spam-timed): nothing is subtracted, no fixed cost sampled
            throw new IllegalArgumentException("the session's spam program must time its calls (--print-elapsed)");
        }
        this.spam = spam;
        this.payloads = payloads;
        this.meter = meter;
        this.csv = csv;
        this.folder = folder;
        this.logs = logs;
        this.cellTimeout = cellTimeout;
        this.tally = tally;
        this.log = log;
    }

    /**
     * One run of CELL. With REDO_IF_COMPILING, a run {@link #toRedo} picks is recorded as {@link Phase#REDONE} and
     * says so ({@link Result#redone()}), so the caller makes it again.
     */
    Result run(Cell cell, Phase phase, int block, long payloadSeed, boolean redoIfCompiling)
            throws IOException, InterruptedException {
        SessionServices.Blocked blocked = services.blocked(cell);
        if (blocked != null) {
            switch (blocked.kind()) {
                case HOOK -> tally.skippedHook(cell.id());
                case STARTUP -> tally.skippedStartup(cell.id());
                case DIED -> notRun(cell, "not run: " + blocked.reason());
            }
            return Result.NONE;
        }
        return cell.kind().spam() ? runSpam(cell, phase, block) : runClient(cell, phase, block, payloadSeed, redoIfCompiling);
    }

    /**
     * Whether a finished client run of CELL is to be made again: REDO_IF_COMPILING, a measured run, clean (a failed
     * run stays measured whatever its JIT: its failure is what it shows), not the over-limit check (its calls are
     * meant to fail), and its client compiled for more than {@link JitBusy#SHARE} of it.
     */
    static boolean toRedo(Cell cell, Phase phase, boolean redoIfCompiling, boolean clean, ControlProtocol.Done done) {
        return redoIfCompiling && phase == Phase.MEASURE && clean && cell.kind() != CellKind.OVERLIMIT
            && JitBusy.busy(done.jitMillis(), done.elapsedNanos());
    }

    /** Each run's latency-log tag, unique in the session. */
    private final RunTags tags = new RunTags();

    private Result runClient(Cell cell, Phase phase, int block, long payloadSeed, boolean redoIfCompiling)
            throws InterruptedException {
        ClientKey key = cell.clientKey().orElseThrow();
        ClientProcess client = clients.get(key);
        if (client == null) {
            notRun(cell, clientProblems.getOrDefault(key, "its client did not start"));
            return Result.NONE;
        }
        String tag = tags.next(cell.id(), block);
        ControlProtocol.Run command = new ControlProtocol.Run(phase.label(), tag, cell.payloadBytes(), cell.window(),
            cell.calls(), payloadSeed);
        OptionalLong serverBefore = serverAllocated(cell);
        CpuMeter.Reading path = meter.start(List.of(), routePids(cell), List.of());
        ClientProcess.Outcome outcome = client.run(command, cellTimeout, meter, busPids(cell), serverPids(cell));
        Long pathNs = cell.transport().route() == Route.DIRECT ? null : boxed(path.stop().busNs());
        Long serverAlloc = outcome.finished() ? allocatedSince(serverBefore, serverAllocated(cell)) : null;
        if (!outcome.finished()) {
            String why = switch (outcome.ending()) {
                case TIMED_OUT -> "client timed out after " + cellTimeout.toSeconds() + "s: " + outcome.problem();
                case REFUSED -> outcome.problem();
                default -> "client crashed: " + outcome.problem();
            };
            clientProblems.put(key, why);
            clients.remove(key);
            notRun(cell, why);
            return Result.NONE;
        }
        ControlProtocol.Done done = outcome.done();
        boolean clean = done.lost() == 0 && done.mismatched() == 0 && done.errors() == 0 && done.calls() == cell.calls();
        boolean redone = toRedo(cell, phase, redoIfCompiling, clean, done);
        Phase recorded = redone ? Phase.REDONE : phase;
        RunsCsvRow row = RunsCsvRow.ofClient(cell.transport().label(), cell.mode().label(), cell.payloadBytes(),
                cell.window(), done.calls(), runNumbers.next(cell, recorded), Math.max(1, done.elapsedNanos()), done.lost(),
                done.mismatched(), done.errors(), recorded.label(), method(cell), done.startedUtc(),
                ResultsFolder.latencyLog(key.name()), tag, done.jitMillis() < 0 ? null : done.jitMillis())
            .withLab(block, cell.pair().label(), cell.reference(), cell.series().label(), null, nullIfEmpty(cell.expected()))
            .withCpu(boxed(outcome.cpu().clientNs()), boxed(outcome.cpu().busNs()), boxed(outcome.cpu().serverNs()))
            .withPlacement(cell.placement().label()).withPathCpu(pathNs)
            .withAlloc(done.allocatedBytes() < 0 ? null : done.allocatedBytes(), serverAlloc);
        csv.append(row);
        if (cell.kind() != CellKind.OVERLIMIT) {
            tally.ran(cell.id());
            if (!clean) {
                tally.lost(cell.describe() + " block " + block);
                log.say("  -> FAILED: lost " + done.lost() + ", mismatched " + done.mismatched() + ", errors "
                    + done.errors() + (done.problem() == null ? "" : ": " + done.problem()));
            }
        }
        return new Result(clean ? PerCall.micros(cell, done.elapsedNanos()) : Double.NaN, clean, done, redone);
    }

    private Result runSpam(Cell cell, Phase phase, int block) throws IOException, InterruptedException {
        String address = services.addressFor(cell);
        String dest = cell.pair().server().busName(); // com.example.LabEcho, org.dbuslab.Echo or org.dbuslab.Echo.Glib
        Path payload = payloads.of(cell.payloadBytes());
        Path errLog = logs.resolve(cell.transport().label()).resolve(cell.id() + ".err");
        int number = runNumbers.next(cell, phase);
        OptionalLong serverBefore = serverAllocated(cell);
        Instant started = Instant.now();
        CpuMeter.Reading cpu = meter.start(List.of(), busPids(cell), serverPids(cell));
        // a bridge is started per spam process, so its CPU is not the route's persistent pids': left empty
        CpuMeter.Reading path = meter.start(List.of(), cell.transport().route() == Route.PROXY ? routePids(cell) : List.of(),
            List.of());
        SpamRun.Result r = spam.once(address, dest, cell.calls(), cell.window(), payload, errLog,
            "block " + block + " " + phase.label() + " " + number);
        CpuMeter.Cpu around = cpu.stop();
        Long pathNs = cell.transport().route() == Route.PROXY ? boxed(path.stop().busNs()) : null;
        Long serverAlloc = allocatedSince(serverBefore, serverAllocated(cell));
        // the calls' own time as the program printed it. A failed run (all its calls errors) stays in its cell,
        // method spam-timed, with whatever time there is; a run that ended well without printing its time was timed
        // from outside only, and says so (method spam), apart from the cell's figures
        long elapsed = r.callsNs() > 0 ? r.callsNs() : r.elapsedNs();
        boolean untimed = r.ok() && r.callsNs() <= 0;
        RunsCsvRow row = RunsCsvRow.ofClient(cell.transport().label(), cell.mode().label(), cell.payloadBytes(),
                cell.window(), cell.calls(), number, Math.max(1, elapsed), 0, 0, r.errors(), phase.label(),
                untimed ? "spam" : org.dbuslab.format.RunsCsv.METHOD_SPAM_TIMED, started, null, null, null)
            .withLab(block, cell.pair().label(), true, cell.series().label(), null, null)
            .withCpu(r.callsCpuNs() > 0 ? Long.valueOf(r.callsCpuNs()) : r.ok() || r.cpuNs() > 0 ? Long.valueOf(r.cpuNs()) : null,
                boxed(around.busNs()), boxed(around.serverNs()))
            .withPlacement(cell.placement().label()).withPathCpu(pathNs).withAlloc(null, serverAlloc);
        csv.append(row);
        if (!r.ok()) {
            notRun(cell, r.describeFailure(spam.timeout()));
            return Result.NONE;
        }
        tally.ran(cell.id());
        if (r.errors() > 0) {
            tally.lost(cell.describe() + " block " + block);
            log.say("  -> FAILED: " + r.errors() + " calls got error replies: " + r.lastComplaint());
            return Result.NONE;
        }
        if (untimed) {
            notRun(cell, "spam exited 0 without printing its calls' time (--print-elapsed)");
            return Result.NONE;
        }
        return new Result(PerCall.micros(cell, elapsed), true, null, false);
    }

    /** A cell that could not run: skipped.tsv and the session log once, and the session fails. */
    private void notRun(Cell cell, String reason) {
        if (SignalExit.interrupted()) {
            SignalExit.parkIfInterrupted(); // the supervisor is stopping everything: the interrupt, not the cell
        }
        if (tally.error(cell.id())) {
            String line = Logs.oneLine(cell.describe() + ": " + reason);
            if (cell.reference() && cell.pair() != Pair.RAW) {
                folder.skipped(cell.transport(), cell.pair(), line); // "bus pair": never marks the transport
            } else {
                folder.skipped(cell.transport(), line);
            }
            log.say("  -> " + cell.describe() + ": " + reason);
        }
    }

    private List<Long> busPids(Cell cell) {
        return cell.transport().isBus() ? services.cpuPids("bus:" + cell.transport().destination().label()) : List.of();
    }

    /** The route program's pids (a bridge's: the activator and one bridge per connected client); none when direct. */
    private List<Long> routePids(Cell cell) {
        return cell.transport().route() == Route.DIRECT ? List.of()
            : services.cpuPids(SessionServices.routeOf(cell.transport()));
    }

    private List<Long> serverPids(Cell cell) {
        return services.cpuPids(SessionServices.serverOf(cell));
    }

    /** What the cell's server has allocated so far (its allocation probe); empty when it has none. */
    private OptionalLong serverAllocated(Cell cell) {
        return services.services().get(SessionServices.serverOf(cell)).map(s -> s.allocatedBytes())
            .orElse(OptionalLong.empty());
    }

    /** AFTER - BEFORE; null unless both readings are there (a server that restarted would go backwards: null too). */
    static Long allocatedSince(OptionalLong before, OptionalLong after) {
        if (before.isEmpty() || after.isEmpty() || after.getAsLong() < before.getAsLong()) {
            return null;
        }
        return after.getAsLong() - before.getAsLong();
    }

    private static String method(Cell cell) {
        return switch (cell.kind()) {
            case JAVA_LIBDBUS, SPAM_LIBDBUS, SPAM_JAVA, SPAM_GLIB -> "spam";
            case RAW -> "raw";
            default -> "echo";
        };
    }

    private static Long boxed(OptionalLong v) {
        return v.isPresent() ? v.getAsLong() : null;
    }

    private static String nullIfEmpty(String s) {
        return s == null || s.isEmpty() ? null : s;
    }
}
