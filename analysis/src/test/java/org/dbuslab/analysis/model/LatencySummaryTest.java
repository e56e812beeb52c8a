package org.dbuslab.analysis.model;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

public class LatencySummaryTest {

    /** 10 000 latencies in ns from a formula Python can repeat; split over two "runs" to exercise merging. */
    private static long value(int i) {
        return 20000 + ((i * 7919L) % 10007) * 13 + (i % 97) * 1000L;
    }

    /*
     * HdrHistogram's percentile is the smallest recorded value with at least p % of the calls at or below
     * it: NumPy's 'inverted_cdf'. HdrHistogram keeps 3 significant digits, so agreement is within 0.1 %:
     * python3 -c "import numpy as np; x=np.array([20000+((i*7919)%10007)*13+(i%97)*1000 for i in range(10000)]); \
     *   print(np.percentile(x,[50,90,99,99.9],method='inverted_cdf').tolist(), x.max())"
     * [133110, 196327, 230674, 242126] 245779      (NumPy 2.4.6)
     */
    @Test
    public void percentilesOfMergedRunsMatchNumpyWithinHdrPrecision() {
        Histogram first = new Histogram(3);
        Histogram second = new Histogram(3);
        for (int i = 0; i < 10000; i++) {
            (i < 4000 ? first : second).recordValue(value(i));
        }
        LatencySummary s = LatencySummary.of(List.of(first, second), 10000);
        assertEquals(133.110, s.p50Us(), 133.110 * 1e-3);
        assertEquals(196.327, s.p90Us(), 196.327 * 1e-3);
        assertEquals(230.674, s.p99Us(), 230.674 * 1e-3);
        assertEquals(242.126, s.p999Us(), 242.126 * 1e-3);
        assertEquals(245.779, s.maxUs(), 245.779 * 1e-3);
        assertEquals(10000, s.count());
        assertTrue(s.countMatches());
        assertEquals(4000, first.getTotalCount(), "merging must not change the inputs");
        assertEquals(100.0, s.curve().get(s.curve().size() - 1).percentile(), 0);
    }

    @Test
    public void countBelowRunsTimesCallsIsAMismatch() {
        Histogram h = new Histogram(3);
        h.recordValue(1000);
        LatencySummary s = LatencySummary.of(List.of(h), 2);
        assertFalse(s.countMatches());
        assertEquals(1.0, s.p50Us(), 1e-3);
    }

    @Test
    public void emptyHistogramsGiveUndefinedPercentiles() {
        LatencySummary s = LatencySummary.of(List.of(new Histogram(3)), 0);
        assertTrue(Double.isNaN(s.p50Us()) && Double.isNaN(s.maxUs()));
        assertTrue(s.curve().isEmpty());
    }
}
