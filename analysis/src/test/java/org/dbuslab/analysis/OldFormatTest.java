package org.dbuslab.analysis;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.output.ReportHtml;
import org.dbuslab.analysis.output.ReportMarkdown;
import org.dbuslab.analysis.output.ReportMarkdownTest;
import org.dbuslab.analysis.output.ReportWriter;
import org.dbuslab.analysis.output.SummaryJson;
import org.dbuslab.analysis.output.SummaryJsonTest;
import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.analysis.read.ResultsFolderReader;
import org.dbuslab.analysis.report.LabHealthSection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A results folder of the original format (runs.csv ends at latency_tag; no notes.tsv, no reference, sweep or
 * over-limit rows) still renders, and its subject cells come out exactly as in the new format.
 */
public class OldFormatTest {

    private static final int OLD_COLUMNS = 15;

    /** The fixture as the lab wrote it before: the matrix rows only, without the six trailing columns. */
    public static Path oldFormatCopy(Path dir) throws IOException {
        Path copy = Fixtures.copyOfSession(dir);
        List<String> lines = new ArrayList<>();
        String[] rows = Files.readString(copy.resolve("runs.csv")).split("\n", -1);
        for (int i = 0; i < rows.length; i++) {
            String[] fields = rows[i].split(",", -1);
            boolean last = i == rows.length - 1;
            if (i == 0 || last || (fields.length > 18 && fields[16].equals(CellKey.SUBJECT_PAIR) && fields[18].equals(CellKey.MATRIX))) {
                lines.add(String.join(",", Arrays.copyOf(fields, Math.min(fields.length, OLD_COLUMNS))));
            }
        }
        Fixtures.write(copy, "runs.csv", String.join("\n", lines)); // the truncated last line stays last and unfinished
        Files.delete(copy.resolve("notes.tsv"));
        Fixtures.write(copy, "skipped.tsv", "p2p-tcp\tdbus-java TCP transport refused the connection: Connection refused\n");
        List<String> plan = Files.readAllLines(copy.resolve("plan.tsv")).subList(0, 15);
        Fixtures.write(copy, "plan.tsv", String.join("\n", plan) + "\n");
        return copy;
    }

    @Test
    public void oldFolderRendersEveryFormatWithTheNewSectionsSayingThereIsNothing(@TempDir Path dir) throws IOException {
        Path old = oldFormatCopy(dir);
        assertTrue(Files.readAllLines(old.resolve("runs.csv")).get(0).endsWith(",latency_log,latency_tag"));
        Analysis analysis = Analysis.of(ResultsFolderReader.read(old), SummaryJsonTest.GENERATED);
        assertEquals(List.of("runs.csv line 36: skipped truncated last line (expected 15 fields, found 7)"), analysis.folder().warnings());
        assertFalse(analysis.hasLabSeries());
        for (ReportWriter writer : ReportWriter.all()) {
            assertFalse(writer.render(analysis).isBlank(), writer.fileName());
        }
        String md = new ReportMarkdown().render(analysis);
        assertTrue(md.contains("## Lab health\n\n" + LabHealthSection.noHealth() + "\n\n## Where the time goes"), md);
        assertTrue(md.startsWith("# D-Bus round-trip report\n\n"), md);
        assertTrue(md.indexOf("## Findings") < md.indexOf("## Headline: µs per call"), md);
        assertTrue(md.contains("## Pipelining-depth sweep\n\nNo pipelining-depth sweep in this session.\n"), md);
        assertTrue(md.contains("## Over-limit check\n\nNo over-limit check in this session.\n"), md);
        assertTrue(md.contains("Lost / mismatched / errors over all measured runs: 2 / 0 / 0.\n"), md);
        assertTrue(md.contains("Warm-up runs excluded from all statistics: 3."), md);
        assertFalse(md.contains("(reference)"), md);
        String html = new ReportHtml().render(analysis);
        assertTrue(html.indexOf("<h2>Findings</h2>") < html.indexOf("<h2>Headline: µs per call</h2>"));
    }

    /** The subject's statistics do not depend on the format, nor on the reference rows beside them. */
    @Test
    public void subjectCellsAreTheSameInTheOldAndTheNewFormat(@TempDir Path dir) throws Exception {
        ObjectMapper json = new ObjectMapper();
        JsonNode oldSummary = json.readTree(new SummaryJson().render(
                Analysis.of(ResultsFolderReader.read(oldFormatCopy(dir)), SummaryJsonTest.GENERATED)));
        JsonNode newSummary = SummaryJsonTest.summaryOfFixture();
        // blocks counts the round column's values, which the old format does not have: the one intended difference.
        assertEquals(withoutBlocks(newSummary.get("cells")), withoutBlocks(oldSummary.get("cells")));
        assertEquals(0, oldSummary.get("reference_cells").size());
        assertEquals(0, oldSummary.get("overhead").size());
        assertEquals(0, oldSummary.get("sweep").size());
        assertEquals(0, oldSummary.get("checks").size());
        assertEquals(newSummary.get("missing"), oldSummary.get("missing"));
        String oldHeadline = headline(new ReportMarkdown().render(Analysis.of(ResultsFolderReader.read(dir), SummaryJsonTest.GENERATED)));
        assertEquals(headline(ReportMarkdownTest.reportOfFixture()), oldHeadline);
    }

    private static JsonNode withoutBlocks(JsonNode cells) {
        JsonNode copy = cells.deepCopy();
        copy.forEach(cell -> ((com.fasterxml.jackson.databind.node.ObjectNode) cell).remove("blocks"));
        return copy;
    }

    private static String headline(String report) {
        return report.substring(report.indexOf("## Headline"), report.indexOf("## Warnings"));
    }
}
