package org.dbuslab.format;

import java.util.List;

/**
 * fixed-cost.tsv: every {@code libdbus-spam --count=1 --queue=1} process timed for a spam row's
 * {@code fixed_ns}, one header line. {@code round} is the block the sample was taken in.
 */
public final class FixedCostTsv extends TsvFormat<FixedCostTsv.Row> {

    public static final FixedCostTsv FORMAT = new FixedCostTsv();

    public record Row(int round, String transport, String pair, String mode, int payloadBytes, int sample, long elapsedNs,
                      int exit) {
    }

    private FixedCostTsv() {
        super("fixed-cost.tsv", List.of("round", "transport", "pair", "mode", "payload_bytes", "sample", "elapsed_ns", "exit"),
                true);
    }

    @Override
    protected Object[] fields(Row r) {
        return new Object[] {r.round(), r.transport(), r.pair(), r.mode(), r.payloadBytes(), r.sample(), r.elapsedNs(), r.exit()};
    }

    @Override
    protected Row row(Fields f) {
        return new Row(f.integer(0, 1), f.required(1), f.required(2), f.required(3), f.integer(4, 0), f.integer(5, 1),
                f.longValue(6, 0), f.integer(7, Integer.MIN_VALUE));
    }
}
