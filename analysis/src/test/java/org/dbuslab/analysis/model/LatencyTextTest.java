package org.dbuslab.analysis.model;

import org.dbuslab.analysis.read.Counts;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A latency count below the runs' calls is explained by every call without a round-trip time. */
public class LatencyTextTest {

    private static String text(long count, Counts counts) {
        return LatencyText.countMismatch("p2p-unix async 1000 B window 128 calls 1000", count, 3000, 3, 1000, counts);
    }

    @Test
    public void mismatchedRepliesExplainMissingLatencies() {
        assertEquals("p2p-unix async 1000 B window 128 calls 1000: latency histograms hold 2998 calls, expected 3000"
                + " (3 runs × 1000 calls); 2 lost, mismatched or failed calls have no round-trip time",
                text(2998, new Counts(0, 2, 0)));
    }

    @Test
    public void lostMismatchedAndErrorsAddUp() {
        assertTrue(text(2994, new Counts(1, 2, 3)).endsWith("; 6 lost, mismatched or failed calls have no round-trip time"));
    }

    @Test
    public void aShortCountWithEveryCallAnsweredIsNotExplainedAway() {
        assertTrue(text(2998, new Counts(0, 0, 0)).endsWith("; the latency logs may not belong to these runs"));
    }
}
