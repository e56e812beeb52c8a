package org.dbuslab.format;

import java.util.List;

/**
 * order.tsv: every run of the session in the order it was planned, one header line. {@code round} is the block
 * (1-based, warm-up blocks included), {@code position} the run's place in it; {@code runs}/{@code warmup_runs}
 * are 1/0 on a measured block's line and 0/1 on a warm-up block's. {@code order} is {@code interleaved} (each
 * block shuffled from {@code order_seed} and its block number), {@code clustered} (that shuffle, the compared cells
 * then gathered: docs/RESULTS-FORMAT.md) or {@code sequential} (plan order).
 * {@code block_group} is the rotation group the block ran besides the matrix ({@code MODE-BYTES}, e.g.
 * {@code async-10000}), {@link PlanTsv#EVERY_BLOCK} for a block that runs every cell (warm-up blocks, and every
 * block with --rotation off), or {@link PlanTsv#NO_GROUP} for a block without a group once the budget put the matrix
 * first; files written before it existed lack the column and read as {@code all}.
 */
public final class OrderTsv extends TsvFormat<OrderTsv.Row> {

    public static final OrderTsv FORMAT = new OrderTsv();

    public record Row(int round, int position, String kind, String series, String pair, String transport, String mode,
                      int payloadBytes, int window, int calls, int runs, int warmupRuns, long payloadSeed, String order,
                      long orderSeed, String blockGroup) {
        /** A row of a block that runs every cell. */
        public Row(int round, int position, String kind, String series, String pair, String transport, String mode,
                   int payloadBytes, int window, int calls, int runs, int warmupRuns, long payloadSeed, String order,
                   long orderSeed) {
            this(round, position, kind, series, pair, transport, mode, payloadBytes, window, calls, runs, warmupRuns,
                    payloadSeed, order, orderSeed, PlanTsv.EVERY_BLOCK);
        }
    }

    private OrderTsv() {
        super("order.tsv", List.of("round", "position", "kind", "series", "pair", "transport", "mode", "payload_bytes",
                "window", "calls", "runs", "warmup_runs", "payload_seed", "order", "order_seed", "block_group"), true, 15);
    }

    @Override
    protected Object[] fields(Row r) {
        return new Object[] {r.round(), r.position(), r.kind(), r.series(), r.pair(), r.transport(), r.mode(),
                r.payloadBytes(), r.window(), r.calls(), r.runs(), r.warmupRuns(), r.payloadSeed(), r.order(), r.orderSeed(),
                r.blockGroup()};
    }

    @Override
    protected Row row(Fields f) {
        return new Row(f.integer(0, 1), f.integer(1, 1), f.required(2), f.required(3), f.required(4), f.required(5),
                f.required(6), f.integer(7, 0), f.integer(8, 1), f.integer(9, 1), f.integer(10, 0), f.integer(11, 0),
                f.longValue(12, Long.MIN_VALUE), f.required(13), f.longValue(14, 0),
                f.text(15).isEmpty() ? PlanTsv.EVERY_BLOCK : f.text(15));
    }
}
