package org.dbuslab.analysis.output;

import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.model.CellComparison;
import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.analysis.model.LatencySummary;
import org.dbuslab.analysis.model.Numbers;
import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.analysis.report.Verdicts;
import org.dbuslab.stats.SampleComparison;
import org.dbuslab.stats.SampleStatistics;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * summary.csv: one row per cell for spreadsheets and scripts: the subject cells first (as before), then the
 * reference, sweep, over-limit, client-library, 2015-experiment and real-world-path cells; the trailing columns pair, series, method and reference tell them apart.
 * A folder with cells of series paths or policy has one more column last, {@code cpu_path_us_per_call} (issue 24);
 * every other folder's file is as before. Numbers are plain decimals with '.' and no
 * exponent whatever the locale; an undefined value is an empty field. For every baseline in use there is
 * one group of comparison columns, prefixed {@code vs_<baseline>_} (dashes become underscores).
 */
public final class SummaryCsv implements ReportWriter {

    public static final String FILE = "summary.csv";
    private static final List<String> CELL_COLUMNS = List.of("transport", "mode", "payload_bytes", "window",
            "calls_per_run", "runs", "warmup_runs", "elapsed_s_median", "elapsed_s_median_ci95_low",
            "elapsed_s_median_ci95_high", "elapsed_s_mean", "elapsed_s_ci95_low", "elapsed_s_ci95_high", "elapsed_s_stddev",
            "elapsed_s_min", "elapsed_s_max", "cv", "noisy", "outliers_low_severe", "outliers_low_mild", "outliers_high_mild",
            "outliers_high_severe", "us_per_call_median", "us_per_call_median_ci95_low", "us_per_call_median_ci95_high",
            "us_per_call_mean", "calls_per_second", "latency_p50_us", "latency_p90_us", "latency_p99_us", "latency_p99_9_us",
            "latency_max_us", "latency_count", "lost", "mismatched", "errors");
    /** After the comparison groups, so the columns of older files keep their positions. */
    private static final List<String> IDENTITY_COLUMNS = List.of("pair", "series", "method", "reference",
            "fixed_cost_corrected_runs", "fixed_cost_missing_runs", "blocks", "us_per_call_median_ci95_halfwidth_pct",
            "cpu_client_us_per_call", "cpu_bus_us_per_call", "cpu_server_us_per_call", "placement");
    /** Last, and only in folders with real-world path cells. */
    private static final String PATH_CPU_COLUMN = "cpu_path_us_per_call";
    private static final List<String> COMPARISON_COLUMNS = List.of("ratio_of_medians", "ratio_ci95_low", "ratio_ci95_high",
            "diff_us_per_call", "diff_ci95_low", "diff_ci95_high", "mann_whitney_p", "mann_whitney_method", "verdict");

    @Override
    public String fileName() {
        return FILE;
    }

    @Override
    public String render(Analysis analysis) {
        List<String> header = new ArrayList<>(CELL_COLUMNS);
        for (String baseline : analysis.baselines()) {
            String prefix = "vs_" + baseline.replace('-', '_').toLowerCase(Locale.ROOT) + "_";
            COMPARISON_COLUMNS.forEach(column -> header.add(prefix + column));
        }
        header.addAll(IDENTITY_COLUMNS);
        boolean paths = !analysis.pathCells().isEmpty();
        if (paths) {
            header.add(PATH_CPU_COLUMN);
        }
        StringBuilder csv = new StringBuilder(line(header));
        List<CellSummary> cells = new ArrayList<>(analysis.cells());
        for (CellKey.Role role : List.of(CellKey.Role.REFERENCE, CellKey.Role.SWEEP, CellKey.Role.OVERLIMIT,
                CellKey.Role.LIBRARY, CellKey.Role.LKML, CellKey.Role.PATH)) {
            analysis.allCells().stream().filter(c -> c.key().role() == role).forEach(cells::add);
        }
        for (CellSummary cell : cells) {
            List<String> row = cellFields(cell);
            for (String baseline : analysis.baselines()) {
                Optional<CellComparison> comparison = analysis.comparisonsAgainst(baseline).stream()
                        .filter(c -> c.cell().key().equals(cell.key())).findFirst();
                row.addAll(comparison.map(SummaryCsv::comparisonFields)
                        .orElseGet(() -> COMPARISON_COLUMNS.stream().map(c -> "").collect(Collectors.toList())));
            }
            CellKey key = cell.key();
            row.addAll(List.of(key.pair(), key.series(), key.method(), String.valueOf(key.referenceFlag()),
                    String.valueOf(cell.fixedCost().corrected()), String.valueOf(cell.fixedCost().missing()),
                    String.valueOf(cell.blocks()), n(cell.usPerCallHalfWidthPct()), n(cell.cpu().client()), n(cell.cpu().bus()),
                    n(cell.cpu().server()), key.placement()));
            if (paths) {
                row.add(n(cell.cpu().path()));
            }
            csv.append(line(row));
        }
        return csv.toString();
    }

    private static List<String> cellFields(CellSummary cell) {
        CellKey key = cell.key();
        SampleStatistics s = cell.elapsedSeconds();
        LatencySummary l = cell.latency();
        List<String> row = new ArrayList<>(List.of(key.transport(), key.mode(), String.valueOf(key.payloadBytes()),
                String.valueOf(key.window()), String.valueOf(key.calls()), String.valueOf(cell.runs()),
                String.valueOf(cell.warmupRuns()), n(s.median()), n(cell.elapsedMedianCi95().low()),
                n(cell.elapsedMedianCi95().high()), n(s.mean()), n(s.ci95Low()), n(s.ci95High()), n(s.stddev()),
                n(s.min()), n(s.max()), n(cell.cv()), String.valueOf(cell.noisy()),
                String.valueOf(cell.outliers().lowSevere()), String.valueOf(cell.outliers().lowMild()),
                String.valueOf(cell.outliers().highMild()), String.valueOf(cell.outliers().highSevere()),
                n(cell.usPerCallMedian()), n(cell.usPerCallMedianCi95().low()), n(cell.usPerCallMedianCi95().high()),
                n(cell.usPerCallMean()), n(cell.callsPerSecond())));
        if (l == null) {
            row.addAll(List.of("", "", "", "", "", ""));
        } else {
            row.addAll(List.of(n(l.p50Us()), n(l.p90Us()), n(l.p99Us()), n(l.p999Us()), n(l.maxUs()), String.valueOf(l.count())));
        }
        row.addAll(List.of(String.valueOf(cell.counts().lost()), String.valueOf(cell.counts().mismatched()),
                String.valueOf(cell.counts().errors())));
        return row;
    }

    private static List<String> comparisonFields(CellComparison c) {
        SampleComparison r = c.result();
        return new ArrayList<>(List.of(n(r.ratioOfMedians()), n(r.ratioInterval().low()), n(r.ratioInterval().high()),
                n(r.difference()), n(r.differenceInterval().low()), n(r.differenceInterval().high()),
                n(r.test().pValue()), testMethod(r), Verdicts.of(r.direction())));
    }

    /** Mann-Whitney's "exact" or "asymptotic" as before; a paired comparison names its test too. */
    private static String testMethod(SampleComparison r) {
        return r.paired() ? r.test().kind().label() + " " + r.test().method() : r.test().method();
    }

    private static String n(double value) {
        return Numbers.plain(value);
    }

    private static String line(List<String> fields) {
        return fields.stream().map(SummaryCsv::quote).collect(Collectors.joining(",")) + "\n";
    }

    /** RFC 4180: quote a field that holds a comma, a quote or a line break. */
    private static String quote(String field) {
        if (field.contains(",") || field.contains("\"") || field.contains("\n") || field.contains("\r")) {
            return "\"" + field.replace("\"", "\"\"") + "\"";
        }
        return field;
    }
}
