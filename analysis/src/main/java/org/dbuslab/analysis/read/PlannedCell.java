package org.dbuslab.analysis.read;

/**
 * One line of plan.tsv: a cell the lab meant to measure, with how many runs it asked for. {@code placed}: the line
 * named the cell's placement (plan.tsv since 2026-12-06), which then is the key's; an older line's key is free.
 */
public record PlannedCell(CellKey key, int runs, int warmupRuns, boolean placed) {

    /** A line without a placement column. */
    public PlannedCell(CellKey key, int runs, int warmupRuns) {
        this(key, runs, warmupRuns, false);
    }
}
