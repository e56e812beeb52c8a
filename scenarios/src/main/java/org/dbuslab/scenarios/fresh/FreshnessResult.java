package org.dbuslab.scenarios.fresh;

import org.HdrHistogram.Histogram;

import java.util.List;

/** What one freshness run found. Latencies in nanoseconds. */
public record FreshnessResult(int changes, int signalsSeen, int changesSeen, long reads, long staleReads,
                              int signalMismatches, List<String> staleExamples, Histogram setToRead,
                              Histogram setToSignal, long durationNs, String writerFailure) {

    public int changesMissed() {
        return changes - changesSeen;
    }

    /** The cache never served an older value after the signal had arrived, and every signal came, in order. */
    public boolean clean() {
        return staleReads == 0 && signalsSeen == changes && signalMismatches == 0 && writerFailure == null;
    }
}
