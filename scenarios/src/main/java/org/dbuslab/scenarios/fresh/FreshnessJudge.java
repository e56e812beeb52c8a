package org.dbuslab.scenarios.fresh;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Judges each cached read against the changes made and witnessed.
 *
 * <p>With k1 = changes witnessed just before the read and k2 just after, a correct cache holds, during the read,
 * the value of one of the changes k1..k2+1 (k2+1: applied by the cache, not yet by the witness that runs after
 * it). Any other value is a stale read. A read is attributed to the newest change in that window with its
 * value; the first read attributed to a change makes it "seen", and its time gives the set → observed latency.
 */
public final class FreshnessJudge {

    private static final int MAX_EXAMPLES = 5;

    private final int changes;
    private final IntFunction<String> valueOfChange;
    private final long[] firstSeenNs;
    private long reads;
    private long stale;
    private final List<String> staleExamples = new ArrayList<>();

    /** {@code valueOfChange.apply(i)}: value set by change i (0 = initial), null if not sent yet. */
    public FreshnessJudge(int changes, IntFunction<String> valueOfChange) {
        this.changes = changes;
        this.valueOfChange = valueOfChange;
        this.firstSeenNs = new long[changes + 1];
    }

    public void observe(int k1, int k2, String value, long observedNs) {
        reads++;
        int hi = Math.min(k2 + 1, changes);
        for (int j = hi; j >= k1; j--) {
            if (value != null && value.equals(valueOfChange.apply(j))) {
                if (firstSeenNs[j] == 0) {
                    firstSeenNs[j] = observedNs;
                }
                return;
            }
        }
        stale++;
        if (staleExamples.size() < MAX_EXAMPLES) {
            staleExamples.add("read '" + value + "' after change " + k1 + " ('" + valueOfChange.apply(k1) + "') had arrived");
        }
    }

    public long reads() {
        return reads;
    }

    public long staleReads() {
        return stale;
    }

    public List<String> staleExamples() {
        return List.copyOf(staleExamples);
    }

    /** When change i (1..K) was first read, 0 if never. */
    public long firstSeenNs(int i) {
        return firstSeenNs[i];
    }

    public int changesSeen() {
        int seen = 0;
        for (int i = 1; i <= changes; i++) {
            seen += firstSeenNs[i] != 0 ? 1 : 0;
        }
        return seen;
    }
}
