package org.dbuslab.analysis;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

/** Everything the reports show: what was read, what was computed from it, and what is missing. */
record Analysis(ResultsFolder folder, List<CellSummary> cells, List<DataGap> gaps, Instant generated) {

    static Analysis of(ResultsFolder folder, Instant now) {
        List<CellSummary> cells = CellSummarizer.summarize(folder.runs());
        List<DataGap> gaps = GapFinder.find(folder.plan(), cells, folder.skipped());
        return new Analysis(folder, cells, gaps, now.truncatedTo(ChronoUnit.SECONDS));
    }

    /** Lost, mismatched and errored calls over the measured runs of all cells. */
    Counts totalCounts() {
        return cells.stream().map(CellSummary::counts).reduce(Counts.ZERO, Counts::plus);
    }

    List<CellSummary> cellsWithFailures() {
        return cells.stream().filter(c -> !c.counts().isClean() || !c.warmupCounts().isClean()).toList();
    }
}
