package org.dbuslab.analysis.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.dbuslab.analysis.charts.HostSpeedChart;
import org.dbuslab.analysis.doc.Block;
import org.dbuslab.analysis.doc.Section;
import org.dbuslab.analysis.doc.Table;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.analysis.model.JitActivity;
import org.dbuslab.analysis.model.LabHealth;
import org.dbuslab.analysis.model.Numbers;
import org.dbuslab.analysis.model.Ranges;
import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.analysis.read.Placements;
import org.dbuslab.analysis.read.RunRecord;
import org.dbuslab.analysis.report.health.HostSpeedNotes;
import org.dbuslab.stats.SampleComparison;

/** "Lab health": overhead over libdbus, the raw-socket floor, JIT activity, the host's speed. */
public final class LabHealthSection {

    private LabHealthSection() {
    }

    public static final String ID = "lab-health";
    public static final String OVERHEAD_ID = "overhead";
    public static final String FLOOR_ID = "floor";
    public static final String HOST_SPEED_ID = "host-speed";

    public static Section of(Analysis analysis) {
        LabHealth health = analysis.health();
        Section.Builder section = Section.builder(ID, "Lab health");
        if (health.isEmpty()) {
            section.text(noHealth());
            jitNotes(analysis).forEach(section::note);
            hostSpeed(analysis).ifPresent(section::subsection);
            return section.build();
        }
        section.note(healthIntro());
        if (!health.overhead().isEmpty()) {
            Section.Builder overhead = Section.builder(OVERHEAD_ID, "Overhead over libdbus")
                    .table(overhead(health, PrecisionMark.target(analysis)), "health")
                    .paragraph(halfBytesNote(), Block.Tone.STRONG);
            spamNotes(analysis).forEach(overhead::note);
            section.subsection(overhead.bullets(skippedPairs(health)).build());
        }
        if (!health.floor().isEmpty()) {
            Section.Builder floor = Section.builder(FLOOR_ID, "Raw-socket floor").note(floorIntro()).table(floor(health), "health");
            if (pipelinedP2pOverTarget(health)) {
                floor.note(pipelinedFloorNote());
            }
            section.subsection(floor.build());
        }
        Section.Builder jit = Section.builder("jit", "JIT activity");
        List<String> notes = jitNotes(analysis);
        notes.forEach(jit::note);
        if (!notes.isEmpty()) {
            section.subsection(jit.build());
        }
        hostSpeed(analysis).ifPresent(section::subsection);
        return section.build();
    }

    /** What the host-speed probe read and which halves of the blocks it set aside; empty without host-speed.tsv. */
    public static Optional<Section> hostSpeed(Analysis analysis) {
        List<String> notes = HostSpeedNotes.of(analysis.folder());
        if (notes.isEmpty()) {
            return Optional.empty();
        }
        Section.Builder hostSpeed = Section.builder(HOST_SPEED_ID, "Host speed");
        notes.forEach(hostSpeed::note);
        analysis.folder().hostSpeed().ifPresent(h -> hostSpeed.charts(HostSpeedChart.of(h)));
        return Optional.of(hostSpeed.build());
    }

    public static String healthIntro() {
        return "The lab's own health figures: what the Java client and the Java server add over libdbus, and how far each "
                + "transport is from a raw socket. µs/call is the median over the runs; overheads are differences and ratios "
                + "of those medians with bootstrap 95% CIs. Client overhead compares dbus-java>libdbus with libdbus>libdbus, "
                + "server overhead libdbus>dbus-java with libdbus>libdbus. " + targets() + " "
                + "⚠ marks " + PrecisionMark.meaning("a cell", "the precision target") + " (see Precision).";
    }

    /** The lab's own targets, in one sentence (issue 25), for this section and "How to read this". */
    public static String targets() {
        return "The targets: the Java client at most " + Numbers.factor(LabHealth.CLIENT_TARGET_RATIO) + "× libdbus's time per "
                + "call and the Java server at most " + Numbers.factor(LabHealth.SERVER_TARGET_RATIO) + "×, each with its "
                + "95% CI's upper bound at most " + Numbers.factor(LabHealth.UPPER_BOUND_TARGET) + " (✓ when both hold, else ✗ "
                + "with the part that fails), and a p2p transport at most " + Numbers.factor(LabHealth.FLOOR_TARGET_RATIO)
                + "× its raw-socket floor.";
    }

    public static String halfBytesNote() {
        return "libdbus's echo (dbus-test-tool echo) replies with an empty message, and the Java server answers spam's calls "
                + "empty too: every pair with libdbus moves the payload one way only, half the bytes of the true echo of "
                + CellKey.SUBJECT_PAIR + ", which is shown beside them for scale and not compared.";
    }

    /** How the spam rows' per-call time was obtained; empty when the session has none. */
    public static List<String> spamNotes(Analysis analysis) {
        List<CellSummary> spam = analysis.allCells().stream().filter(c -> c.fixedCost().any()).toList();
        if (spam.isEmpty()) {
            return List.of();
        }
        List<String> notes = new ArrayList<>();
        notes.add("libdbus's spam client cannot time itself: its runs are timed from outside (fork to reaped exit), so their "
                + "µs/call is (elapsed_ns − fixed_ns) / (calls − 1), where fixed_ns is the median time of one-call spam "
                + "processes of the same bus, pair and payload in the same round (start-up, connecting, one call, exit). "
                + "The Java client times itself, first send to last reply.");
        int missing = spam.stream().mapToInt(c -> c.fixedCost().missing()).sum();
        if (missing > 0) {
            notes.add("fixed_ns was missing in " + missing + " spam run(s) ("
                    + spam.stream().filter(c -> c.fixedCost().missing() > 0).map(c -> c.key().label()).collect(Collectors.joining("; "))
                    + "): their µs/call is elapsed / calls, start-up and connecting included, so it is too high.");
        }
        return notes;
    }

    /**
     * How much the Java clients' JIT compiled during their measured runs (runs.csv's jit_ms); empty when runs.csv
     * has no jit_ms. Runs that compiled for over a tenth of their time are named: they timed the JIT too.
     */
    public static List<String> jitNotes(Analysis analysis) {
        return analysis.jit().map(j -> {
            List<String> notes = new ArrayList<>();
            RunRecord max = j.max();
            notes.add("JIT compilation in the Java clients (jit_ms): during " + j.quietRuns() + " of their " + j.measuredRuns()
                    + " measured runs the JIT compiled nothing; median " + j.medianMs() + " ms per run, at most " + max.jitMs()
                    + " ms (" + max.key().label() + " run " + max.run() + "); in all " + j.measuredJitMs() + " ms, "
                    + Numbers.percent(j.measuredShare()) + " of those runs' time. Their " + j.warmupRuns()
                    + " warm-up runs, excluded from every figure, took " + j.warmupJitMs() + " ms of it (how long a "
                    + "client warms up: its --warmup-runs, and --warmup-max-seconds, which goes on until the JIT is "
                    + "quiet).");
            if (j.redoneRuns() > 0) {
                notes.add(j.redoneRuns() + " measured run(s) compiled for more than " + Numbers.percent(JitActivity.BUSY_SHARE)
                        + " of their time (" + j.redoneJitMs() + " ms in all), so the runner made each again at once, in"
                        + " the same block and placement: runs.csv keeps them with phase redone, excluded from every figure.");
            }
            if (j.measuredShare() > JitActivity.BUSY_SESSION_SHARE) {
                notes.add("The JIT compiled for " + Numbers.percent(j.measuredShare()) + " of the measured time, so these "
                        + "figures include compilation: warm up longer (lab/run-all.sh's default preset) for settled numbers.");
            }
            if (!j.busyRuns().isEmpty()) {
                notes.add(j.busyRuns().size() + " measured run(s) spent more than " + Numbers.percent(JitActivity.BUSY_SHARE)
                        + " of their time compiling, so they timed the JIT as well as the calls"
                        + (j.redoneRuns() > 0 ? " (a run is made again once, and a failed run never)" : "")
                        + ": "
                        + j.busyRuns().stream().map(r -> r.key().label() + " run " + r.run() + " (" + r.jitMs() + " ms)")
                                .limit(8).collect(Collectors.joining("; "))
                        + (j.busyRuns().size() > 8 ? "; …" : "") + ".");
            }
            return notes;
        }).orElse(List.of());
    }

    /** Why a pair is missing from the overhead table, from skipped.tsv. */
    public static List<String> skippedPairs(LabHealth health) {
        return health.skippedPairs().stream().map(s -> s.pair() + " on " + s.bus() + ": not run — " + s.reason()).toList();
    }

    public static String floorIntro() {
        return "Each transport against the raw-socket floor of its kind of socket at the same mode, payload and window: "
                + LabHealth.RAW_UNIX + " for the Unix-socket transports, " + LabHealth.RAW_TCP + " for the TCP ones (JDK "
                + "socket channels, 4-byte length and payload, true echo, every reply verified). × floor is the ratio of "
                + "the median µs/call with its bootstrap 95% CI.";
    }

    /** Whether a pipelined p2p row misses the floor target: those are what {@link #pipelinedFloorNote} explains. */
    public static boolean pipelinedP2pOverTarget(LabHealth health) {
        // not in cross, where client and server never share a CPU, which is what the note explains
        return health.floor().stream().anyMatch(r -> r.targeted() && !r.meetsTarget() && r.cell().key().window() > 1
                && !Placements.CROSS.equals(r.cell().key().placement()));
    }

    /** Why a pipelined p2p cell can stay over the floor target: no figure, the mechanism and where it is measured. */
    public static String pipelinedFloorNote() {
        return "A pipelined p2p row over the target: the lab's client writes each call the moment it makes it, as sd-bus "
                + "and libdbus do, and with client and server on one CPU each such write wakes the server, which then "
                + "preempts the client; the floor's client writes from a thread of its own that sleeps while its window is "
                + "full, so its server rarely waits. A client that writes its queued calls only when it next waits avoids "
                + "that, and beat the floor in most of the cases tried; the lab keeps writing at once, as deployments do (docs/DESIGN.md, \"A call "
                + "is written at once\"; measured in docs/EXPERIMENTS.md, \"Writing at once against flushing on wait\").";
    }

    public static String noHealth() {
        return "No libdbus reference pairs or raw-socket rows in this session (runs.csv has no pair column, or no "
                + "reference rows): the lab's overhead and floor cannot be shown.";
    }

    /**
     * Lab health, overhead over libdbus: per bus, mode, payload and window the four pairs' median µs per call, then the
     * client's and the server's overhead as a difference and a ratio with their 95% intervals and the target check.
     */
    public static Table overhead(LabHealth health, double targetPct) {
        List<String> header = List.of("bus", "mode", "payload", "window", "libdbus>libdbus (µs/call)",
                "dbus-java>libdbus (µs/call)", "libdbus>dbus-java (µs/call)", "dbus-java>dbus-java, true echo (µs/call)",
                "client overhead (µs/call)", "client × libdbus (target ≤ " + Numbers.factor(LabHealth.CLIENT_TARGET_RATIO)
                        + ", CI ≤ " + Numbers.factor(LabHealth.UPPER_BOUND_TARGET) + ")",
                "server overhead (µs/call)", "server × libdbus (target ≤ " + Numbers.factor(LabHealth.SERVER_TARGET_RATIO)
                        + ", CI ≤ " + Numbers.factor(LabHealth.UPPER_BOUND_TARGET) + ")");
        List<Boolean> numeric = List.of(false, false, true, true, true, true, true, true, true, true, true, true);
        List<List<String>> rows = health.overhead().stream().map(row -> {
            List<String> cells = new ArrayList<>(List.of(row.transport(), row.mode(), row.payloadBytes() + " B",
                    String.valueOf(row.window())));
            for (String pair : List.of(CellKey.LIBDBUS_PAIR, CellKey.JAVA_CLIENT_PAIR, CellKey.JAVA_SERVER_PAIR, CellKey.SUBJECT_PAIR)) {
                cells.add(row.cell(pair).map(c -> Numbers.microseconds(c.usPerCallMedian()) + PrecisionMark.mark(c, targetPct))
                        .orElse("not run"));
            }
            overheadCells(cells, row.client());
            overheadCells(cells, row.server());
            return (List<String>) cells;
        }).toList();
        return new Table(header, numeric, rows);
    }

    private static void overheadCells(List<String> cells, LabHealth.PairOverhead overhead) {
        if (overhead == null) {
            cells.add(Numbers.ABSENT);
            cells.add(Numbers.ABSENT);
            return;
        }
        SampleComparison r = overhead.result();
        cells.add(Numbers.signedMicroseconds(r.difference()) + " (" + Ranges.signed(r.differenceInterval()) + ")");
        cells.add(targetRatio(overhead));
    }

    /** "0.98× (0.94–1.04) ✓", or "1.09× (0.95–1.14) ✗ over 1.00×" / "✗ CI to 1.19" naming what fails. */
    public static String targetRatio(LabHealth.PairOverhead overhead) {
        SampleComparison r = overhead.result();
        return Numbers.factor(r.ratioOfMedians()) + "× (" + Ranges.ratio(r.ratioInterval()) + ") "
                + (overhead.meetsTarget() ? "✓" : overhead.judgeable() ? "✗ " + shortfall(overhead) : "? " + UNJUDGED)
                + Ranges.paired(r);
    }

    /** An overhead within its target whose runs are too few for the interval the target also asks of it. */
    public static final String UNJUDGED = "too few runs to check the target";

    /** What keeps an overhead from its target: "over 1.00×", "CI to 1.19", both, or "too few runs for a CI". */
    public static String shortfall(LabHealth.PairOverhead overhead) {
        List<String> parts = new ArrayList<>();
        if (!overhead.pointWithinTarget()) {
            // by how much: a point of 1.004 prints as "1.00×", which beside "over 1.00×" reads as a contradiction
            parts.add("over " + Numbers.factor(overhead.target()) + "× by "
                    + Numbers.percent(overhead.result().ratioOfMedians() / overhead.target() - 1));
        }
        if (!overhead.boundWithinTarget()) {
            parts.add(overhead.result().ratioInterval().isDefined()
                    ? "CI to " + Numbers.factor(overhead.result().ratioInterval().high()) : "too few runs for a CI");
        }
        return String.join(", ", parts);
    }

    /** Lab health, raw-socket floor: each subject cell against raw-unix or raw-tcp at the same mode, payload and window. */
    public static Table floor(LabHealth health) {
        List<String> header = List.of("transport", "mode", "payload", "window", "placement", "µs/call", "floor",
                "floor µs/call", "× floor (95% CI)", "p2p target ≤ " + Numbers.factor(LabHealth.FLOOR_TARGET_RATIO) + "×");
        List<Boolean> numeric = List.of(false, false, true, true, false, true, false, true, true, false);
        List<List<String>> rows = health.floor().stream().map(row -> {
            CellKey key = row.cell().key();
            SampleComparison r = row.result();
            return List.of(key.transport(), key.mode(), key.payloadBytes() + " B", String.valueOf(key.window()),
                    key.placement(), Numbers.microseconds(row.cell().usPerCallMedian()), row.floor().key().transport(),
                    Numbers.microseconds(row.floor().usPerCallMedian()),
                    Numbers.factor(r.ratioOfMedians()) + "× (" + Ranges.ratio(r.ratioInterval()) + ")" + Ranges.paired(r),
                    row.targeted() ? (row.meetsTarget() ? "✓" : "✗") : "—");
        }).toList();
        return new Table(header, numeric, rows);
    }
}
