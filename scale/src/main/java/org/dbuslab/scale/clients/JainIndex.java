package org.dbuslab.scale.clients;

/**
 * Jain's fairness index of per-client throughputs: (Σx)² / (n·Σx²). 1 when every client got the same share,
 * 1/n when one client got everything.
 */
public final class JainIndex {

    private JainIndex() {
    }

    /** @return the index, or NaN for no clients or all-zero throughputs */
    public static double of(double[] throughputs) {
        double sum = 0;
        double squares = 0;
        for (double x : throughputs) {
            if (x < 0 || Double.isNaN(x)) {
                throw new IllegalArgumentException("a throughput must be >= 0, was " + x);
            }
            sum += x;
            squares += x * x;
        }
        return squares == 0 ? Double.NaN : sum * sum / (throughputs.length * squares);
    }
}
