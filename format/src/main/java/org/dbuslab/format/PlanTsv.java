package org.dbuslab.format;

import java.util.List;

/**
 * plan.tsv: every planned Java and raw cell (matrix, sweep, over-limit check, raw floor, the real-world paths' Java
 * cells), no header: {@code transport, mode, payload_bytes, window, calls, runs, warmup_runs, group, placement,
 * route_cpu}. With the block runner
 * {@code runs} is the cell's measured runs (one per measured block it is in: planned at the start, what was made
 * at the end) and {@code warmup_runs} its warm-up blocks. {@code group} is the cell's rotation group,
 * {@code MODE-BYTES} (e.g. {@code sync-1000}), or {@link #EVERY_BLOCK} for a cell in every measured block (the
 * matrix, and every cell with --rotation off); files written before it existed have 7 columns and read as
 * {@link #EVERY_BLOCK}. {@code placement} is the cell's CPU placement ({@link Placement}), one row per placement of
 * a matrix cell; {@code route_cpu} says where the program between client and bus runs (xdg-dbus-proxy,
 * systemd-stdio-bridge): {@value #ON_BUS_CPU} for a path cell, empty for a cell without one. Files written before
 * 2026-12-06 have 8 columns (7 before the group) and read with both empty. The libdbus pairs are only in order.tsv,
 * as there is no pair column.
 */
public final class PlanTsv extends TsvFormat<PlanTsv.Row> {

    public static final PlanTsv FORMAT = new PlanTsv();
    /** The group of a cell in every measured block (plan.tsv), and of a block that runs every cell (order.tsv). */
    public static final String EVERY_BLOCK = "all";
    /** order.tsv's {@code block_group} of a measured block that ran no rotation group: the matrix came first. */
    public static final String NO_GROUP = "none";
    /** route_cpu of a path cell: its route's program runs on the bus's CPU (with the bus, in one-cpu on the one CPU). */
    public static final String ON_BUS_CPU = "bus";

    public record Row(String transport, String mode, int payloadBytes, int window, int calls, int runs, int warmupRuns,
                      String group, String placement, String routeCpu) {
        /** A cell in every measured block, of an older file (no placement, no route). */
        public Row(String transport, String mode, int payloadBytes, int window, int calls, int runs, int warmupRuns) {
            this(transport, mode, payloadBytes, window, calls, runs, warmupRuns, EVERY_BLOCK);
        }

        /** A row of an older file: no placement, no route. */
        public Row(String transport, String mode, int payloadBytes, int window, int calls, int runs, int warmupRuns,
                   String group) {
            this(transport, mode, payloadBytes, window, calls, runs, warmupRuns, group, "", "");
        }
    }

    private PlanTsv() {
        super("plan.tsv", List.of("transport", "mode", "payload_bytes", "window", "calls", "runs", "warmup_runs", "group",
                "placement", "route_cpu"), false, 7);
    }

    @Override
    protected Object[] fields(Row r) {
        return new Object[] {r.transport(), r.mode(), r.payloadBytes(), r.window(), r.calls(), r.runs(), r.warmupRuns(),
                r.group(), r.placement(), r.routeCpu()};
    }

    @Override
    protected Row row(Fields f) {
        return new Row(f.required(0), f.required(1), f.integer(2, 0), f.integer(3, 1), f.integer(4, 1), f.integer(5, 0),
                f.integer(6, 0), f.text(7).isEmpty() ? EVERY_BLOCK : f.text(7), f.text(8), f.text(9));
    }
}
