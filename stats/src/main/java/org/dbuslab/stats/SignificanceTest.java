package org.dbuslab.stats;

import java.util.Locale;

/**
 * The outcome of the test a comparison's verdict also needs: Mann-Whitney U for two independent samples of runs,
 * Wilcoxon signed-rank for per-block ratios when the runs are paired by block.
 *
 * @param statistic         Mann-Whitney: SciPy's U1; Wilcoxon: commons-math's max(W+, W−)
 * @param exact             the exact null distribution was used (else the normal approximation)
 * @param smallestPossibleP the smallest p-value these sample sizes can give under the exact distribution (3 runs
 *                          against 3: 0.1; 5 blocks: 0.0625), whichever way p was computed: ties switch a small
 *                          Mann-Whitney test to the normal approximation, but its evidence is no greater
 */
public record SignificanceTest(Kind kind, double statistic, double pValue, boolean exact, double smallestPossibleP) {

    public enum Kind {
        MANN_WHITNEY("mann-whitney"), WILCOXON_SIGNED_RANK("wilcoxon-signed-rank");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    static SignificanceTest of(MannWhitneyU.Result result, int n1, int n2) {
        boolean exact = result.method() == MannWhitneyU.Method.EXACT;
        return new SignificanceTest(Kind.MANN_WHITNEY, result.u1(), result.pValue(), exact,
                MannWhitneyU.smallestExactPValue(n1, n2));
    }

    /** "exact" or "asymptotic", SciPy's names. */
    public String method() {
        return (exact ? MannWhitneyU.Method.EXACT : MannWhitneyU.Method.ASYMPTOTIC).name().toLowerCase(Locale.ROOT);
    }

    /** These sample sizes can never give p below alpha: "too few runs" rather than "no difference". */
    public boolean cannotReach(double alpha) {
        return smallestPossibleP >= alpha;
    }
}
