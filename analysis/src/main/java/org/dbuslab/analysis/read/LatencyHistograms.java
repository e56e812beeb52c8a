package org.dbuslab.analysis.read;

import org.HdrHistogram.Histogram;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The per-call latency histograms of a session, by where runs.csv says they are.
 *
 * @param histograms  every histogram that could be read
 * @param unreadable  references whose log was missing or corrupt (already warned about, once per file)
 */
public record LatencyHistograms(Map<LatencyRef, Histogram> histograms, Set<LatencyRef> unreadable) {

    public static final LatencyHistograms NONE = new LatencyHistograms(Map.of(), Set.of());

    public LatencyHistograms {
        histograms = Map.copyOf(histograms);
        unreadable = Set.copyOf(unreadable);
    }

    public Optional<Histogram> of(LatencyRef ref) {
        return Optional.ofNullable(histograms.get(ref));
    }

    public boolean isUnreadable(LatencyRef ref) {
        return unreadable.contains(ref);
    }
}
