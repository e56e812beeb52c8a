package org.dbuslab.analysis;

import org.dbuslab.analysis.stats.Interval;
import org.dbuslab.analysis.stats.OutlierCounts;
import org.dbuslab.analysis.stats.SampleComparison;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The tables of the human reports, as text; report.md and report.html only lay them out. */
final class ReportTables {

    private static final String ABSENT = "—";

    private ReportTables() {
    }

    /** The baseline the headline compares with: the user's pick if any, else dbus-daemon. */
    static String headlineBaseline(Analysis analysis) {
        return analysis.baselines().get(analysis.baselines().size() - 1);
    }

    /**
     * In the spirit of the kdbus numbers on LKML: one row per cell shape, one column per transport, the
     * median µs per call and the verdict against the baseline in each cell.
     */
    static Table headline(Analysis analysis) {
        String baseline = headlineBaseline(analysis);
        List<String> transports = analysis.transports();
        boolean callsVary = analysis.cells().stream().map(c -> c.key().calls()).distinct().count() > 1;
        List<String> header = new ArrayList<>(List.of("mode", "payload", "window"));
        List<Boolean> numeric = new ArrayList<>(List.of(false, true, true));
        if (callsVary) {
            header.add("calls/run");
            numeric.add(true);
        }
        transports.forEach(t -> {
            header.add(t.equals(baseline) ? t + " (baseline)" : t);
            numeric.add(true);
        });
        List<List<String>> rows = new ArrayList<>();
        for (CellKey shape : shapes(analysis.cells())) {
            List<String> row = new ArrayList<>(List.of(shape.mode(), shape.payloadBytes() + " B", String.valueOf(shape.window())));
            if (callsVary) {
                row.add(String.valueOf(shape.calls()));
            }
            for (String transport : transports) {
                CellKey key = new CellKey(transport, shape.mode(), shape.payloadBytes(), shape.window(), shape.calls());
                row.add(analysis.cells().stream().filter(c -> c.key().equals(key) && c.runs() > 0).findFirst()
                        .map(cell -> headlineCell(analysis, cell, baseline)).orElse(ABSENT));
            }
            rows.add(row);
        }
        return new Table(header, numeric, rows);
    }

    private static String headlineCell(Analysis analysis, CellSummary cell, String baseline) {
        String us = Numbers.microseconds(cell.usPerCallMedian()) + " µs";
        Optional<CellComparison> comparison = analysis.comparisonsAgainst(baseline).stream()
                .filter(c -> c.cell().key().equals(cell.key())).findFirst();
        return comparison.map(c -> us + " (" + ComparisonText.shortVerdict(c) + ")").orElse(us)
                + (cell.noisy() ? " ⚠" : "");
    }

    /** Distinct (mode, payload, window, calls) of the cells, transport blanked, in report order. */
    private static List<CellKey> shapes(List<CellSummary> cells) {
        return cells.stream().map(c -> new CellKey("", c.key().mode(), c.key().payloadBytes(), c.key().window(), c.key().calls()))
                .distinct().sorted(CellOrder.CELLS).toList();
    }

    static Table runTimes(List<CellSummary> cells) {
        List<String> header = List.of("transport", "payload", "window", "runs", "warm-ups excluded", "calls/run",
                "median (s)", "95% CI of median (s)", "mean (s)", "95% CI of mean (s)", "stddev (s)", "CV", "min (s)",
                "max (s)", "outliers");
        List<Boolean> numeric = List.of(false, true, true, true, true, true, true, true, true, true, true, true, true, true, false);
        List<List<String>> rows = cells.stream().map(cell -> {
            CellKey key = cell.key();
            SampleStatistics s = cell.elapsedSeconds();
            return List.of(key.displayName(), key.payloadBytes() + " B", String.valueOf(key.window()),
                    String.valueOf(cell.runs()), String.valueOf(cell.warmupRuns()), String.valueOf(key.calls()),
                    Numbers.seconds(s.median()), range(cell.elapsedMedianCi95(), Numbers::seconds),
                    Numbers.seconds(s.mean()), range(new Interval(s.ci95Low(), s.ci95High()), Numbers::seconds),
                    Numbers.seconds(s.stddev()), Numbers.percent(cell.cv()) + (cell.noisy() ? " ⚠ noisy" : ""),
                    Numbers.seconds(s.min()), Numbers.seconds(s.max()), outliers(cell.outliers()));
        }).toList();
        return new Table(header, numeric, rows);
    }

    static Table perCall(List<CellSummary> cells) {
        List<String> header = List.of("transport", "payload", "window", "µs/call (median)", "95% CI (µs/call)",
                "µs/call (mean)", "calls/s", "× dbus-daemon", "lost/mismatched/errors");
        List<Boolean> numeric = List.of(false, true, true, true, true, true, true, true, true);
        List<List<String>> rows = cells.stream().map(cell -> {
            CellKey key = cell.key();
            Counts c = cell.counts();
            return List.of(key.displayName(), key.payloadBytes() + " B", String.valueOf(key.window()),
                    Numbers.microseconds(cell.usPerCallMedian()) + (cell.fixedCost().corrected() > 0 ? " †" : ""), range(cell.usPerCallMedianCi95(), Numbers::microseconds),
                    Numbers.microseconds(cell.usPerCallMean()), Numbers.perSecond(cell.callsPerSecond()),
                    Numbers.ratio(cell.ratioToDbusDaemon()), c.lost() + "/" + c.mismatched() + "/" + c.errors());
        }).toList();
        return new Table(header, numeric, rows);
    }

    static Table latency(List<CellSummary> cells) {
        List<String> header = List.of("transport", "mode", "payload", "window", "p50 (µs)", "p90 (µs)", "p99 (µs)",
                "p99.9 (µs)", "max (µs)", "calls timed");
        List<Boolean> numeric = List.of(false, false, true, true, true, true, true, true, true, true);
        // Reference rows only where latency was recorded: spam never records any, so its rows would be all n/a.
        List<List<String>> rows = cells.stream().filter(c -> c.runs() > 0).filter(c -> c.key().subject() || c.latency() != null).map(cell -> {
            CellKey key = cell.key();
            LatencySummary l = cell.latency();
            List<String> row = new ArrayList<>(List.of(key.displayName(), key.mode(), key.payloadBytes() + " B", String.valueOf(key.window())));
            if (l == null) {
                row.addAll(List.of(Numbers.NOT_AVAILABLE, Numbers.NOT_AVAILABLE, Numbers.NOT_AVAILABLE, Numbers.NOT_AVAILABLE,
                        Numbers.NOT_AVAILABLE, Numbers.NOT_AVAILABLE));
            } else {
                row.addAll(List.of(Numbers.microseconds(l.p50Us()), Numbers.microseconds(l.p90Us()), Numbers.microseconds(l.p99Us()),
                        Numbers.microseconds(l.p999Us()), Numbers.microseconds(l.maxUs()),
                        l.count() + (l.countMatches() ? "" : " ⚠ expected " + l.expectedCount())));
            }
            return row;
        }).toList();
        return new Table(header, numeric, rows);
    }

    /**
     * Lab health, overhead over libdbus: per bus, mode, payload and window the four pairs' median µs per call, then the
     * client's and the server's overhead as a difference and a ratio with their 95% intervals and the target check.
     */
    static Table overhead(LabHealth health) {
        List<String> header = List.of("bus", "mode", "payload", "window", "libdbus>libdbus (µs/call)",
                "dbus-java>libdbus (µs/call)", "libdbus>dbus-java (µs/call)", "dbus-java>dbus-java, true echo (µs/call)",
                "client overhead (µs/call)", "client × libdbus (target ≤ " + Numbers.factor(LabHealth.TARGET_RATIO) + ")",
                "server overhead (µs/call)", "server × libdbus (target ≤ " + Numbers.factor(LabHealth.TARGET_RATIO) + ")");
        List<Boolean> numeric = List.of(false, false, true, true, true, true, true, true, true, true, true, true);
        List<List<String>> rows = health.overhead().stream().map(row -> {
            List<String> cells = new ArrayList<>(List.of(row.transport(), row.mode(), row.payloadBytes() + " B",
                    String.valueOf(row.window())));
            for (String pair : List.of(CellKey.LIBDBUS_PAIR, CellKey.JAVA_CLIENT_PAIR, CellKey.JAVA_SERVER_PAIR, CellKey.SUBJECT_PAIR)) {
                cells.add(row.cell(pair).map(c -> Numbers.microseconds(c.usPerCallMedian()) + (c.noisy() ? " ⚠" : ""))
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
            cells.add(ABSENT);
            cells.add(ABSENT);
            return;
        }
        SampleComparison r = overhead.result();
        cells.add(Numbers.signedMicroseconds(r.difference()) + " (" + signedRange(r.differenceInterval()) + ")");
        cells.add(targetRatio(overhead));
    }

    /** "1.18× (1.12–1.25) ✓", with ", CI spans 1.30" when the interval reaches across the target. */
    static String targetRatio(LabHealth.PairOverhead overhead) {
        SampleComparison r = overhead.result();
        return Numbers.factor(r.ratioOfMedians()) + "× (" + ratioRange(r.ratioInterval()) + ") "
                + (overhead.meetsTarget() ? "✓" : "✗")
                + (overhead.targetCertain() ? "" : ", CI spans " + Numbers.factor(LabHealth.TARGET_RATIO)) + paired(r);
    }

    /** Lab health, raw-socket floor: each subject cell against raw-unix or raw-tcp at the same mode, payload and window. */
    static Table floor(LabHealth health) {
        List<String> header = List.of("transport", "mode", "payload", "window", "µs/call", "floor", "floor µs/call",
                "× floor (95% CI)");
        List<Boolean> numeric = List.of(false, false, true, true, true, false, true, true);
        List<List<String>> rows = health.floor().stream().map(row -> {
            CellKey key = row.cell().key();
            SampleComparison r = row.result();
            return List.of(key.transport(), key.mode(), key.payloadBytes() + " B", String.valueOf(key.window()),
                    Numbers.microseconds(row.cell().usPerCallMedian()), row.floor().key().transport(),
                    Numbers.microseconds(row.floor().usPerCallMedian()),
                    Numbers.factor(r.ratioOfMedians()) + "× (" + ratioRange(r.ratioInterval()) + ")" + paired(r));
        }).toList();
        return new Table(header, numeric, rows);
    }

    /**
     * The sweep as a grid: one row per bus and payload, one column per window, calls per second and µs per call in
     * each cell, and where throughput saturates.
     */
    static Table sweep(List<SweepSeries> sweep) {
        List<Integer> windows = sweep.stream().flatMap(s -> s.windows().stream()).distinct().sorted().toList();
        List<String> header = new ArrayList<>(List.of("bus", "mode", "payload"));
        List<Boolean> numeric = new ArrayList<>(List.of(false, false, true));
        windows.forEach(w -> {
            header.add("window " + w);
            numeric.add(true);
        });
        header.add("saturates at");
        numeric.add(false);
        List<List<String>> rows = sweep.stream().map(series -> {
            List<String> row = new ArrayList<>(List.of(series.transport(), series.mode(), series.payloadBytes() + " B"));
            for (int window : windows) {
                row.add(series.points().stream().filter(p -> p.key().window() == window).findFirst()
                        .map(ReportTables::sweepPoint).orElse(ABSENT));
            }
            row.add(ReportText.saturation(series));
            return (List<String>) row;
        }).toList();
        return new Table(header, numeric, rows);
    }

    /** Each sweep window against the next smaller one: the calls/s gain with its CI, the verdict, paired or not. */
    static Table sweepSteps(List<SweepStep> steps) {
        List<String> header = List.of("bus", "mode", "payload", "window", "vs window", "calls/s × previous (95% CI)",
                "verdict", "compared");
        List<Boolean> numeric = List.of(false, false, true, true, true, true, false, false);
        List<List<String>> rows = steps.stream().map(step -> {
            SampleComparison r = step.result();
            String verdict = switch (r.direction()) {
                case LOWER -> "more calls/s";
                case HIGHER -> "fewer calls/s";
                case NOT_SIGNIFICANT -> r.tooFewRunsToTell() ? "too few runs" : "no sig. diff.";
            };
            return List.of(step.series().transport(), step.series().mode(), step.series().payloadBytes() + " B",
                    String.valueOf(step.point().key().window()), String.valueOf(step.previous().key().window()),
                    Numbers.factor(step.gain()) + "× (" + ratioRange(step.gainCi95()) + ")", verdict + ", " + Numbers.pValue(r.test().pValue()),
                    r.paired() ? "paired, " + r.pairedBlocks() + " blocks" : "unpaired");
        }).toList();
        return new Table(header, numeric, rows);
    }

    /** "24512/s, 40.8 µs", or what went wrong. */
    private static String sweepPoint(CellSummary point) {
        if (point.runs() == 0) {
            return "no measured runs";
        }
        String text = Numbers.perSecond(point.callsPerSecond()) + "/s, " + Numbers.microseconds(point.usPerCallMedian()) + " µs";
        if (point.failed()) {
            Counts c = point.counts().plus(point.warmupCounts());
            return text + " ⚠ lost " + c.lost() + ", mismatched " + c.mismatched() + ", errors " + c.errors();
        }
        return text + (point.noisy() ? " ⚠" : "");
    }

    /** ", paired" for a comparison made block by block; nothing for the unpaired (older folders). */
    private static String paired(SampleComparison r) {
        return r.paired() ? ", paired" : "";
    }

    private static String ratioRange(Interval interval) {
        return interval.isDefined() ? Numbers.factor(interval.low()) + "–" + Numbers.factor(interval.high()) : "CI " + Numbers.NOT_AVAILABLE;
    }

    private static String signedRange(Interval interval) {
        return interval.isDefined() ? Numbers.signedMicroseconds(interval.low()) + "…" + Numbers.signedMicroseconds(interval.high())
                : "CI " + Numbers.NOT_AVAILABLE;
    }

    /** "none", or e.g. "1 low severe, 2 high mild". */
    static String outliers(OutlierCounts o) {
        List<String> parts = new ArrayList<>();
        if (o.lowSevere() > 0) {
            parts.add(o.lowSevere() + " low severe");
        }
        if (o.lowMild() > 0) {
            parts.add(o.lowMild() + " low mild");
        }
        if (o.highMild() > 0) {
            parts.add(o.highMild() + " high mild");
        }
        if (o.highSevere() > 0) {
            parts.add(o.highSevere() + " high severe");
        }
        return parts.isEmpty() ? "none" : String.join(", ", parts);
    }

    private static String range(Interval interval, java.util.function.DoubleFunction<String> format) {
        return interval.isDefined() ? format.apply(interval.low()) + " – " + format.apply(interval.high()) : Numbers.NOT_AVAILABLE;
    }
}
