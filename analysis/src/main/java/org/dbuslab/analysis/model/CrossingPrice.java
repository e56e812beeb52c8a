package org.dbuslab.analysis.model;

import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.analysis.read.Placements;
import org.dbuslab.stats.Bootstrap;
import org.dbuslab.stats.Interval;
import org.dbuslab.stats.SampleComparison;

import java.util.ArrayList;
import java.util.List;

/**
 * The price of crossing CPUs (issue 21): a matrix cell under {@code cross} against the same cell under {@code one-cpu},
 * paired by block (both placements run in the same blocks). For a sync call every wake-up crosses CPUs under cross, so
 * the difference per call divided by the crossing wake-ups per call (4 through a bus: client → bus → server → bus →
 * client; 2 peer-to-peer) is the price of one cross-CPU wake-up. Pipelined calls are not divided: there cross also
 * buys parallelism, and the difference can be negative. Pure.
 *
 * @param result cross against one-cpu on µs per call (difference = cross − one-cpu)
 */
public record CrossingPrice(CellSummary oneCpu, CellSummary cross, SampleComparison result) {

    public static final int BUS_WAKEUPS = 4;
    public static final int PEER_WAKEUPS = 2;

    /** Every subject cell measured under both placements, in {@link CellOrder}. */
    public static List<CrossingPrice> of(List<CellSummary> subject, Bootstrap bootstrap, double alpha) {
        List<CrossingPrice> prices = new ArrayList<>();
        for (CellSummary one : subject) {
            if (one.runs() == 0 || !one.key().placement().equals(Placements.ONE_CPU)) {
                continue;
            }
            subject.stream().filter(c -> c.runs() > 0 && c.key().placement().equals(Placements.CROSS)
                            && c.key().withoutCalls().withPlacement(Placements.ONE_CPU).equals(one.key().withoutCalls()))
                    .findFirst()
                    .ifPresent(cross -> prices.add(new CrossingPrice(one, cross, RunBlocks.compare(cross, one, bootstrap, alpha))));
        }
        return prices;
    }

    public CellKey key() {
        return oneCpu.key();
    }

    /** Sync calls: the difference is divided by the wake-ups. */
    public boolean perWakeup() {
        return key().mode().equals("sync");
    }

    /** Cross-CPU wake-ups per sync call; 0 for pipelined cells (not divided). */
    public int wakeups() {
        return !perWakeup() ? 0 : key().hasBus() ? BUS_WAKEUPS : PEER_WAKEUPS;
    }

    /** µs per crossing wake-up for sync cells, the undivided difference in µs per call for pipelined ones. */
    public double price() {
        return perWakeup() ? result.difference() / wakeups() : result.difference();
    }

    public Interval priceInterval() {
        return perWakeup() ? result.differenceInterval().map(d -> d / wakeups()) : result.differenceInterval();
    }
}
