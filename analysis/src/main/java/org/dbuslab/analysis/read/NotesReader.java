package org.dbuslab.analysis.read;

import org.dbuslab.format.NotesTsv;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/** Reads notes.tsv: {@code topic<TAB>outcome<TAB>text} per line, no header. */
public final class NotesReader {

    public static final String FILE = NotesTsv.FORMAT.fileName();

    private NotesReader() {
    }

    public static List<Note> read(Path file, Consumer<String> warnings) {
        return LineParser.parse(file, NotesReader::entry, warnings);
    }

    private static Note entry(String line) {
        String[] f = line.split("\t", 3);
        if (f.length < 3) {
            throw new IllegalArgumentException("expected topic<TAB>outcome<TAB>text, found " + f.length + " field(s)");
        }
        if (f[0].isBlank() || f[1].isBlank()) {
            throw new IllegalArgumentException("topic and outcome must not be empty");
        }
        return new Note(f[0].strip(), f[1].strip(), f[2].strip());
    }
}
