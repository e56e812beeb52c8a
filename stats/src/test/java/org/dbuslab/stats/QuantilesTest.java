package org.dbuslab.stats;

import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class QuantilesTest {

    /*
     * python3 -c "import numpy as np; print(np.percentile([3.0,1.0,4.0,1.5,5.0,9.0,2.0,6.0], [0,25,50,75,100,2.5,97.5]).tolist())"
     * [1.0, 1.875, 3.5, 5.25, 9.0, 1.0875, 8.475000000000001]    (NumPy 2.4.6)
     */
    @Test
    void matchesNumpyDefaultPercentile() {
        double[] values = {3.0, 1.0, 4.0, 1.5, 5.0, 9.0, 2.0, 6.0};
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        double[] expected = {1.0, 1.875, 3.5, 5.25, 9.0, 1.0875, 8.475000000000001};
        double[] levels = {0, 0.25, 0.5, 0.75, 1, 0.025, 0.975};
        for (int i = 0; i < levels.length; i++) {
            assertEquals(expected[i], Quantiles.ofSorted(sorted, levels[i]), 1e-12, "p = " + levels[i]);
        }
        assertEquals(3.5, Quantiles.median(values), 1e-12);
        assertEquals(3.0, values[0], 0, "median must not reorder its input");
    }

    @Test
    void emptyAndSingleValues() {
        assertTrue(Double.isNaN(Quantiles.median(new double[0])));
        assertEquals(7.0, Quantiles.median(new double[] {7.0}), 0);
    }

    /** 5 values span the median 93.75 % of the time, 6 values 96.9 %: a 95% interval of a median needs 6. */
    @Test
    void aMedianIntervalAtNinetyFivePercentNeedsSixValues() {
        assertEquals(6, Quantiles.leastValuesForMedianInterval(0.95));
        assertEquals(5, Quantiles.leastValuesForMedianInterval(0.9375));
        assertEquals(8, Quantiles.leastValuesForMedianInterval(0.99));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> Quantiles.leastValuesForMedianInterval(1.0));
    }
}
