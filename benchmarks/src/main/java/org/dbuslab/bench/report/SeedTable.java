package org.dbuslab.bench.report;

import java.util.List;

/**
 * The seed's rustbus comparison (REFERENCE.md §3; KillingSpark/rust-dbus-comparisons Readme.md at 6998d46),
 * converted to µs. Printed beside our numbers for orientation only: other machine, other language.
 */
final class SeedTable {

    static final String LABEL =
        "Ryzen 7 3800X, rustc 1.65, 2020s — other hardware, other language: orientation only";

    /** The four columns, in the seed's order. */
    static final List<String> COLUMNS = List.of("MarshalMixed", "MarshalStrArray", "MarshalBigArray", "Marshal + Send");

    /** One library's row; null = the library has no such benchmark ("NaN" in the source). */
    record Row(String library, Double mixedUs, Double strArrayUs, Double bigArrayUs, Double sendUs) {
        Double value(int column) {
            return switch (column) {
                case 0 -> mixedUs;
                case 1 -> strArrayUs;
                case 2 -> bigArrayUs;
                default -> sendUs;
            };
        }
    }

    static final List<Row> ROWS = List.of(
        new Row("rustbus", 3.4257, 98.394, 2.1689, 132.86),
        new Row("dbus-rs (libdbus bindings)", 168.82, 1328.6, 377.54, 282.87),
        new Row("dbus-native", 3.3086, 826.04, 67.291, 87.377),
        new Row("dbus-bytestream", 14.002, 1152.8, 150.70, 112.88),
        new Row("dbus-message-parser", 35.968, 4602.7, 700.71, null),
        new Row("dbus-pure", 14.657, 226.58, 23.864, 90.029),
        new Row("zvariant", 9.1030, 202.62, 47.606, null),
        new Row("rustbus-async", 4.5583, 104.72, 2.2329, 168.23));

    private SeedTable() {
    }
}
