package org.dbuslab.analysis.read;

/**
 * Where a run's per-call latency histogram is stored: an HdrHistogram log in the results folder and the
 * tag of the run's interval histogram in it (runs.csv columns latency_log and latency_tag).
 *
 * @param log path relative to the results folder, e.g. latency/dbus-daemon.sync.1000.w1.c1000.hlog
 * @param tag e.g. measure-3 or warmup-1
 */
public record LatencyRef(String log, String tag) {
}
