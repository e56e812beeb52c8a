package org.dbuslab.runner.session;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A write that failed for want of space becomes the one line naming the folder and its space; others stay as they were. */
class OutOfSpaceTest {

    @TempDir
    Path dir;

    @Test
    void aWriteWithNoSpaceLeftNamesTheFolderAndTheSpace() {
        Path folder = dir.resolve("results");
        Exception e = new UncheckedIOException("cannot write " + folder + "/precision.tsv",
            new IOException("No space left on device"));
        String line = OutOfSpace.line(e, folder).orElseThrow();
        assertTrue(line.startsWith("the results folder " + folder + " is out of space ("), line);
        assertTrue(line.matches(".*\\(\\d+(\\.\\d)? [KMGT]?i?B free of \\d+(\\.\\d)? [KMGT]?i?B on its filesystem\\).*"), line);
    }

    @Test
    void otherFailuresAreNotAboutSpace() {
        assertEquals(Optional.empty(), OutOfSpace.line(new UncheckedIOException(new IOException("Permission denied")), dir));
        assertEquals(Optional.empty(), OutOfSpace.line(new IllegalStateException("No space left on device"), dir));
    }

    @Test
    void sizesAreReadable() {
        assertEquals("0 B", OutOfSpace.size(0));
        assertEquals("8.0 MiB", OutOfSpace.size(8L << 20));
        assertEquals("1.5 KiB", OutOfSpace.size(1536));
    }
}
