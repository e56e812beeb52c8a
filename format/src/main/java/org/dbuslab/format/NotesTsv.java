package org.dbuslab.format;

import java.util.List;

/** notes.tsv: {@code topic<TAB>outcome<TAB>text}, no header: checks with an expected outcome (over-limit). */
public final class NotesTsv extends TsvFormat<NotesTsv.Row> {

    public static final NotesTsv FORMAT = new NotesTsv();
    /**
     * {@code session / started} when the blocks begin, {@code session / complete} when they have ended: a folder with
     * the first and not the second is from a session that was killed or ran out of space.
     */
    public static final String SESSION = "session";
    public static final String STARTED = "started";
    public static final String COMPLETE = "complete";
    /**
     * {@code budget / matrix-first}: the budget could not buy the matrix's precision target with a rotation group in
     * every block, so the groups took fewer turns from the block it names on; the text says how many.
     */
    public static final String BUDGET = "budget";
    public static final String MATRIX_FIRST = "matrix-first";

    public record Row(String topic, String outcome, String text) {
    }

    private NotesTsv() {
        super("notes.tsv", List.of("topic", "outcome", "text"), false);
    }

    @Override
    protected Object[] fields(Row r) {
        return new Object[] {r.topic(), r.outcome(), r.text()};
    }

    @Override
    protected Row row(Fields f) {
        return new Row(f.required(0), f.required(1), f.text(2));
    }
}
