package org.dbuslab.stats;

/**
 * The exact null distribution of the Mann-Whitney U statistic (no ties): every arrangement of the
 * n1 + n2 ranks is equally likely. Counts come from building the sorted sequence one value at a time:
 * appending an x after b y-values adds b to U. Only additions of non-negative counts, so no cancellation.
 */
final class ExactU {

    private ExactU() {
    }

    /** P(U ≥ u) for samples of sizes n1 and n2. */
    static double survival(long u, int n1, int n2) {
        int small = Math.min(n1, n2);
        int large = Math.max(n1, n2); // the distribution is the same with the samples swapped
        int maxU = small * large;
        if (u <= 0) {
            return 1;
        }
        if (u > maxU) {
            return 0;
        }
        double[] counts = counts(small, large);
        double total = 0;
        double tail = 0;
        for (int k = 0; k <= maxU; k++) {
            total += counts[k];
            if (k >= u) {
                tail += counts[k];
            }
        }
        return tail / total;
    }

    /** counts[k] = number of arrangements with U = k, for a smaller sample of size m and a larger of size n. */
    private static double[] counts(int m, int n) {
        int maxU = m * n;
        // ways[a][k]: sequences with a x-values and the y-values placed so far, having U = k.
        double[][] ways = new double[m + 1][maxU + 1];
        ways[0][0] = 1;
        for (int a = 1; a <= m; a++) {
            ways[a][0] = 1; // all x before any y
        }
        for (int b = 1; b <= n; b++) {
            // Either the last value is a y (counts unchanged from b − 1 y-values) or an x (adds b).
            for (int a = 1; a <= m; a++) {
                double[] withX = ways[a - 1];
                double[] row = ways[a];
                for (int k = maxU; k >= b; k--) {
                    row[k] += withX[k - b];
                }
            }
        }
        return ways[m];
    }
}
