package org.dbuslab.analysis.report;

import org.dbuslab.analysis.doc.Block;
import org.dbuslab.analysis.doc.Section;
import org.dbuslab.analysis.doc.Table;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.model.CellOrder;
import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.analysis.model.ClientLibraries;
import org.dbuslab.analysis.model.Lkml2015;
import org.dbuslab.analysis.model.LkmlExperiment;
import org.dbuslab.analysis.model.Numbers;
import org.dbuslab.analysis.model.Ranges;
import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.analysis.read.Counts;
import org.dbuslab.analysis.read.SkippedTransport;
import org.dbuslab.stats.Interval;
import org.dbuslab.stats.SampleComparison;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * "The 2015 experiment": the lab's lkml cells in seconds per run beside the seed's table ({@link Lkml2015}), then the
 * shapes that compare across hardware (10000 B ÷ 1000 B; dbus-daemon ÷ p2p-unix against the seed's dbus-daemon ÷ kdbus)
 * and one sentence of verdict. Absent when the session has no lkml cells and skipped neither GLib nor the series.
 */
public final class LkmlSection {

    public static final String ID = "lkml-2015";
    public static final String TITLE = "The 2015 experiment";
    public static final String SEED = "seed, 2015";

    private LkmlSection() {
    }

    public static Optional<Section> of(Analysis analysis) {
        LkmlExperiment lkml = analysis.lkml();
        List<SkippedTransport> skipped = ClientLibraries.skippedLkml(analysis.folder().skipped());
        if (lkml.isEmpty() && skipped.isEmpty()) {
            return Optional.empty();
        }
        Section.Builder section = Section.builder(ID, TITLE);
        if (lkml.isEmpty()) {
            return Optional.of(section.text("This session did not run the 2015 experiment (series " + CellKey.LKML + ").")
                    .bullets(ClientLibrariesSection.skippedLines(skipped)).build());
        }
        section.note(intro(lkml)).bullets(ClientLibrariesSection.skippedLines(skipped))
                .table(seconds(lkml), "details")
                .note("Lab columns: measured here, median seconds per run with its 95% CI and the number of runs. Seed columns: "
                        + "the four runs of " + Lkml2015.SOURCE + ", their lowest–highest and median, quoted as printed; "
                        + "the thread gives seconds for its asynchronous client only. " + Lkml2015.QUOTE)
                .table(shapes(lkml), "details")
                .paragraph(verdict(lkml), Block.Tone.STRONG);
        return Optional.of(section.build());
    }

    public static String intro(LkmlExperiment lkml) {
        String windows = lkml.rows().stream().filter(r -> r.mode().equals("async"))
                .flatMap(r -> r.byTransport().values().stream()).map(c -> String.valueOf(c.key().window())).distinct()
                .collect(Collectors.joining("/"));
        String syncCalls = lkml.rows().stream().filter(r -> r.mode().equals("sync"))
                .flatMap(r -> r.byTransport().values().stream()).map(c -> String.valueOf(c.key().calls())).distinct()
                .collect(Collectors.joining("/"));
        return "The kdbus benchmark of LKML, April 2015, rerun by the lab: a GLib echo server and GLib clients, the sync client "
                + (syncCalls.isEmpty() ? "not run here (20000 blocking calls per run in 2015)"
                        : "making " + syncCalls + " blocking calls per run" + (syncCalls.equals("20000") ? "" : " (20000 in 2015, and with --full)"))
                + ", the async client 128 calls per run"
                + (windows.isEmpty() ? "" : " (window " + windows + ")") + ", 1000 and 10000 B, through dbus-daemon as in 2015, "
                + "with dbus-broker and a direct peer-to-peer connection (p2p-unix) as extra columns. Every reply was "
                + "verified; lost / mismatched / errors are the column's sum. The hardware differs, so compare shapes and "
                + "ratios, not seconds.";
    }

    public static Table seconds(LkmlExperiment lkml) {
        List<String> transports = lkml.transports();
        List<String> header = new ArrayList<>(List.of("mode", "payload", "calls/run"));
        transports.forEach(t -> header.add(t + ", lab (s/run)"));
        header.addAll(List.of("dbus-daemon, " + SEED + " (s/run)", "kdbus, " + SEED + " (s/run)", "lost / mismatched / errors"));
        List<Boolean> numeric = new ArrayList<>(List.of(false, true, true));
        header.subList(3, header.size()).forEach(h -> numeric.add(true));
        List<List<String>> rows = new ArrayList<>();
        for (LkmlExperiment.Row row : lkml.rows()) {
            List<String> cells = new ArrayList<>(List.of(row.mode(), row.payloadBytes() + " B",
                    row.byTransport().values().stream().map(c -> String.valueOf(c.key().calls())).distinct().collect(Collectors.joining("/"))));
            transports.forEach(t -> cells.add(row.cell(t).map(LkmlSection::secondsPerRun).orElse("not run")));
            boolean seed = row.mode().equals(Lkml2015.MODE) && Lkml2015.SIZES.contains(row.payloadBytes());
            cells.add(seed ? Lkml2015.rangeAndMedian(Lkml2015.dbusDaemon(row.payloadBytes())) : Numbers.ABSENT);
            cells.add(seed ? Lkml2015.rangeAndMedian(Lkml2015.kdbus(row.payloadBytes())) : Numbers.ABSENT);
            Counts sum = row.byTransport().values().stream().map(c -> c.counts().plus(c.warmupCounts())).reduce(Counts.ZERO, Counts::plus);
            cells.add(sum.lost() + " / " + sum.mismatched() + " / " + sum.errors());
            rows.add(cells);
        }
        return new Table(header, numeric, rows);
    }

    /** "0.0061234 s (0.0060000–0.0062000), 4 runs" */
    public static String secondsPerRun(CellSummary cell) {
        return Numbers.seconds(cell.elapsedSeconds().median()) + " s (" + Ranges.of(cell.elapsedMedianCi95(), Numbers::seconds)
                + "), " + cell.runs() + " runs";
    }


    public static Table shapes(LkmlExperiment lkml) {
        List<String> header = List.of("ratio", "mode", "payload", "lab, measured here (95% CI)", SEED + " (their hardware)");
        List<Boolean> numeric = List.of(false, false, true, true, true);
        List<List<String>> rows = new ArrayList<>();
        for (LkmlExperiment.SizeRatio s : lkml.sizes()) {
            String seed = !s.mode().equals(Lkml2015.MODE) ? Numbers.ABSENT
                    : s.transport().equals(CellOrder.BASELINE_TRANSPORT) ? factor(Lkml2015.sizeRatio(Lkml2015::dbusDaemon)) + " (dbus-daemon)"
                    : s.transport().equals(LkmlExperiment.P2P) ? factor(Lkml2015.sizeRatio(Lkml2015::kdbus)) + " (kdbus)" : Numbers.ABSENT;
            rows.add(List.of("10000 B ÷ 1000 B on " + s.transport(), s.mode(), "—", ratio(s.result()), seed));
        }
        for (LkmlExperiment.BusRatio b : lkml.buses()) {
            boolean seeded = b.mode().equals(Lkml2015.MODE) && b.bus().equals(CellOrder.BASELINE_TRANSPORT)
                    && Lkml2015.SIZES.contains(b.payloadBytes());
            rows.add(List.of(b.bus() + " ÷ " + LkmlExperiment.P2P + (seeded ? " (2015: dbus-daemon ÷ kdbus)" : ""), b.mode(),
                    b.payloadBytes() + " B", ratio(b.result()), seeded ? factor(Lkml2015.busRatio(b.payloadBytes())) : Numbers.ABSENT));
        }
        return new Table(header, numeric, rows);
    }

    private static String factor(double value) {
        return Numbers.factor(value) + "×";
    }

    private static String ratio(SampleComparison r) {
        return Numbers.factor(r.ratioOfMedians()) + "× (" + Ranges.ratio(r.ratioInterval()) + ")"
                + (r.paired() ? ", paired over " + r.pairedBlocks() + " blocks" : "");
    }

    /**
     * One sentence: the async dbus-daemon ÷ p2p-unix at each seed size against 2015's dbus-daemon ÷ kdbus (larger, smaller
     * or consistent: whether the lab's 95% CI lies above, below or around the seed's ratio), and dbus-daemon's 10000 B ÷
     * 1000 B against the seed's.
     */
    public static String verdict(LkmlExperiment lkml) {
        List<String> parts = new ArrayList<>();
        for (int size : Lkml2015.SIZES) {
            lkml.bus(Lkml2015.MODE, size, CellOrder.BASELINE_TRANSPORT).ifPresent(b -> {
                double seed = Lkml2015.busRatio(size);
                parts.add("at " + size + " B dbus-daemon takes " + Numbers.factor(b.result().ratioOfMedians())
                        + "× (" + Ranges.ratioCi(95, b.result().ratioInterval()) + ") the time of p2p-unix, against " + Numbers.factor(seed)
                        + "× kdbus in 2015 (" + against(b.result().ratioInterval(), seed) + ")");
            });
        }
        if (parts.isEmpty()) {
            return "Verdict: none — the session has no async lkml cells on both dbus-daemon and " + LkmlExperiment.P2P
                    + ", so the seed's dbus-daemon ÷ kdbus has nothing to compare with.";
        }
        String size = lkml.size(Lkml2015.MODE, CellOrder.BASELINE_TRANSPORT).map(s -> "; 10000 B cost dbus-daemon "
                + Numbers.factor(s.result().ratioOfMedians()) + "× (" + Ranges.ratioCi(95, s.result().ratioInterval())
                + ") of 1000 B here, " + Numbers.factor(Lkml2015.sizeRatio(Lkml2015::dbusDaemon)) + "× in 2015 ("
                + against(s.result().ratioInterval(), Lkml2015.sizeRatio(Lkml2015::dbusDaemon)) + ")").orElse("");
        return "Verdict (async, 128 calls per run): " + String.join("; ", parts) + size + ". p2p-unix has no bus at all, where "
                + "kdbus was a bus in the kernel, so the lab's ratio is an upper bound of what an in-kernel bus could save today.";
    }

    /**
     * For Findings: the async dbus-daemon ÷ p2p-unix at each seed size beside 2015's dbus-daemon ÷ kdbus, read off the same
     * comparisons as the table; none without those cells.
     */
    public static Optional<String> finding(Analysis analysis) {
        LkmlExperiment lkml = analysis.lkml();
        List<String> parts = new ArrayList<>();
        for (int size : Lkml2015.SIZES) {
            lkml.bus(Lkml2015.MODE, size, CellOrder.BASELINE_TRANSPORT).ifPresent(b -> parts.add(Numbers.factor(b.result().ratioOfMedians())
                    + "× (" + Ranges.ratioCi(95, b.result().ratioInterval()) + ") at " + size + " B, 2015: " + Numbers.factor(Lkml2015.busRatio(size)) + "×"));
        }
        return parts.isEmpty() ? Optional.empty() : Optional.of("The 2015 experiment today (GLib, async, " + Lkml2015.CALLS
                + " calls per run): dbus-daemon ÷ p2p-unix " + String.join("; ", parts) + " (dbus-daemon ÷ kdbus, their hardware).");
    }

    /** Whether a 95% interval lies above, below or around a seed figure. */
    public static String against(Interval ci, double seed) {
        if (!ci.isDefined()) {
            return "too few runs to tell";
        }
        return ci.low() > seed ? "larger than then" : ci.high() < seed ? "smaller than then" : "consistent with then";
    }
}
