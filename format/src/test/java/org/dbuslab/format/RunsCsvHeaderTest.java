package org.dbuslab.format;

import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RunsCsvHeaderTest {

    private static final RunsCsvRow FULL = RunsCsvTest.CLIENT_ROW
        .withLab(3, "dbus-java>dbus-java", false, "matrix", null, "LimitsExceeded").withCpu(11L, 22L, 33L).withPlacement("one-cpu")
        .withPathCpu(44L).withAlloc(55L, 66L);

    @Test
    void aFullRowRoundTrips() {
        RunsCsvHeader header = RunsCsvHeader.parse(RunsCsv.header(RunsCsv.COLUMNS));
        assertEquals(FULL, header.parseRow(RunsCsv.format(FULL, 29)));
        RunsCsvHeader twentySeven = RunsCsvHeader.parse(RunsCsv.header(RunsCsv.COLUMNS.subList(0, 27)));
        assertEquals(FULL.withAlloc(null, null), twentySeven.parseRow(RunsCsv.format(FULL, 27)));
        RunsCsvHeader twentySix = RunsCsvHeader.parse(RunsCsv.header(RunsCsv.COLUMNS.subList(0, 26)));
        assertEquals(FULL.withPathCpu(null).withAlloc(null, null), twentySix.parseRow(RunsCsv.format(FULL, 26)));
    }

    @Test
    void readsOlderFilesOfSixteenAndTwentyTwoColumns() {
        RunsCsvHeader sixteen = RunsCsvHeader.parse(RunsCsv.header(RunsCsv.CLIENT_COLUMNS));
        assertEquals(RunsCsvTest.CLIENT_ROW, sixteen.parseRow(RunsCsv.format(FULL, 16)));
        RunsCsvHeader twentyTwo = RunsCsvHeader.parse(RunsCsv.header(RunsCsv.COLUMNS.subList(0, 22)));
        RunsCsvRow row = twentyTwo.parseRow(RunsCsv.format(FULL, 22));
        assertEquals(FULL.withCpu(null, null, null).withPlacement(null).withPathCpu(null).withAlloc(null, null), row);
        assertFalse(twentyTwo.has("cpu_bus_ns"));
    }

    @Test
    void findsColumnsByNameAndIgnoresUnknownOnes() {
        RunsCsvHeader header = RunsCsvHeader.parse(
            "errors,mismatched,lost,elapsed_ns,run,calls,window,payload_bytes,mode,transport,future_column");
        RunsCsvRow row = header.parseRow(" 3, 2,1,99,4,1000,1,0,sync,p2p-unix ,whatever");
        assertEquals("p2p-unix", row.transport());
        assertEquals(99, row.elapsedNanos());
        assertEquals(3, row.errors());
        assertNull(row.phase());
        assertNull(row.startedUtc());
        assertNull(row.cpuClientNanos());
        assertEquals("whatever", header.value(header.fields(" 3, 2,1,99,4,1000,1,0,sync,p2p-unix ,whatever"),
            "future_column"));
    }

    @Test
    void anUnreadableStartTimeOnlyCostsTheOrder() {
        RunsCsvHeader header = RunsCsvHeader.parse(RunsCsv.header(RunsCsv.CLIENT_COLUMNS));
        String line = RunsCsv.format(RunsCsvTest.CLIENT_ROW, 16).replace("2026-11-30T12:00:00Z", "yesterday");
        assertNull(header.parseRow(line).startedUtc());
        assertEquals(Instant.parse("2026-11-30T12:00:00Z"),
            header.parseRow(RunsCsv.format(RunsCsvTest.CLIENT_ROW, 16)).startedUtc());
    }

    @Test
    void refusesBadHeaders() {
        assertTrue(assertThrows(IllegalArgumentException.class,
            () -> RunsCsvHeader.parse("transport,mode,payload_bytes")).getMessage().contains("window"));
        assertTrue(assertThrows(IllegalArgumentException.class,
            () -> RunsCsvHeader.parse(RunsCsv.header(RunsCsv.CLIENT_COLUMNS) + ",mode")).getMessage()
            .contains("twice"));
    }

    @Test
    void refusesBadRowsWithAShortReason() {
        RunsCsvHeader header = RunsCsvHeader.parse(RunsCsv.header(RunsCsv.COLUMNS));
        String good = RunsCsv.format(FULL, 29);
        assertMessage(header, good + ",extra", "expected 29 fields, found 30");
        assertMessage(header, good.replace(",55,66", ",55,-1"), "alloc_server_bytes must be at least 0, got -1");
        assertMessage(header, good.replace(",123456789,", ",12.5,"), "elapsed_ns is not a whole number: '12.5'");
        assertMessage(header, good.replace(",123456789,", ",+5,"), "elapsed_ns is not a whole number: '+5'");
        assertMessage(header, good.replace(",2000,", ",0,"), "calls must be at least 1, got 0");
        assertMessage(header, good.replace(",false,", ",yes,"), "reference must be true or false, got 'yes'");
        assertMessage(header, good.replace("dbus-broker,", ","), "transport is empty");
        assertMessage(header, good.replace(",128,", ",99999999999,"), "window is too large: 99999999999");
        assertMessage(header, good.replace(",11,22,33", ",-11,22,33"), "cpu_client_ns must be at least 0, got -11");
    }

    private static void assertMessage(RunsCsvHeader header, String line, String message) {
        assertEquals(message, assertThrows(IllegalArgumentException.class, () -> header.parseRow(line)).getMessage());
    }
}
