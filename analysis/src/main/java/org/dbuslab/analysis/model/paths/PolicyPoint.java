package org.dbuslab.analysis.model.paths;

import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.stats.SampleComparison;

/**
 * One rule count of a policy sweep: the bus carrying {@code rules} extra policy rules (0: the plain bus of series
 * policy), and its µs per call against the plain bus's, paired by block.
 *
 * @param vsNone       this cell against the 0-rule cell; null for that cell itself, without it, or without runs
 * @param commonBlocks blocks holding measured runs of both
 */
public record PolicyPoint(int rules, CellSummary cell, SampleComparison vsNone, int commonBlocks) {
}
