package org.dbuslab.format;

import java.util.List;

/**
 * plan.tsv: every planned Java and raw cell (matrix, sweep, over-limit check, raw floor), no header:
 * {@code transport, mode, payload_bytes, window, calls, runs, warmup_runs}. With the block runner {@code runs}
 * is the cell's measured blocks (one run per block: planned at the start, what was made at the end) and
 * {@code warmup_runs} its warm-up blocks. The libdbus pairs are only in order.tsv, as there is no pair column.
 */
public final class PlanTsv extends TsvFormat<PlanTsv.Row> {

    public static final PlanTsv FORMAT = new PlanTsv();

    public record Row(String transport, String mode, int payloadBytes, int window, int calls, int runs, int warmupRuns) {
    }

    private PlanTsv() {
        super("plan.tsv", List.of("transport", "mode", "payload_bytes", "window", "calls", "runs", "warmup_runs"), false);
    }

    @Override
    protected Object[] fields(Row r) {
        return new Object[] {r.transport(), r.mode(), r.payloadBytes(), r.window(), r.calls(), r.runs(), r.warmupRuns()};
    }

    @Override
    protected Row row(Fields f) {
        return new Row(f.required(0), f.required(1), f.integer(2, 0), f.integer(3, 1), f.integer(4, 1), f.integer(5, 0),
                f.integer(6, 0));
    }
}
