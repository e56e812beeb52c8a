package org.dbuslab.analysis.scenarios;

import org.dbuslab.stats.Interval;

/**
 * One contender's cold-start runs on one bus (measured phase; times of the runs that were ok).
 *
 * @param timesBusctl   median wall time over busctl's on the same bus (NaN without busctl)
 * @param timesBusctlCi bootstrap 95% CI of that ratio, the two contenders' runs resampled independently (they run one
 *                      contender after the other, so there are no blocks to pair); undefined for busctl itself
 */
public record ColdStartRow(String bus, String contender, long ok, int runs, Distribution wall, Distribution cpu,
                           Distribution user, Distribution rss, double timesBusctl, Interval timesBusctlCi) {

    public static final String BUSCTL = "busctl";
}
