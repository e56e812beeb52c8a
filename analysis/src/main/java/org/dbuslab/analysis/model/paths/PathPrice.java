package org.dbuslab.analysis.model.paths;

import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.format.Route;
import org.dbuslab.format.Transport;
import org.dbuslab.stats.Interval;
import org.dbuslab.stats.SampleComparison;

/**
 * What a real-world path costs (issue 24): one cell through xdg-dbus-proxy or systemd-stdio-bridge against its direct
 * counterpart, the same client and server on the same bus without the program in between (series paths, same pair,
 * mode, payload, window and placement, measured in the same blocks). The price is path ÷ direct of µs per call and
 * path − direct in µs, paired by block ({@link org.dbuslab.analysis.model.RunBlocks#compare}).
 *
 * @param path         the cell through the path
 * @param direct       its direct counterpart; null when the session has none
 * @param result       path against direct; null unless both have measured runs
 * @param commonBlocks blocks holding measured runs of both cells
 */
public record PathPrice(CellSummary path, CellSummary direct, SampleComparison result, int commonBlocks) {

    /** Whether the price could be computed, and if not, why. */
    public enum Status {
        COMPARED, NO_PATH_RUNS, NO_DIRECT, NO_DIRECT_RUNS
    }

    public Status status() {
        if (path.runs() == 0) {
            return Status.NO_PATH_RUNS;
        }
        if (direct == null) {
            return Status.NO_DIRECT;
        }
        return direct.runs() == 0 ? Status.NO_DIRECT_RUNS : Status.COMPARED;
    }

    public CellKey key() {
        return path.key();
    }

    public Route route() {
        return key().route();
    }

    /** The bus the path leads to ({@link Transport#destination()}): dbus-daemon or dbus-broker. */
    public String destination() {
        return Transport.ofLabel(key().transport()).map(t -> t.destination().label()).orElse(key().transport());
    }

    /** path ÷ direct of the medians of µs per call; NaN without a comparison. */
    public double ratio() {
        return result == null ? Double.NaN : result.ratioOfMedians();
    }

    public Interval ratioInterval() {
        return result == null ? Interval.UNDEFINED : result.ratioInterval();
    }

    /** path − direct of the medians, µs per call: what the path adds to a call. */
    public double priceUs() {
        return result == null ? Double.NaN : result.difference();
    }

    public Interval priceInterval() {
        return result == null ? Interval.UNDEFINED : result.differenceInterval();
    }

    /** Half the ratio's 95% CI as % of the ratio: how precisely the price is known. */
    public double halfWidthPct() {
        return ratioInterval().halfWidthPercentOf(ratio());
    }

    /** The precision target for a price: its 95% CI within ±{@value RealWorldPaths#PRICE_TARGET_PCT}%. */
    public boolean withinTarget() {
        return halfWidthPct() <= RealWorldPaths.PRICE_TARGET_PCT;
    }

    /** Lost, mismatched or errored calls in either cell, warm-ups included. */
    public boolean failed() {
        return path.failed() || direct != null && direct.failed();
    }
}
