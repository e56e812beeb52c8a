package org.dbuslab.format;

import java.util.List;

/**
 * plan.tsv: every planned Java and raw cell (matrix, sweep, over-limit check, raw floor), no header:
 * {@code transport, mode, payload_bytes, window, calls, runs, warmup_runs, group}. With the block runner
 * {@code runs} is the cell's measured runs (one per measured block it is in: planned at the start, what was made
 * at the end) and {@code warmup_runs} its warm-up blocks. {@code group} is the cell's rotation group,
 * {@code MODE-BYTES} (e.g. {@code sync-1000}), or {@link #EVERY_BLOCK} for a cell in every measured block (the
 * matrix, and every cell with --rotation off); files written before it existed have 7 columns and read as
 * {@link #EVERY_BLOCK}. The libdbus pairs are only in order.tsv, as there is no pair column.
 */
public final class PlanTsv extends TsvFormat<PlanTsv.Row> {

    public static final PlanTsv FORMAT = new PlanTsv();
    /** The group of a cell in every measured block (plan.tsv), and of a block that runs every cell (order.tsv). */
    public static final String EVERY_BLOCK = "all";

    public record Row(String transport, String mode, int payloadBytes, int window, int calls, int runs, int warmupRuns,
                      String group) {
        /** A cell in every measured block. */
        public Row(String transport, String mode, int payloadBytes, int window, int calls, int runs, int warmupRuns) {
            this(transport, mode, payloadBytes, window, calls, runs, warmupRuns, EVERY_BLOCK);
        }
    }

    private PlanTsv() {
        super("plan.tsv", List.of("transport", "mode", "payload_bytes", "window", "calls", "runs", "warmup_runs", "group"),
                false, 7);
    }

    @Override
    protected Object[] fields(Row r) {
        return new Object[] {r.transport(), r.mode(), r.payloadBytes(), r.window(), r.calls(), r.runs(), r.warmupRuns(),
                r.group()};
    }

    @Override
    protected Row row(Fields f) {
        return new Row(f.required(0), f.required(1), f.integer(2, 0), f.integer(3, 1), f.integer(4, 1), f.integer(5, 0),
                f.integer(6, 0), f.text(7).isEmpty() ? EVERY_BLOCK : f.text(7));
    }
}
