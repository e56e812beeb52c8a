package org.dbuslab.format;

import java.util.List;

/**
 * host-speed.tsv: the host-speed probe's readings around each half of every measured block, one header line. A
 * reading times the same fixed work on each probed CPU at once (the fastest of a few windows); {@code probe}
 * numbers the readings of the session, so the reading between two halves appears twice, as the first half's
 * {@code end} and the second's {@code start}. {@code in_use}: whether the half's placement runs a measured process on
 * that CPU (one-cpu leaves the other CPU to the waiting clients). {@link HostSpeed} says which halves it sets aside.
 */
public final class HostSpeedTsv extends TsvFormat<HostSpeedTsv.Row> {

    public static final HostSpeedTsv FORMAT = new HostSpeedTsv();

    /** The reading's place around its half. */
    public enum Edge {
        START, END;

        public String label() {
            return Labels.of(this);
        }
    }

    public record Row(int probe, int round, Placement placement, Edge edge, int cpu, boolean inUse, long workNs) {
    }

    private HostSpeedTsv() {
        super("host-speed.tsv", List.of("probe", "round", "placement", "edge", "cpu", "in_use", "work_ns"), true);
    }

    @Override
    protected Object[] fields(Row r) {
        return new Object[] {r.probe(), r.round(), r.placement().label(), r.edge().label(), r.cpu(), r.inUse(), r.workNs()};
    }

    @Override
    protected Row row(Fields f) {
        Placement placement = Placement.ofLabel(f.required(2))
            .orElseThrow(() -> f.error("placement must be one of free, one-cpu, cross, split, not '" + f.text(2) + "'"));
        Edge edge = switch (f.required(3)) {
            case "start" -> Edge.START;
            case "end" -> Edge.END;
            default -> throw f.error("edge must be 'start' or 'end', not '" + f.text(3) + "'");
        };
        return new Row(f.integer(0, 1), f.integer(1, 1), placement, edge, f.integer(4, 0), f.bool(5), f.longValue(6, 1));
    }
}
