package org.dbuslab.analysis.read;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A raw text file split into lines. Remembers whether the last line was finished with a newline,
 * because an unfinished last line is how an interrupted writer shows itself.
 */
public record TextFile(String name, List<String> lines, boolean lastLineComplete) {

    public static TextFile read(Path path) {
        String name = path.getFileName().toString();
        String text;
        try {
            // A strict decoder: mojibake in a results file is an error, not something to guess about.
            text = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(Files.readAllBytes(path)))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new ResultsInputException(name + ": not valid UTF-8 text");
        } catch (IOException e) {
            throw new ResultsInputException(name + ": cannot read: " + e.getMessage(), e);
        }
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1);
        }
        boolean complete = text.isEmpty() || text.endsWith("\n");
        List<String> lines = text.lines().toList(); // also strips \r of CRLF files
        return new TextFile(name, lines, complete);
    }

    /** Line numbers are 1-based, as editors and error messages count them. */
    public String line(int number) {
        return lines.get(number - 1);
    }

    public boolean isLast(int number) {
        return number == lines.size();
    }
}
