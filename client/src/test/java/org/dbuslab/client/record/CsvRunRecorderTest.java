package org.dbuslab.client.record;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CsvRunRecorderTest {

    @Test
    void writesTheContractHeaderOnceThenOneRowPerRun(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("runs.csv");
        CsvRunRecorder recorder = new CsvRunRecorder(csv);
        Locale before = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY); // numbers must not pick up a decimal comma
        try {
            recorder.append(row(1, "warmup"));
            recorder.append(row(1, "measure"));
            new CsvRunRecorder(csv).append(row(2, "measure")); // a second process appends too
        } finally {
            Locale.setDefault(before);
        }
        List<String> lines = Files.readAllLines(csv);
        assertEquals(4, lines.size());
        assertTrue(lines.get(0).startsWith("transport,mode,payload_bytes,window,calls,run,elapsed_ns,lost,mismatched,errors"));
        assertEquals("dbus-broker,async,10000,128,2000,2,123456789,1,2,3,measure,echo,2026-11-30T12:00:00Z,latency/x.hlog,measure-2,7", lines.get(3));
    }

    @Test
    void refusesATransportLabelThatWouldBreakTheCsv(@TempDir Path dir) {
        CsvRunRecorder recorder = new CsvRunRecorder(dir.resolve("runs.csv"));
        RunRow bad = new RunRow("a,b", "sync", 1, 1, 1, 1, 1, 0, 0, 0, "measure", "echo", Instant.EPOCH, null, null, -1);
        assertThrows(IllegalArgumentException.class, () -> recorder.append(bad));
    }

    private static RunRow row(int run, String phase) {
        return new RunRow("dbus-broker", "async", 10_000, 128, 2000, run, 123_456_789L, 1, 2, 3, phase, "echo",
            Instant.parse("2026-11-30T12:00:00Z"), "latency/x.hlog", phase + "-" + run, 7);
    }
}
