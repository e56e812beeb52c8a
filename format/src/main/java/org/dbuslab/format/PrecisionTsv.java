package org.dbuslab.format;

import java.util.List;

/**
 * precision.tsv: how precise each matrix cell's median us/call and each headline comparison got, one header line,
 * rewritten after every measured block. {@code kind} is {@code cell}, {@code transport} (transport / dbus-daemon),
 * {@code client-libdbus} ((dbus-java>libdbus) / (libdbus>libdbus)) or {@code server-libdbus}
 * ((libdbus>dbus-java) / (libdbus>libdbus)). The first cell is named by transport, mode, payload_bytes, window,
 * pair and series; a comparison's baseline by {@code versus_transport} and {@code versus_pair} (empty for a cell).
 * {@code half_width_pct}: the 95% CI's half-width in % of the estimate (empty while undefined, under 2 blocks);
 * {@code blocks}: the measured blocks that gave it a value (with rotation, a rotation group's subject only gets
 * them in its group's blocks); {@code met_after_blocks}: the measured block after which it was met (empty when
 * not met). Between blocks a met subject keeps the half-width it met the target with; before the session ends
 * every subject is assessed afresh, and one no longer met then loses its mark (the final file is current).
 * {@code placement}: the CPU placement of the subject's cells (a matrix cell is one cell per placement); empty in
 * files written before it was added, whose rows cannot tell two placements of a cell apart.
 */
public final class PrecisionTsv extends TsvFormat<PrecisionTsv.Row> {

    public static final PrecisionTsv FORMAT = new PrecisionTsv();

    public record Row(String kind, String transport, String mode, int payloadBytes, int window, String pair, String series,
                      String versusTransport, String versusPair, int blocks, double halfWidthPct, double targetPct,
                      boolean met, int metAfterBlocks, String placement) {
    }

    private PrecisionTsv() {
        super("precision.tsv", List.of("kind", "transport", "mode", "payload_bytes", "window", "pair", "series",
                "versus_transport", "versus_pair", "blocks", "half_width_pct", "target_pct", "met", "met_after_blocks",
                "placement"), true, 14);
    }

    @Override
    protected Object[] fields(Row r) {
        return new Object[] {r.kind(), r.transport(), r.mode(), r.payloadBytes(), r.window(), r.pair(), r.series(),
                r.versusTransport(), r.versusPair(), r.blocks(), Tsv.decimal(r.halfWidthPct(), 3),
                Tsv.decimal(r.targetPct(), 3), r.met(), r.metAfterBlocks() > 0 ? r.metAfterBlocks() : "", r.placement()};
    }

    @Override
    protected Row row(Fields f) {
        return new Row(f.required(0), f.required(1), f.required(2), f.integer(3, 0), f.integer(4, 1), f.required(5),
                f.required(6), f.text(7), f.text(8), f.integer(9, 0), f.decimal(10), f.decimal(11), f.bool(12),
                f.text(13).isEmpty() ? 0 : f.integer(13, 1), f.text(14));
    }
}
