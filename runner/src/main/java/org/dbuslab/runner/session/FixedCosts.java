package org.dbuslab.runner.session;

import org.dbuslab.runner.exec.SpamRun;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;

/**
 * Each spam cell's fixed cost (one {@code --count=1} spam process: start, connect, one call, exit) as the
 * median of its latest {@link #WINDOW} samples. The first time a cell runs it takes WINDOW samples, after that
 * one per block: a block no longer pays five extra processes per spam cell (3 s of a 9 s block), and the rolling
 * median still follows a drift within a few blocks.
 */
final class FixedCosts {

    static final int WINDOW = 5;

    private final Map<String, Deque<Long>> byCell = new HashMap<>();

    /** Samples to take before this run of the cell: enough to fill its window, at least one. */
    int samplesDue(String cellId) {
        Deque<Long> window = byCell.get(cellId);
        return Math.max(1, WINDOW - (window == null ? 0 : window.size()));
    }

    void add(String cellId, long elapsedNs) {
        Deque<Long> window = byCell.computeIfAbsent(cellId, k -> new ArrayDeque<>());
        window.addLast(elapsedNs);
        if (window.size() > WINDOW) {
            window.removeFirst();
        }
    }

    /** The median of the cell's latest samples (the lower one of an even count); -1 before any. */
    long fixedNs(String cellId) {
        Deque<Long> window = byCell.get(cellId);
        return window == null || window.isEmpty() ? -1 : SpamRun.median(new ArrayList<>(window));
    }
}
