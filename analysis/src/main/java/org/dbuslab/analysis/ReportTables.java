package org.dbuslab.analysis;

import org.dbuslab.analysis.stats.Interval;
import org.dbuslab.analysis.stats.OutlierCounts;

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
            return List.of(key.transport(), key.payloadBytes() + " B", String.valueOf(key.window()),
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
            return List.of(key.transport(), key.payloadBytes() + " B", String.valueOf(key.window()),
                    Numbers.microseconds(cell.usPerCallMedian()), range(cell.usPerCallMedianCi95(), Numbers::microseconds),
                    Numbers.microseconds(cell.usPerCallMean()), Numbers.perSecond(cell.callsPerSecond()),
                    Numbers.ratio(cell.ratioToDbusDaemon()), c.lost() + "/" + c.mismatched() + "/" + c.errors());
        }).toList();
        return new Table(header, numeric, rows);
    }

    static Table latency(List<CellSummary> cells) {
        List<String> header = List.of("transport", "mode", "payload", "window", "p50 (µs)", "p90 (µs)", "p99 (µs)",
                "p99.9 (µs)", "max (µs)", "calls timed");
        List<Boolean> numeric = List.of(false, false, true, true, true, true, true, true, true, true);
        List<List<String>> rows = cells.stream().filter(c -> c.runs() > 0).map(cell -> {
            CellKey key = cell.key();
            LatencySummary l = cell.latency();
            List<String> row = new ArrayList<>(List.of(key.transport(), key.mode(), key.payloadBytes() + " B", String.valueOf(key.window())));
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
