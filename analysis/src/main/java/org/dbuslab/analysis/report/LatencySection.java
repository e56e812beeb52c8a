package org.dbuslab.analysis.report;

import java.util.ArrayList;
import java.util.List;
import org.dbuslab.analysis.charts.Charts;
import org.dbuslab.analysis.doc.Section;
import org.dbuslab.analysis.doc.Table;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.analysis.model.LatencySummary;
import org.dbuslab.analysis.model.Numbers;
import org.dbuslab.analysis.read.CellKey;

/** "Per-call latency": HdrHistogram percentiles of each cell, and their curves. */
public final class LatencySection {

    private LatencySection() {
    }

    public static final String ID = "latency";

    public static Section of(Analysis analysis) {
        Section.Builder section = Section.builder(ID, "Per-call latency").collapsed();
        if (!analysis.latencyRecorded()) {
            return section.text("Not recorded in this session (runs.csv has no latency_log).").build();
        }
        return section.table(latency(analysis.tableCells()), "details").charts(Charts.latency(analysis)).build();
    }

    public static Table latency(List<CellSummary> cells) {
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
}
