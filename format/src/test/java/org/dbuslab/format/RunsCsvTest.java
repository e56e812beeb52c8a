package org.dbuslab.format;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class RunsCsvTest {

    static final RunsCsvRow CLIENT_ROW = RunsCsvRow.ofClient("dbus-broker", "async", 10_000, 128, 2000, 2,
        123_456_789L, 1, 2, 3, "measure", "echo", Instant.parse("2026-11-30T12:00:00Z"), "latency/x.hlog",
        "measure-2", 7L);

    @Test
    void columnsAreTheDesignsSixteenThenSixThenThreeThenOneThenOneThenTwo() {
        assertEquals("transport,mode,payload_bytes,window,calls,run,elapsed_ns,lost,mismatched,errors,phase,method,"
            + "started_utc,latency_log,latency_tag,jit_ms", RunsCsv.header(RunsCsv.CLIENT_COLUMNS));
        assertEquals(List.of("round", "pair", "reference", "series", "fixed_ns", "expected"),
            RunsCsv.COLUMNS.subList(16, 22));
        assertEquals(List.of("cpu_client_ns", "cpu_bus_ns", "cpu_server_ns"), RunsCsv.COLUMNS.subList(22, 25));
        assertEquals(List.of("placement"), RunsCsv.COLUMNS.subList(25, 26));
        assertEquals(List.of("cpu_path_ns"), RunsCsv.COLUMNS.subList(26, 27));
        assertEquals(List.of("alloc_client_bytes", "alloc_server_bytes"), RunsCsv.COLUMNS.subList(27, 29));
        assertEquals(29, RunsCsv.COLUMNS.size());
        assertEquals(RunsCsv.CONTRACT_COLUMNS, RunsCsv.COLUMNS.subList(0, 10));
    }

    @Test
    void formatsAClientRowAsTheClientAlwaysHas() {
        assertEquals("dbus-broker,async,10000,128,2000,2,123456789,1,2,3,measure,echo,2026-11-30T12:00:00Z,"
            + "latency/x.hlog,measure-2,7", RunsCsv.format(CLIENT_ROW, 16));
    }

    @Test
    void absentOptionalValuesAreEmptyFields() {
        RunsCsvRow row = RunsCsvRow.ofClient("raw-unix", "sync", 0, 1, 1, 1, 1, 0, 0, 0, "warmup", "raw",
            Instant.EPOCH, null, null, null);
        assertEquals("raw-unix,sync,0,1,1,1,1,0,0,0,warmup,raw,1970-01-01T00:00:00Z,,,,,,,,,,,,,,,,",
            RunsCsv.format(row, 29));
    }

    @Test
    void formatsLabAndCpuColumns() {
        RunsCsvRow row = CLIENT_ROW.withLab(4, "libdbus>libdbus", true, "sweep", 1_500_000L, null)
            .withCpu(10L, 0L, 30L);
        assertEquals(RunsCsv.format(CLIENT_ROW, 16) + ",4,libdbus>libdbus,true,sweep,1500000,,10,0,30",
            RunsCsv.format(row, 25));
        assertEquals(RunsCsv.format(row, 25) + ",cross", RunsCsv.format(row.withPlacement("cross"), 26));
        assertEquals(RunsCsv.format(row, 25) + ",,,4096000,", RunsCsv.format(row.withAlloc(4_096_000L, null), 29));
        assertEquals(RunsCsv.format(CLIENT_ROW, 16) + ",4,libdbus>libdbus,true,sweep,1500000,",
            RunsCsv.format(row, 22));
    }

    @Test
    void refusesFieldsThatWouldBreakTheCsvAndImpossibleWidths() {
        for (String bad : List.of("a,b", "a\"b", "a\nb", "a\rb")) {
            RunsCsvRow row = RunsCsvRow.ofClient(bad, "sync", 1, 1, 1, 1, 1, 0, 0, 0, "measure", "echo",
                Instant.EPOCH, null, null, null);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RunsCsv.format(row, 16));
            assertEquals(true, e.getMessage().contains("transport"), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> RunsCsv.format(CLIENT_ROW, 15));
        assertThrows(IllegalArgumentException.class, () -> RunsCsv.format(CLIENT_ROW, 30));
    }
}
