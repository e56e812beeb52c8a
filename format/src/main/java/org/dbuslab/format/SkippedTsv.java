package org.dbuslab.format;

import java.util.List;

/**
 * skipped.tsv: {@code transport<TAB>reason}, no header. For a libdbus reference pair the first field is
 * {@code transport pair} (e.g. {@code dbus-daemon libdbus-java}), so it never marks the whole transport.
 */
public final class SkippedTsv extends TsvFormat<SkippedTsv.Row> {

    public static final SkippedTsv FORMAT = new SkippedTsv();

    public record Row(String transport, String reason) {
    }

    private SkippedTsv() {
        super("skipped.tsv", List.of("transport", "reason"), false);
    }

    @Override
    protected Object[] fields(Row r) {
        return new Object[] {r.transport(), r.reason()};
    }

    @Override
    protected Row row(Fields f) {
        return new Row(f.required(0), f.text(1));
    }
}
