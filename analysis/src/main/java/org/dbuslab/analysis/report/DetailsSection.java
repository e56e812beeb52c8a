package org.dbuslab.analysis.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.dbuslab.analysis.doc.Section;
import org.dbuslab.analysis.doc.Table;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.analysis.model.Numbers;
import org.dbuslab.analysis.model.Ranges;
import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.analysis.read.Counts;
import org.dbuslab.stats.Interval;
import org.dbuslab.stats.OutlierCounts;
import org.dbuslab.stats.SampleStatistics;

/** "Details: MODE": run times and cost per call of every subject and reference cell, collapsed. */
public final class DetailsSection {

    private DetailsSection() {
    }

    /** One collapsed section per mode; the footnotes go under the last. */
    public static List<Section> of(Analysis analysis) {
        Map<String, List<CellSummary>> byMode = analysis.tableCells().stream()
                .collect(Collectors.groupingBy(c -> c.key().mode(), LinkedHashMap::new, Collectors.toList()));
        List<Section> sections = new ArrayList<>();
        List<String> modes = new ArrayList<>(byMode.keySet());
        for (String mode : modes) {
            List<CellSummary> cells = byMode.get(mode);
            Section.Builder section = Section.builder("details-" + mode, "Details: " + mode).collapsed()
                    .subsection(Section.builder("details-" + mode + "-runs", "Run time").table(runTimes(cells), "details").build())
                    .subsection(Section.builder("details-" + mode + "-per-call", "Cost per call").table(perCall(cells), "details").build());
            sections.add(section.build());
        }
        List<String> footnotes = new ArrayList<>();
        if (analysis.tableCells().stream().anyMatch(c -> c.fixedCost().corrected() > 0)) {
            footnotes.add(fixedCostFootnote());
        }
        if (!analysis.allCells().isEmpty()) {
            footnotes.add(warmups(analysis));
        }
        if (!footnotes.isEmpty() && !sections.isEmpty()) {
            Section last = sections.remove(sections.size() - 1);
            Section.Builder withNotes = Section.builder(last.id(), last.title()).collapsed();
            last.blocks().forEach(withNotes::add);
            last.subsections().forEach(withNotes::subsection);
            Section.Builder notes = Section.builder(last.id() + "-notes", "Notes");
            footnotes.forEach(notes::note);
            sections.add(withNotes.subsection(notes.build()).build());
        }
        return sections;
    }

    /** Below the detail tables when spam rows are in them. */
    public static String fixedCostFootnote() {
        return "† spam rows: the run time is the whole spam process, start-up included; µs/call has the fixed "
                + "cost removed, (elapsed − fixed) / (calls − 1) per run, median over the runs (see Lab health).";
    }

    public static String warmups(Analysis analysis) {
        return "Warm-up runs excluded from all statistics: " + analysis.warmupRunsExcluded() + ".";
    }

    public static Table runTimes(List<CellSummary> cells) {
        List<String> header = List.of("transport", "payload", "window", "runs", "warm-ups excluded", "calls/run",
                "median (s)", "95% CI of median (s)", "mean (s)", "95% CI of mean (s)", "stddev (s)", "CV", "min (s)",
                "max (s)", "outliers");
        List<Boolean> numeric = List.of(false, true, true, true, true, true, true, true, true, true, true, true, true, true, false);
        List<List<String>> rows = cells.stream().map(cell -> {
            CellKey key = cell.key();
            SampleStatistics s = cell.elapsedSeconds();
            return List.of(key.displayName(), key.payloadBytes() + " B", String.valueOf(key.window()),
                    String.valueOf(cell.runs()), String.valueOf(cell.warmupRuns()), String.valueOf(key.calls()),
                    Numbers.seconds(s.median()), Ranges.of(cell.elapsedMedianCi95(), Numbers::seconds),
                    Numbers.seconds(s.mean()), Ranges.of(new Interval(s.ci95Low(), s.ci95High()), Numbers::seconds),
                    Numbers.seconds(s.stddev()), Numbers.percent(cell.cv()) + (cell.noisy() ? " noisy" : ""),
                    Numbers.seconds(s.min()), Numbers.seconds(s.max()), outliers(cell.outliers()));
        }).toList();
        return new Table(header, numeric, rows);
    }

    public static Table perCall(List<CellSummary> cells) {
        List<String> header = List.of("transport", "payload", "window", "µs/call (median)", "95% CI (µs/call)",
                "µs/call (mean)", "calls/s", "× dbus-daemon", "lost/mismatched/errors");
        List<Boolean> numeric = List.of(false, true, true, true, true, true, true, true, true);
        List<List<String>> rows = cells.stream().map(cell -> {
            CellKey key = cell.key();
            Counts c = cell.counts();
            return List.of(key.displayName(), key.payloadBytes() + " B", String.valueOf(key.window()),
                    Numbers.microseconds(cell.usPerCallMedian()) + (cell.fixedCost().corrected() > 0 ? " †" : ""), Ranges.of(cell.usPerCallMedianCi95(), Numbers::microseconds),
                    Numbers.microseconds(cell.usPerCallMean()), Numbers.perSecond(cell.callsPerSecond()),
                    Numbers.ratio(cell.ratioToDbusDaemon()), c.lost() + "/" + c.mismatched() + "/" + c.errors());
        }).toList();
        return new Table(header, numeric, rows);
    }

    /** "none", or e.g. "1 low severe, 2 high mild". */
    public static String outliers(OutlierCounts o) {
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
}
