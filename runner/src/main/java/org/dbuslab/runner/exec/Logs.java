package org.dbuslab.runner.exec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The last thing a process said: its final complaint, for one-line reasons. */
public final class Logs {

    /** Read at most this much of a log's end: a log can be large, a reason is one line. */
    private static final int TAIL_BYTES = 64 * 1024;

    private Logs() {
    }

    /**
     * The last non-blank line of FILE that does not start with white space (in a Java stack trace those are
     * the frames; the exception line above them says what happened), or "" when there is none.
     */
    public static String lastLine(Path file) {
        try {
            if (!Files.isRegularFile(file)) {
                return "";
            }
            long size = Files.size(file);
            byte[] bytes;
            try (var channel = Files.newByteChannel(file)) {
                long from = Math.max(0, size - TAIL_BYTES);
                channel.position(from);
                var buffer = java.nio.ByteBuffer.allocate((int) (size - from));
                while (buffer.hasRemaining() && channel.read(buffer) > 0) {
                    // fill
                }
                bytes = java.util.Arrays.copyOf(buffer.array(), buffer.position());
            }
            return lastLineOf(new String(bytes, StandardCharsets.UTF_8));
        } catch (IOException e) {
            return "";
        }
    }

    /** {@link #lastLine(Path)} of a text already read. */
    public static String lastLineOf(String text) {
        List<String> lines = text.lines().toList();
        for (int i = lines.size() - 1; i >= 0; i--) {
            String line = lines.get(i);
            if (!line.isBlank() && !Character.isWhitespace(line.charAt(0))) {
                return oneLine(line);
            }
        }
        return "";
    }

    /** Tabs and line breaks to spaces, for TSV fields and messages. */
    public static String oneLine(String text) {
        return text.replace('\t', ' ').replace('\n', ' ').replace('\r', ' ');
    }
}
