package org.dbuslab.stats;

import org.apache.commons.math3.special.Erf;

import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * Two-sided Mann-Whitney U test, computed the way {@code scipy.stats.mannwhitneyu(x, y)} does with its
 * defaults (SciPy 1.17: {@code alternative='two-sided', use_continuity=True, method='auto'}):
 * <ul>
 *   <li>U1 = R1 − n1(n1+1)/2 from average ranks; the p-value uses U = max(U1, U2).</li>
 *   <li>{@link Method#EXACT} when there are no ties and at least one sample has 8 values or fewer:
 *       p = 2 · P(U' ≥ U) under the exact null distribution, clipped to 1.</li>
 *   <li>{@link Method#ASYMPTOTIC} otherwise: normal approximation with tie correction and continuity
 *       correction, z = (U − n1·n2/2 − 0.5) / σ, p = 2 · (1 − Φ(z)), clipped to 1.</li>
 * </ul>
 * Commons-math's MannWhitneyUTest is not used: it has neither the exact distribution nor the continuity
 * correction, and with the 3–10 runs per cell of a lab session the exact distribution is what matters.
 */
public final class MannWhitneyU {

    /** SciPy's switch-over: the exact distribution when a sample is this small (and nothing is tied). */
    static final int EXACT_MAX_SIZE = 8;

    public enum Method {
        EXACT, ASYMPTOTIC;

        /** "exact" or "asymptotic", SciPy's names for them. */
        public String scipyName() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** @param u1 SciPy's statistic: pairs (x, y) with x &gt; y, ties counting one half */
    public record Result(double u1, double pValue, Method method) {
    }

    private MannWhitneyU() {
    }

    /** The test with SciPy's automatic choice of method. Both samples need at least one value. */
    public static Result twoSided(double[] x, double[] y) {
        Ranking ranking = Ranking.of(x, y);
        boolean small = x.length <= EXACT_MAX_SIZE || y.length <= EXACT_MAX_SIZE;
        return twoSided(x, y, small && !ranking.hasTies() ? Method.EXACT : Method.ASYMPTOTIC);
    }

    public static Result twoSided(double[] x, double[] y, Method method) {
        if (x.length == 0 || y.length == 0) {
            throw new IllegalArgumentException("both samples need at least one value");
        }
        Ranking ranking = Ranking.of(x, y);
        int n1 = x.length;
        int n2 = y.length;
        double u1 = ranking.rankSumOfFirst() - n1 * (n1 + 1) / 2.0;
        double u = Math.max(u1, (double) n1 * n2 - u1);
        double p = method == Method.EXACT
                ? 2 * ExactU.survival((long) u, n1, n2)
                : 2 * asymptoticSurvival(u, n1, n2, ranking.tieTerm());
        return new Result(u1, Math.min(1.0, Math.max(0.0, p)), method);
    }

    /**
     * The smallest two-sided exact p-value two samples of these sizes can give: 2 / C(n1 + n2, n1). With
     * 3 runs against 3 it is 0.1, so no result can be significant at 0.05, however different the runs.
     */
    public static double smallestExactPValue(int n1, int n2) {
        double combinations = 1;
        for (int i = 1; i <= n1; i++) {
            combinations = combinations * (n2 + i) / i;
        }
        return Math.min(1.0, 2 / combinations);
    }

    private static double asymptoticSurvival(double u, int n1, int n2, double tieTerm) {
        double n = n1 + n2;
        double sigma = Math.sqrt(n1 * (double) n2 / 12 * ((n + 1) - tieTerm / (n * (n - 1))));
        double numerator = u - n1 * (double) n2 / 2 - 0.5;
        if (sigma == 0) {
            return numerator > 0 ? 0 : 1; // every value tied: no evidence of any difference
        }
        double z = numerator / sigma;
        return 0.5 * Erf.erfc(z / Math.sqrt(2));
    }

    /** Average ranks of the pooled samples, and the tie sizes the normal approximation corrects for. */
    private record Ranking(double rankSumOfFirst, double tieTerm, boolean hasTies) {

        static Ranking of(double[] x, double[] y) {
            double[] pooled = new double[x.length + y.length];
            System.arraycopy(x, 0, pooled, 0, x.length);
            System.arraycopy(y, 0, pooled, x.length, y.length);
            Integer[] order = IntStream.range(0, pooled.length).boxed().toArray(Integer[]::new);
            Arrays.sort(order, Comparator.comparingDouble(i -> pooled[i]));
            double rankSumOfFirst = 0;
            double tieTerm = 0;
            boolean ties = false;
            for (int start = 0; start < order.length; ) {
                int end = start;
                while (end + 1 < order.length && pooled[order[end + 1]] == pooled[order[start]]) {
                    end++;
                }
                double averageRank = (start + end) / 2.0 + 1; // ranks are 1-based
                for (int k = start; k <= end; k++) {
                    if (order[k] < x.length) {
                        rankSumOfFirst += averageRank;
                    }
                }
                double t = end - start + 1;
                tieTerm += t * t * t - t;
                ties |= t > 1;
                start = end + 1;
            }
            return new Ranking(rankSumOfFirst, tieTerm, ties);
        }
    }
}
