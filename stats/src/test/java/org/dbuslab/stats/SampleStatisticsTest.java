package org.dbuslab.stats;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Reference values come from NumPy 2.4.6 / SciPy 1.17.1, not from commons-math, so the check is independent. */
class SampleStatisticsTest {

    private static final double TOLERANCE = 1e-10;

    /*
     * python3 -c "import numpy as np, scipy.stats as st; x=np.array([1234567890,1301234567,1198765432,1256789012,1280345678])/1e9; \
     *   print(x.mean(), np.median(x), x.std(ddof=1), st.t.interval(0.95, len(x)-1, loc=x.mean(), scale=st.sem(x)))"
     * 1.2543405157999998 1.256789012 0.03987750714074851 (np.float64(1.2048260508452189), np.float64(1.3038549807547808))
     */
    @Test
    void oddSampleMatchesScipy() {
        SampleStatistics s = SampleStatistics.of(seconds(1234567890, 1301234567, 1198765432, 1256789012, 1280345678));
        assertEquals(5, s.n());
        assertEquals(1.2543405157999998, s.mean(), TOLERANCE);
        assertEquals(1.256789012, s.median(), TOLERANCE);
        assertEquals(0.03987750714074851, s.stddev(), TOLERANCE);
        assertEquals(1.2048260508452189, s.ci95Low(), TOLERANCE);
        assertEquals(1.3038549807547808, s.ci95High(), TOLERANCE);
        assertEquals(1.198765432, s.min(), 0);
        assertEquals(1.301234567, s.max(), 0);
    }

    /*
     * python3 -c "import numpy as np, scipy.stats as st; x=np.array([812345678,799876543,845678901,823456789,790123456,831234567])/1e9; \
     *   print(x.mean(), np.median(x), x.std(ddof=1), st.t.interval(0.95, len(x)-1, loc=x.mean(), scale=st.sem(x)))"
     * 0.8171193223333333 0.8179012335 0.020513074210438985 (np.float64(0.7955921711730675), np.float64(0.8386464734935991))
     */
    @Test
    void evenSampleMedianAveragesTheTwoMiddleValuesLikeNumpy() {
        SampleStatistics s = SampleStatistics.of(seconds(812345678, 799876543, 845678901, 823456789, 790123456, 831234567));
        assertEquals(0.8171193223333333, s.mean(), TOLERANCE);
        assertEquals(0.8179012335, s.median(), TOLERANCE);
        assertEquals(0.020513074210438985, s.stddev(), TOLERANCE);
        assertEquals(0.7955921711730675, s.ci95Low(), TOLERANCE);
        assertEquals(0.8386464734935991, s.ci95High(), TOLERANCE);
    }

    @Test
    void singleRunHasNoSpreadAndNoInterval() {
        SampleStatistics s = SampleStatistics.of(new double[] {0.5});
        assertEquals(0.5, s.mean(), 0);
        assertEquals(0.5, s.median(), 0);
        assertTrue(Double.isNaN(s.stddev()));
        assertTrue(Double.isNaN(s.ci95Low()));
        assertTrue(Double.isNaN(s.ci95High()));
    }

    @Test
    void emptySampleIsUndefinedThroughout() {
        SampleStatistics s = SampleStatistics.of(new double[0]);
        assertEquals(0, s.n());
        assertTrue(Double.isNaN(s.mean()) && Double.isNaN(s.median()) && Double.isNaN(s.min()));
    }

    private static double[] seconds(long... nanos) {
        double[] seconds = new double[nanos.length];
        for (int i = 0; i < nanos.length; i++) {
            seconds[i] = nanos[i] / 1e9;
        }
        return seconds;
    }
}
