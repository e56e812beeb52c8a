package org.dbuslab.analysis.read;

/** One line of plan.tsv: a cell the lab meant to measure, with how many runs it asked for. */
public record PlannedCell(CellKey key, int runs, int warmupRuns) {
}
