package org.dbuslab.stats;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Reference values from SciPy 1.17.1, scipy.stats.mannwhitneyu, two-sided (its default). */
class MannWhitneyUTest {

    /*
     * python3 -c "import scipy.stats as st; print(st.mannwhitneyu([1.1,2.3,3.5,4.2,5.9], [2.0,6.1,7.3,8.8,9.4,10.2], method='exact'))"
     * MannwhitneyuResult(statistic=np.float64(4.0), pvalue=np.float64(0.05194805194805195))
     * (method='auto' gives the same: no ties and samples of at most 8 values select 'exact'.)
     */
    @Test
    void exactMethodWithoutTiesMatchesScipy() {
        MannWhitneyU.Result r = MannWhitneyU.twoSided(new double[] {1.1, 2.3, 3.5, 4.2, 5.9},
                new double[] {2.0, 6.1, 7.3, 8.8, 9.4, 10.2});
        assertEquals(MannWhitneyU.Method.EXACT, r.method());
        assertEquals(4.0, r.u1(), 0);
        assertEquals(0.05194805194805195, r.pValue(), 1e-14);
    }

    /*
     * python3 -c "import scipy.stats as st; print(st.mannwhitneyu([0.5,0.7,0.9,1.3,1.4], \
     *   [1.0,1.1,1.2,1.5,1.6,1.8,2.0,2.2,2.4,2.6,2.8,3.0], method='exact'))"
     * MannwhitneyuResult(statistic=np.float64(6.0), pvalue=np.float64(0.009372979961215255))
     */
    @Test
    void exactMethodWithUnequalSizesMatchesScipy() {
        MannWhitneyU.Result r = MannWhitneyU.twoSided(new double[] {0.5, 0.7, 0.9, 1.3, 1.4},
                new double[] {1.0, 1.1, 1.2, 1.5, 1.6, 1.8, 2.0, 2.2, 2.4, 2.6, 2.8, 3.0});
        assertEquals(MannWhitneyU.Method.EXACT, r.method());
        assertEquals(6.0, r.u1(), 0);
        assertEquals(0.009372979961215255, r.pValue(), 1e-14);
    }

    /*
     * Ties force the normal approximation (with tie and continuity correction), as in SciPy's 'auto':
     * python3 -c "import scipy.stats as st; print(st.mannwhitneyu([12,15,15,17,20,20,20,22,25,26,30], \
     *   [14,15,18,20,23,27,27,29,31,33,35,40], method='asymptotic'))"
     * MannwhitneyuResult(statistic=np.float64(37.5), pvalue=np.float64(0.08368348417972045))
     */
    @Test
    void asymptoticMethodWithTiesMatchesScipy() {
        MannWhitneyU.Result r = MannWhitneyU.twoSided(new double[] {12, 15, 15, 17, 20, 20, 20, 22, 25, 26, 30},
                new double[] {14, 15, 18, 20, 23, 27, 27, 29, 31, 33, 35, 40});
        assertEquals(MannWhitneyU.Method.ASYMPTOTIC, r.method());
        assertEquals(37.5, r.u1(), 0);
        assertEquals(0.08368348417972045, r.pValue(), 1e-12);
    }

    /*
     * python3 -c "import scipy.stats as st; print(st.mannwhitneyu([1,2,3], [4,5,6]))"
     * MannwhitneyuResult(statistic=np.float64(0.0), pvalue=np.float64(0.1))
     */
    @Test
    void threeRunsAgainstThreeCanNeverBeSignificant() {
        MannWhitneyU.Result r = MannWhitneyU.twoSided(new double[] {1, 2, 3}, new double[] {4, 5, 6});
        assertEquals(0.1, r.pValue(), 1e-15);
        assertEquals(0.1, MannWhitneyU.smallestExactPValue(3, 3), 1e-15);
        assertEquals(2.0 / 70, MannWhitneyU.smallestExactPValue(4, 4), 1e-15);
    }

    @Test
    void identicalSamplesGiveOneAndEmptySamplesAreRejected() {
        assertEquals(1.0, MannWhitneyU.twoSided(new double[] {5, 5, 5}, new double[] {5, 5}).pValue(), 0);
        assertEquals(1.0, MannWhitneyU.twoSided(new double[] {1, 2, 3}, new double[] {1.5, 2.5}).pValue(), 0);
        assertThrows(IllegalArgumentException.class, () -> MannWhitneyU.twoSided(new double[0], new double[] {1}));
    }
}
