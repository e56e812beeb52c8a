package org.dbuslab.analysis;

/** A transport (or a cell of it) the lab could not run, and why — from skipped.tsv. */
record SkippedTransport(String transport, String reason) {
}
