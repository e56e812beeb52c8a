package org.dbuslab.analysis.read;

import org.dbuslab.analysis.Fixtures;
import org.dbuslab.format.Phase;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

public class RunsCsvReaderTest {

    @TempDir
    public Path dir;

    private final List<String> warnings = new ArrayList<>();

    private List<RunRecord> read(String content) {
        return RunsCsvReader.read(Fixtures.write(dir, "runs.csv", content), warnings::add);
    }

    @Test
    public void readsRowsAndTheirPhase() {
        List<RunRecord> runs = read(Fixtures.RUNS_HEADER
                + "dbus-daemon,sync,1000,1,10000,1,900000000,0,0,0,warmup,echo,2025-06-01T10:00:00Z\n"
                + "dbus-daemon,sync,1000,1,10000,1,800000000,1,2,3,measure,echo,2025-06-01T10:00:01Z\n");
        assertEquals(2, runs.size());
        assertEquals(Phase.WARMUP, runs.get(0).phase());
        RunRecord measured = runs.get(1);
        assertEquals(new CellKey("dbus-daemon", "sync", 1000, 1, 10000), measured.key());
        assertEquals(800000000L, measured.elapsedNs());
        assertEquals(new Counts(1, 2, 3), measured.counts());
        assertTrue(warnings.isEmpty());
    }

    @Test
    public void readsTheLabsColumnsAndDefaultsThemWhenEmptyOrAbsent() {
        String header = Fixtures.RUNS_HEADER.strip() + ",latency_log,latency_tag,round,pair,reference,series,fixed_ns,expected\n";
        List<RunRecord> runs = read(header
                + "dbus-daemon,sync,1000,1,1000,1,60000000,0,0,0,measure,spam,2025-06-01T10:00:00Z,,,2,libdbus>libdbus,true,reference,5000000,\n"
                + "dbus-daemon-limit64,async,1000,128,500,1,600000000,0,0,68,measure,echo,2025-06-01T10:00:01Z,,,1,dbus-java>dbus-java,false,overlimit,,LimitsExceeded\n"
                + "dbus-daemon,sync,1000,1,1000,1,80000000,0,0,0,measure,,2025-06-01T10:00:02Z,,,,,,,,\n");
        RunRecord spam = runs.get(0);
        assertEquals(new CellKey("dbus-daemon", "sync", 1000, 1, 1000, "libdbus>libdbus", "reference", "spam"), spam.key());
        assertEquals(CellKey.Role.REFERENCE, spam.key().role());
        assertEquals(5_000_000L, spam.fixedNs());
        assertEquals((60_000_000 - 5_000_000) / 999.0 / 1000, spam.usPerCall(), 1e-12);
        assertEquals(CellKey.Role.OVERLIMIT, runs.get(1).key().role());
        assertEquals("LimitsExceeded", runs.get(1).expected());
        assertEquals(new CellKey("dbus-daemon", "sync", 1000, 1, 1000), runs.get(2).key());
        assertTrue(runs.get(2).key().subject());
        assertTrue(warnings.isEmpty(), warnings.toString());
    }

    @Test
    public void readsTheBlockAndTheCpuColumnsOfTheSessionRunner() {
        String header = Fixtures.RUNS_HEADER.strip()
                + ",latency_log,latency_tag,jit_ms,round,pair,reference,series,fixed_ns,expected,cpu_client_ns,cpu_bus_ns,cpu_server_ns\n";
        List<RunRecord> runs = read(header
                + "dbus-daemon,sync,1000,1,1000,1,60000000,0,0,0,measure,echo,2025-06-01T10:00:00Z,,,0,7,dbus-java>dbus-java,false,matrix,,,"
                + "45000000,71000000,31000000\n"
                + "p2p-unix,sync,1000,1,1000,1,30000000,0,0,0,measure,echo,2025-06-01T10:00:01Z,,,0,7,dbus-java>dbus-java,false,matrix,,,"
                + "20000000,,\n");
        assertEquals(7, runs.get(0).block());
        assertEquals(new CpuNs(45_000_000L, 71_000_000L, 31_000_000L), runs.get(0).cpu());
        assertEquals(45.0, runs.get(0).cpuUsPerCall(runs.get(0).cpu().client()), 1e-12);
        assertEquals(new CpuNs(20_000_000L, null, null), runs.get(1).cpu()); // empty: not measured
        assertTrue(warnings.isEmpty(), warnings.toString());
    }

    @Test
    public void olderFoldersHaveNeitherBlockNorCpu() {
        RunRecord run = read(Fixtures.RUNS_HEADER + "dbus-daemon,sync,1000,1,10000,1,800000000,0,0,0,measure,echo,2025-06-01T10:00:01Z\n").get(0);
        assertEquals(null, run.block());
        assertEquals(CpuNs.NONE, run.cpu());
    }

    @Test
    public void aReferenceColumnThatContradictsPairAndSeriesIsAWarning() {
        read(Fixtures.RUNS_HEADER.strip() + ",pair,reference,series\n"
                + "dbus-daemon,sync,1000,1,1000,1,60000000,0,0,0,measure,spam,2025-06-01T10:00:00Z,libdbus>libdbus,false,reference\n"
                + "dbus-daemon,sync,1000,1,1000,1,60000000,0,0,0,measure,echo,2025-06-01T10:00:00Z,dbus-java>dbus-java,false,sweep\n");
        assertEquals(List.of("runs.csv: the reference column disagrees with pair and series in 1 row(s); pair and series decide "
                + "(reference = every pair but dbus-java>dbus-java, and series other than matrix)"), warnings);
    }

    @Test
    public void withoutPhaseColumnEveryRowIsMeasured() {
        List<RunRecord> runs = read("transport,mode,payload_bytes,window,calls,run,elapsed_ns,lost,mismatched,errors\n"
                + "p2p-unix,async,10000,16,500,1,12345,0,0,0\n");
        assertEquals(Phase.MEASURE, runs.get(0).phase());
    }

    @Test
    public void truncatedLastLineIsSkippedWithAWarning() {
        List<RunRecord> runs = read(Fixtures.RUNS_HEADER
                + "dbus-daemon,sync,1000,1,10000,1,800000000,0,0,0,measure,echo,2025-06-01T10:00:01Z\n"
                + "dbus-daemon,sync,1000,1,10000,2,80");
        assertEquals(1, runs.size());
        assertEquals(1, warnings.size());
        assertTrue(warnings.get(0).startsWith("runs.csv line 3: skipped truncated last line"), warnings.get(0));
    }

    @Test
    public void malformedLineInTheMiddleIsSetAsideNamingItsLine() {
        List<RunRecord> runs = read(Fixtures.RUNS_HEADER
                + "dbus-daemon,sync,1000,1,10000,1,800000000,0,0,0,measure,echo,2025-06-01T10:00:01Z\n"
                + "dbus-daemon,sync,1000,1,10000,2,8,5e8,0,0,measure,echo,2025-06-01T10:00:02Z\n"
                + "dbus-daemon,sync,1000,1,10000,3,800000000,0,0,0,measure,echo,2025-06-01T10:00:03Z\n");
        assertEquals(2, runs.size());
        assertEquals(List.of("runs.csv: 1 row(s) set aside, 2 kept: line 3 (lost is not a whole number: '5e8')"), warnings);
    }

    @Test
    public void finishedButBrokenLastLineIsNotMistakenForATruncation() {
        ResultsInputException e = assertThrows(ResultsInputException.class, () -> read(Fixtures.RUNS_HEADER
                + "dbus-daemon,sync,1000,1,10000,1,80\n"));
        assertEquals(dir.resolve("runs.csv") + ": no sound row (1 set aside: line 2 (expected 13 fields, found 7))",
                e.getMessage());
    }

    @Test
    public void decimalCommaOrUnknownPhaseIsSetAside() {
        List<RunRecord> runs = read(Fixtures.RUNS_HEADER
                + "dbus-daemon,sync,1000,1,10000,1,800000000,0,0,0,cooldown,echo,x\n"
                + "dbus-daemon,sync,1000,1,10000,1,0,8,0,0,0,measure,echo,x\n"
                + "dbus-daemon,sync,1000,1,10000,1,800000000,0,0,0,measure,echo,2025-06-01T10:00:03Z\n");
        assertEquals(1, runs.size());
        assertTrue(warnings.get(0).startsWith("runs.csv: 2 row(s) set aside, 1 kept: line 2 ("), warnings.get(0));
        assertTrue(warnings.get(0).contains("line 3 (expected 13 fields"), warnings.get(0));
    }

    @Test
    public void headerWithoutContractColumnIsRejected() {
        ResultsInputException e = assertThrows(ResultsInputException.class,
                () -> read("transport,mode,payload_bytes,window,calls,run,lost,mismatched,errors\n"));
        assertEquals("runs.csv line 1: header lacks column(s) elapsed_ns", e.getMessage());
    }

    @Test
    public void emptyFileIsRejected() {
        ResultsInputException e = assertThrows(ResultsInputException.class, () -> read(""));
        assertEquals("runs.csv: empty file, expected a header line", e.getMessage());
    }
}
