package org.dbuslab.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TsvFormatsTest {

    @TempDir
    Path dir;

    private <R> void roundTrip(TsvFormat<R> format, List<R> rows) {
        format.write(dir, rows);
        assertEquals(rows, format.read(dir));
    }

    @Test
    void planTsvHasNoHeaderAndRoundTrips() throws Exception {
        List<PlanTsv.Row> rows = List.of(new PlanTsv.Row("dbus-daemon", "sync", 1000, 1, 800, 12, 2, "all", "one-cpu", ""),
                new PlanTsv.Row("raw-tcp", "async", 0, 128, 256, 3, 2, "async-0", "cross", ""),
                new PlanTsv.Row("dbus-daemon-proxy", "sync", 1000, 1, 900, 9, 2, "paths-1000", "one-cpu", PlanTsv.ON_BUS_CPU));
        roundTrip(PlanTsv.FORMAT, rows);
        assertEquals("dbus-daemon\tsync\t1000\t1\t800\t12\t2\tall\tone-cpu\t",
                Files.readAllLines(dir.resolve("plan.tsv")).get(0), "the analysis's PlanReader's 7 columns, then the group");
        assertEquals("dbus-daemon-proxy\tsync\t1000\t1\t900\t9\t2\tpaths-1000\tone-cpu\tbus",
                Files.readAllLines(dir.resolve("plan.tsv")).get(2), "a path's route runs on the bus's CPU");
    }

    @Test
    void aPlanWithTheGroupButNoPlacementStillReads() throws Exception {
        Files.writeString(dir.resolve("plan.tsv"), "dbus-daemon\tsync\t1000\t1\t800\t12\t2\tsync-1000\n", StandardCharsets.UTF_8);
        assertEquals(List.of(new PlanTsv.Row("dbus-daemon", "sync", 1000, 1, 800, 12, 2, "sync-1000", "", "")),
                PlanTsv.FORMAT.read(dir));
    }

    @Test
    void olderPlanAndOrderFilesWithoutTheGroupColumnsStillRead() throws Exception {
        Files.writeString(dir.resolve("plan.tsv"), "dbus-daemon\tsync\t1000\t1\t800\t12\t2\n", StandardCharsets.UTF_8);
        assertEquals(List.of(new PlanTsv.Row("dbus-daemon", "sync", 1000, 1, 800, 12, 2, PlanTsv.EVERY_BLOCK)),
                PlanTsv.FORMAT.read(dir));
        Files.writeString(dir.resolve("order.tsv"), "round\tposition\tkind\tseries\tpair\ttransport\tmode\tpayload_bytes"
                + "\twindow\tcalls\truns\twarmup_runs\tpayload_seed\torder\torder_seed\n"
                + "3\t1\tjava\tmatrix\tdbus-java>dbus-java\tdbus-daemon\tsync\t1000\t1\t800\t1\t0\t20152430\tinterleaved\t7\n",
                StandardCharsets.UTF_8);
        assertEquals(List.of(new OrderTsv.Row(3, 1, "java", "matrix", "dbus-java>dbus-java", "dbus-daemon", "sync", 1000, 1,
                800, 1, 0, 20152430L, "interleaved", 7L, PlanTsv.EVERY_BLOCK)), OrderTsv.FORMAT.read(dir));
    }

    @Test
    void orderTsvKeepsItsFifteenColumnsThenTheBlockGroup() throws Exception {
        List<OrderTsv.Row> rows = List.of(new OrderTsv.Row(3, 1, "spam-java", "reference", "libdbus>dbus-java", "dbus-broker",
                "async", 10000, 128, 900, 1, 0, 20152430L, "interleaved", 123456789L, "async-10000"));
        roundTrip(OrderTsv.FORMAT, rows);
        assertEquals("round\tposition\tkind\tseries\tpair\ttransport\tmode\tpayload_bytes\twindow\tcalls\truns\twarmup_runs"
                + "\tpayload_seed\torder\torder_seed\tblock_group", Files.readAllLines(dir.resolve("order.tsv")).get(0));
    }

    @Test
    void skippedAndNotesTurnTabsAndLineBreaksInTextIntoSpaces() {
        SkippedTsv.FORMAT.append(dir, new SkippedTsv.Row("dbus-daemon libdbus-java", "hook\tpending\nsee log"));
        SkippedTsv.FORMAT.append(dir, new SkippedTsv.Row("p2p-tcp", ""));
        assertEquals(List.of(new SkippedTsv.Row("dbus-daemon libdbus-java", "hook pending see log"),
                new SkippedTsv.Row("p2p-tcp", "")), SkippedTsv.FORMAT.read(dir));
        NotesTsv.FORMAT.append(dir, new NotesTsv.Row("over-limit", "as-expected", "120 LimitsExceeded\r\nerrors"));
        assertEquals(List.of(new NotesTsv.Row("over-limit", "as-expected", "120 LimitsExceeded  errors")),
                NotesTsv.FORMAT.read(dir));
    }

    @Test
    void precisionRoundTripsUndefinedHalfWidthsAndUnmetCells() throws Exception {
        List<PrecisionTsv.Row> rows = List.of(
                new PrecisionTsv.Row("cell", "dbus-daemon", "sync", 1000, 1, "dbus-java>dbus-java", "matrix", "", "", 7, 2.125,
                        3, true, 5, "one-cpu"),
                new PrecisionTsv.Row("cell", "dbus-daemon", "sync", 1000, 1, "dbus-java>dbus-java", "matrix", "", "", 7, 7.5,
                        3, false, 0, "cross"),
                new PrecisionTsv.Row("transport", "p2p-unix", "async", 10000, 128, "dbus-java>dbus-java", "matrix",
                        "dbus-daemon", "dbus-java>dbus-java", 7, 4.5, 3, false, 0, "cross"),
                new PrecisionTsv.Row("client-libdbus", "dbus-broker", "sync", 1000, 1, "dbus-java>libdbus", "reference",
                        "dbus-broker", "libdbus>libdbus", 1, Double.NaN, 3, false, 0, "one-cpu"));
        roundTrip(PrecisionTsv.FORMAT, rows);
        String undefined = Files.readAllLines(dir.resolve("precision.tsv")).get(4);
        assertTrue(undefined.contains("\t1\t\t3.000\tfalse\t\tone-cpu"), undefined);
    }

    @Test
    void precisionOfAnOlderSessionReadsWithoutItsPlacement() throws Exception {
        Files.writeString(dir.resolve("precision.tsv"), "kind\ttransport\tmode\tpayload_bytes\twindow\tpair\tseries\t"
                + "versus_transport\tversus_pair\tblocks\thalf_width_pct\ttarget_pct\tmet\tmet_after_blocks\n"
                + "cell\tdbus-daemon\tsync\t1000\t1\tdbus-java>dbus-java\tmatrix\t\t\t51\t1.356\t3.000\ttrue\t18\n",
                StandardCharsets.UTF_8);
        PrecisionTsv.Row row = PrecisionTsv.FORMAT.read(dir).get(0);
        assertEquals("", row.placement());
        assertEquals(18, row.metAfterBlocks());
    }

    @Test
    void badLinesNameTheFileTheLineAndTheColumn() throws Exception {
        Files.writeString(dir.resolve("plan.tsv"), "dbus-daemon\tsync\t1000\t1\t800\t12\t2\n\ndbus-daemon\tsync\tmany\t1\t800\t12\t2\n",
                StandardCharsets.UTF_8);
        FormatException e = assertThrows(FormatException.class, () -> PlanTsv.FORMAT.read(dir));
        assertEquals("plan.tsv line 3: payload_bytes is not a whole number: 'many'", e.getMessage());

        Files.writeString(dir.resolve("plan.tsv"), "dbus-daemon\tsync\t1000\n", StandardCharsets.UTF_8);
        assertEquals("plan.tsv line 1: expected 10 tab-separated fields, found 3",
                assertThrows(FormatException.class, () -> PlanTsv.FORMAT.read(dir)).getMessage());

        Files.writeString(dir.resolve("host-speed.tsv"), "probe\tsomething\n", StandardCharsets.UTF_8);
        assertTrue(assertThrows(FormatException.class, () -> HostSpeedTsv.FORMAT.read(dir)).getMessage()
                .startsWith("host-speed.tsv line 1: unexpected header"));
    }

    @Test
    void rewritingReplacesTheWholeFile() {
        PlanTsv.FORMAT.write(dir, List.of(new PlanTsv.Row("dbus-daemon", "sync", 1, 1, 2, 3, 4),
                new PlanTsv.Row("dbus-broker", "sync", 1, 1, 2, 3, 4)));
        PlanTsv.FORMAT.write(dir, List.of(new PlanTsv.Row("p2p-unix", "sync", 1, 1, 2, 5, 1)));
        assertEquals(List.of(new PlanTsv.Row("p2p-unix", "sync", 1, 1, 2, 5, 1)), PlanTsv.FORMAT.read(dir));
    }

    @Test
    void decimalsUseAPointWhateverTheLocale() {
        java.util.Locale before = java.util.Locale.getDefault();
        try {
            java.util.Locale.setDefault(java.util.Locale.GERMANY);
            assertEquals("2.500", Tsv.decimal(2.5, 3));
            assertEquals("", Tsv.decimal(Double.NaN, 3));
        } finally {
            java.util.Locale.setDefault(before);
        }
    }
}
