package org.dbuslab.format;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RunsCsvWriterTest {

    @Test
    void writesTheHeaderOnceThenOneRowPerAppend(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("runs.csv");
        Locale before = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY); // numbers must not pick up a decimal comma
        try {
            RunsCsvWriter writer = RunsCsvWriter.client(csv);
            writer.append(RunsCsvTest.CLIENT_ROW);
            writer.append(RunsCsvTest.CLIENT_ROW);
            RunsCsvWriter.client(csv).append(RunsCsvTest.CLIENT_ROW); // a second process appends too
        } finally {
            Locale.setDefault(before);
        }
        List<String> lines = Files.readAllLines(csv);
        assertEquals(4, lines.size());
        assertEquals(RunsCsv.header(RunsCsv.CLIENT_COLUMNS), lines.get(0));
        assertEquals(RunsCsv.format(RunsCsvTest.CLIENT_ROW, 16), lines.get(3));
    }

    @Test
    void anEmptyFileGetsTheHeader(@TempDir Path dir) throws Exception {
        Path csv = Files.createFile(dir.resolve("runs.csv"));
        RunsCsvWriter.session(csv).append(RunsCsvTest.CLIENT_ROW.withCpu(1L, 2L, 3L));
        List<String> lines = Files.readAllLines(csv);
        assertEquals(RunsCsv.header(RunsCsv.COLUMNS), lines.get(0));
        assertTrue(lines.get(1).endsWith(",1,2,3,,,,"), lines.get(1));
    }

    @Test
    void refusesToMixHeadersAndKeepsTheFile(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("runs.csv");
        RunsCsvWriter.client(csv).append(RunsCsvTest.CLIENT_ROW);
        String before = Files.readString(csv);
        UncheckedIOException e = assertThrows(UncheckedIOException.class,
            () -> RunsCsvWriter.session(csv).append(RunsCsvTest.CLIENT_ROW));
        assertTrue(e.getMessage().contains("header"), e.getMessage());
        assertEquals(before, Files.readString(csv));
    }

    @Test
    void aBadFieldWritesNothing(@TempDir Path dir) {
        Path csv = dir.resolve("runs.csv");
        RunsCsvRow bad = RunsCsvRow.ofClient("a,b", "sync", 1, 1, 1, 1, 1, 0, 0, 0, "measure", "echo", Instant.EPOCH,
            null, null, null);
        assertThrows(IllegalArgumentException.class, () -> RunsCsvWriter.client(csv).append(bad));
        assertTrue(!Files.exists(csv));
    }
}
