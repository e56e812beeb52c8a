package org.dbuslab.analysis;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.analysis.model.CellSummary.AllocPerCall;
import org.dbuslab.analysis.output.ReportMarkdown;
import org.dbuslab.analysis.output.SummaryJson;
import org.dbuslab.analysis.output.SummaryJsonTest;
import org.dbuslab.analysis.read.AllocBytes;
import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.analysis.read.ResultsFolderReader;
import org.dbuslab.analysis.report.WhereTimeGoes;
import org.dbuslab.format.RunsCsv;
import org.dbuslab.format.RunsCsvRow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * runs.csv's alloc_client_bytes and alloc_server_bytes: summarised per cell as the median bytes per call of each side
 * over the measured runs, written to summary.json and shown beside the CPU per call in "Where the time goes"; a side
 * that is not a JVM of the lab (libdbus) has none, and an older folder has the keys with null values and no columns.
 */
public class AllocationSessionTest {

    private static final int CALLS = 1000;

    @TempDir
    public Path dir;

    /** The Java pair, libdbus>libdbus and dbus-java>libdbus on dbus-daemon: a warm-up block and three measured ones. */
    private Analysis session(boolean withAlloc) {
        StringBuilder csv = new StringBuilder(RunsCsv.header(RunsCsv.COLUMNS)).append('\n');
        long[][] java = {{99_000_000, 88_000_000}, {2_100_000, 1_400_000}, {1_900_000, 1_600_000}, {2_000_000, 1_500_000}};
        for (int block = 0; block < java.length; block++) {
            String phase = block == 0 ? RunsCsv.PHASE_WARMUP : RunsCsv.PHASE_MEASURE;
            int run = Math.max(1, block);
            csv.append(row(CellKey.SUBJECT_PAIR, "matrix", "echo", phase, run, block + 1,
                withAlloc ? java[block][0] : null, withAlloc ? java[block][1] : null));
            csv.append(row(CellKey.LIBDBUS_PAIR, "reference", "spam", phase, run, block + 1, null, null));
            csv.append(row(CellKey.JAVA_CLIENT_PAIR, "reference", "spam", phase, run, block + 1,
                withAlloc ? 600_000L + block : null, null));
        }
        Fixtures.write(dir, "runs.csv", csv.toString());
        Fixtures.write(dir, "environment.json", "{\"hostname\": \"allocation\"}");
        return Analysis.of(ResultsFolderReader.read(dir), SummaryJsonTest.GENERATED);
    }

    private static String row(String pair, String series, String method, String phase, int run, int block, Long client,
                              Long server) {
        RunsCsvRow row = new RunsCsvRow("dbus-daemon", "sync", 1000, 1, CALLS, run, 60_000_000L, 0, 0, 0, phase, method,
                Instant.parse("2025-06-01T10:00:00Z").plusSeconds(block), null, null, null, block, pair,
                !pair.equals(CellKey.SUBJECT_PAIR), series, null, null, 40_000_000L, 20_000_000L, 10_000_000L, "one-cpu", null)
                .withAlloc(client, server);
        return RunsCsv.format(row, RunsCsv.COLUMNS.size()) + "\n";
    }

    private static CellSummary cell(Analysis analysis, String pair) {
        return analysis.allCells().stream().filter(c -> c.key().pair().equals(pair)).findFirst().orElseThrow();
    }

    @Test
    public void eachSideIsTheMedianOverTheMeasuredRunsOfBytesPerCall() {
        Analysis analysis = session(true);
        assertEquals(new AllocPerCall(2000, 1500, 3), cell(analysis, CellKey.SUBJECT_PAIR).alloc(), "warm-up left out");
        AllocPerCall javaClient = cell(analysis, CellKey.JAVA_CLIENT_PAIR).alloc();
        assertEquals(600.002, javaClient.client(), 1e-9);
        assertTrue(Double.isNaN(javaClient.server()), "libdbus's echo is no JVM");
        assertEquals(AllocPerCall.NONE, cell(analysis, CellKey.LIBDBUS_PAIR).alloc());
        assertEquals(AllocBytes.NONE, analysis.folder().runs().stream()
                .filter(r -> r.key().pair().equals(CellKey.LIBDBUS_PAIR)).findFirst().orElseThrow().alloc());
    }

    @Test
    public void summaryJsonHasBothSidesPerCellNullWhereNotAJvm() throws Exception {
        JsonNode root = new ObjectMapper().readTree(new SummaryJson().render(session(true)));
        JsonNode java = root.get("cells").get(0).get("alloc_bytes_per_call");
        assertEquals(2000.0, java.get("client").asDouble(), 1e-9);
        assertEquals(1500.0, java.get("server").asDouble(), 1e-9);
        assertEquals(3, java.get("runs").asInt());
        for (JsonNode cell : root.get("reference_cells")) {
            JsonNode alloc = cell.get("alloc_bytes_per_call");
            assertTrue(alloc.get("server").isNull(), cell.toString());
            assertEquals(cell.get("pair").asText().equals(CellKey.JAVA_CLIENT_PAIR), alloc.get("client").isNumber(), cell.toString());
        }
    }

    @Test
    public void theReportShowsThemBesideTheCpuPerCall() {
        String md = new ReportMarkdown().render(session(true));
        String section = md.substring(md.indexOf("## " + WhereTimeGoes.TITLE));
        assertTrue(section.contains(WhereTimeGoes.allocNote()), section);
        assertTrue(section.contains("| not CPU µs/call (waiting, wake-ups) | client alloc B/call | server alloc B/call |"), section);
        assertTrue(section.contains("| 2000 | 1500 |"), "the Java pair's row: " + section);
        assertTrue(section.contains("| 600 | — |"), "the Java client against libdbus's echo: " + section);
        assertTrue(section.contains("| — | — |"), "libdbus>libdbus: " + section);
    }

    @Test
    public void anOlderFolderHasTheKeysWithNullsAndNoColumns() throws Exception {
        Analysis analysis = session(false);
        JsonNode alloc = new ObjectMapper().readTree(new SummaryJson().render(analysis)).get("cells").get(0)
                .get("alloc_bytes_per_call");
        assertTrue(alloc.get("client").isNull() && alloc.get("server").isNull(), alloc.toString());
        assertEquals(0, alloc.get("runs").asInt());
        String md = new ReportMarkdown().render(analysis);
        assertTrue(md.contains("## " + WhereTimeGoes.TITLE), md);
        assertFalse(md.contains("alloc B/call"), md);
    }
}
