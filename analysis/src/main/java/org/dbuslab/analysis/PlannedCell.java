package org.dbuslab.analysis;

/** One line of plan.tsv: a cell the lab meant to measure, with how many runs it asked for. */
record PlannedCell(CellKey key, int runs, int warmupRuns) {
}
