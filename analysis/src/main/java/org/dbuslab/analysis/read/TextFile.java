package org.dbuslab.analysis.read;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A small raw text file split into lines (scale-runs.csv), read through {@link LineStream}: a line over its cap
 * refuses the file. Remembers whether the last line was finished with a newline, because an unfinished last line is
 * how an interrupted writer shows itself.
 */
public record TextFile(String name, List<String> lines, boolean lastLineComplete) {

    public static TextFile read(Path path) {
        String name = path.getFileName().toString();
        List<String> lines = new ArrayList<>();
        boolean[] complete = {true};
        LineStream.forEach(path, line -> {
            if (line.tooLong()) {
                throw ResultsInputException.at(name, line.number(),
                        "longer than " + LineStream.MAX_LINE_CHARS + " characters");
            }
            lines.add(line.text());
            complete[0] = line.complete();
        });
        return new TextFile(name, List.copyOf(lines), complete[0]);
    }
}
