package org.dbuslab.stats;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class TukeyFencesTest {

    /*
     * A sample built to hold one outlier of each kind. Quartiles and fences from NumPy 2.4.6:
     * python3 -c "import numpy as np; t=np.array([-60.0,-20,20,30,40,43,46,50,52,55,60,66,100,200]); \
     *   q1,q3=np.percentile(t,[25,75]); i=q3-q1; print(q1, q3, q1-3*i, q1-1.5*i, q3+1.5*i, q3+3*i)"
     * 32.5 58.75 -46.25 -6.875 98.125 137.5
     */
    private static final double[] SAMPLE = {-60, -20, 20, 30, 40, 43, 46, 50, 52, 55, 60, 66, 100, 200};

    @Test
    void fencesMatchNumpyQuartiles() {
        TukeyFences fences = TukeyFences.of(SAMPLE);
        assertEquals(32.5, fences.q1(), 1e-12);
        assertEquals(58.75, fences.q3(), 1e-12);
        assertEquals(-46.25, fences.lowerOuter(), 1e-12);
        assertEquals(-6.875, fences.lowerInner(), 1e-12);
        assertEquals(98.125, fences.upperInner(), 1e-12);
        assertEquals(137.5, fences.upperOuter(), 1e-12);
    }

    @Test
    void classifiesEachKindOfOutlier() {
        TukeyFences fences = TukeyFences.of(SAMPLE);
        assertEquals(Outlier.LOW_SEVERE, fences.classify(-60));
        assertEquals(Outlier.LOW_MILD, fences.classify(-20));
        assertEquals(Outlier.NONE, fences.classify(20));
        assertEquals(Outlier.HIGH_MILD, fences.classify(100));
        assertEquals(Outlier.HIGH_SEVERE, fences.classify(200));
        assertEquals(new OutlierCounts(1, 1, 1, 1), TukeyFences.count(SAMPLE));
        assertEquals(4, TukeyFences.count(SAMPLE).total());
    }

    @Test
    void valuesOnAFenceAreNotOutliers() {
        TukeyFences fences = new TukeyFences(10, 20);
        assertEquals(Outlier.NONE, fences.classify(35)); // 20 + 1.5 × 10, exactly on the inner fence
        assertEquals(Outlier.HIGH_MILD, fences.classify(50)); // exactly on the outer fence: still only mild
        assertEquals(Outlier.HIGH_SEVERE, fences.classify(50.001));
    }

    @Test
    void noValuesNoOutliers() {
        assertEquals(OutlierCounts.NONE, TukeyFences.count(new double[0]));
        assertEquals(OutlierCounts.NONE, TukeyFences.count(new double[] {1.0}));
    }
}
