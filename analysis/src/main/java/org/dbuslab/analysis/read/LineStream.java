package org.dbuslab.analysis.read;

import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * Reads a raw text file line by line, holding one line at a time and at most {@link #MAX_LINE_CHARS} of it: a
 * results folder may come from someone else, and a line of several MB must cost no more memory than a short one.
 * Strict UTF-8 (mojibake is an error, not something to guess about); a leading BOM and the \r of CRLF are dropped.
 */
public final class LineStream {

    /** Far above any line a session writes (runs.csv's are about 300 characters). */
    public static final int MAX_LINE_CHARS = 64 * 1024;

    /**
     * One line. {@code text} is null when the line was longer than {@link #MAX_LINE_CHARS} ({@code tooLong}).
     * {@code complete} is false only for a last line without its newline: how an interrupted writer shows itself.
     */
    public record Line(int number, String text, boolean last, boolean complete) {
        public boolean tooLong() {
            return text == null;
        }
    }

    private LineStream() {
    }

    /** @throws ResultsInputException when the file cannot be read or is not UTF-8 text */
    public static void forEach(Path path, Consumer<Line> visitor) {
        String name = path.getFileName().toString();
        try (Reader reader = new InputStreamReader(Files.newInputStream(path), StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT))) {
            new Splitter(visitor).split(reader);
        } catch (CharacterCodingException e) {
            throw new ResultsInputException(name + ": not valid UTF-8 text");
        } catch (IOException e) {
            throw new ResultsInputException(name + ": cannot read: " + e.getMessage(), e);
        }
    }

    /** Holds the line being read and the one before it, which is only passed on once it is known not to be last. */
    private static final class Splitter {
        private final Consumer<Line> visitor;
        private final StringBuilder current = new StringBuilder();
        private boolean currentTooLong;
        private boolean currentStarted;
        private boolean firstChar = true;
        private String pendingText;
        private boolean pendingTooLong;
        private int pendingNumber;

        Splitter(Consumer<Line> visitor) {
            this.visitor = visitor;
        }

        void split(Reader reader) throws IOException {
            char[] buffer = new char[8192];
            for (int n = reader.read(buffer); n >= 0; n = reader.read(buffer)) {
                int start = 0;
                if (firstChar && n > 0) {
                    firstChar = false;
                    start = buffer[0] == '\uFEFF' ? 1 : 0;
                }
                for (int i = start; i < n; i++) {
                    if (buffer[i] == '\n') {
                        append(buffer, start, i);
                        endLine();
                        start = i + 1;
                    }
                }
                append(buffer, start, n);
            }
            if (currentStarted) { // an unfinished last line
                flushPending();
                visitor.accept(new Line(pendingNumber + 1, currentText(), true, false));
            } else if (pendingNumber > 0) {
                visitor.accept(new Line(pendingNumber, pendingTooLong ? null : pendingText, true, true));
            }
        }

        private void append(char[] buffer, int from, int to) {
            if (to <= from) {
                return;
            }
            currentStarted = true;
            if (currentTooLong) {
                return;
            }
            if (current.length() + (to - from) > MAX_LINE_CHARS + 1) { // + 1: room for the \r of CRLF
                currentTooLong = true;
                current.setLength(0);
                current.trimToSize();
                return;
            }
            current.append(buffer, from, to - from);
        }

        private void endLine() {
            flushPending();
            pendingNumber++;
            pendingText = currentText();
            pendingTooLong = pendingText == null;
            current.setLength(0);
            currentTooLong = false;
            currentStarted = false;
        }

        private void flushPending() {
            if (pendingNumber > 0 && (pendingText != null || pendingTooLong)) {
                visitor.accept(new Line(pendingNumber, pendingTooLong ? null : pendingText, false, true));
                pendingText = null;
                pendingTooLong = false;
            }
        }

        private String currentText() {
            if (currentTooLong) {
                return null;
            }
            int length = current.length();
            if (length > 0 && current.charAt(length - 1) == '\r') {
                length--;
            }
            return length > MAX_LINE_CHARS ? null : current.substring(0, length);
        }
    }
}
