package org.dbuslab.analysis.output;

import java.io.IOException;
import java.io.BufferedWriter;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.UUID;

/** Writes a file so that readers see either the old content or the whole new one, never half a file. */
public final class AtomicFiles {

    private AtomicFiles() {
    }

    /** What writes a file's content, in UTF-8, to a Writer. */
    @FunctionalInterface
    public interface Content {
        void writeTo(Writer out) throws IOException;
    }

    public static void writeUtf8(Path target, String content) throws IOException {
        writeUtf8(target, out -> out.write(content));
    }

    /** As {@link #writeUtf8(Path, String)}, for content too big to hold as one String (a folder of 10^6 runs). */
    public static void writeUtf8(Path target, Content content) throws IOException {
        // Next to the target, because a rename within one file system is atomic. Not Files.createTempFile:
        // its owner-only permissions would carry over to the report.
        Path temp = target.resolveSibling("." + target.getFileName() + "." + UUID.randomUUID() + ".tmp");
        try {
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                Writer out = new BufferedWriter(Channels.newWriter(channel, StandardCharsets.UTF_8), 1 << 16);
                content.writeTo(out);
                out.flush();
                channel.force(true); // on disk before the rename, so a crash cannot publish an empty file
            }
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
