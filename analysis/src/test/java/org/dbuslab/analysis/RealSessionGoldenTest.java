package org.dbuslab.analysis;

import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.output.ReportWriter;
import org.dbuslab.analysis.read.ResultsFolderReader;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The analysis of a real session's results folder (golden-session/default: a fresh clone's default session of
 * e980f1b with every matrix cell in one-cpu and cross, 2026-12-02 (docs/EXPERIMENTS.md), its logs,
 * report.html and scenario latency logs dropped) against the summary.json, summary.csv and report.md that session's
 * analysis jar wrote (golden-session/expected), byte for byte but for the Generated line. It pins the behaviour
 * while the analysis is restructured; a change meant to alter the output re-baselines it with
 * {@code mvn -pl analysis test -Dtest=RealSessionGoldenTest -Dgolden.update=true} in a commit that says why.
 */
public class RealSessionGoldenTest {

    private static final Path EXPECTED = Path.of("src/test/resources/golden-session/expected");
    /** The only lines that depend on when the analysis ran. */
    private static final Pattern GENERATED = Pattern.compile("(?m)^(Generated .*|\\s*\"generated_utc\" : .*)$");

    /** One analysis for the three files: the slow part is the bootstraps. */
    private static Analysis analysis;

    @ParameterizedTest
    @ValueSource(strings = {"summary.json", "summary.csv", "report.md"})
    public void theAnalysisOfARealSessionIsUnchanged(String file) throws IOException {
        ReportWriter writer = ReportWriter.all().stream().filter(w -> w.fileName().equals(file)).findFirst().orElseThrow();
        String actual = writer.render(analysis());
        if (Boolean.getBoolean("golden.update")) {
            Files.writeString(EXPECTED.resolve(file), actual, StandardCharsets.UTF_8);
            return;
        }
        String expected = Files.readString(EXPECTED.resolve(file), StandardCharsets.UTF_8);
        assertEquals(withoutGenerated(expected), withoutGenerated(actual), file + " differs from " + EXPECTED.resolve(file));
    }

    /** Each client-library table compares cells of one placement: the cross matrix cells once sat in one-cpu's. */
    @org.junit.jupiter.api.Test
    public void everyClientLibraryTableHoldsCellsOfOnePlacement() {
        var places = analysis().libraries().places();
        org.junit.jupiter.api.Assertions.assertFalse(places.isEmpty(), "the default session has client-library tables");
        for (var place : places) {
            var placements = place.rows().stream().map(r -> r.cell().key().placement()).distinct().toList();
            assertEquals(1, placements.size(), place.transport() + " " + place.mode() + " " + place.payloadBytes()
                + " B: " + placements);
        }
    }

    /**
     * The CPU finding puts the Java pair beside libdbus in one placement, one-cpu (the libdbus pairs'), and the table
     * of Where the time goes says each row's: the cross cell's figures once stood beside one-cpu's libdbus pair.
     */
    @org.junit.jupiter.api.Test
    public void whereTheTimeGoesNamesThePlacementOfEachFigure() {
        ReportWriter md = ReportWriter.all().stream().filter(w -> w.fileName().equals("report.md")).findFirst().orElseThrow();
        String report = md.render(analysis());
        String finding = report.lines().filter(l -> l.startsWith("- CPU per call of a")).findFirst().orElseThrow();
        org.junit.jupiter.api.Assertions.assertTrue(finding.startsWith("- CPU per call of a sync 1000 B call on dbus-daemon one-cpu ("),
            finding);
        org.junit.jupiter.api.Assertions.assertTrue(report.contains("| transport | pair | mode | payload | window | placement | wall µs/call |"),
            "Where the time goes has a placement column");
    }

    private static synchronized Analysis analysis() {
        if (analysis == null) {
            analysis = Analysis.of(ResultsFolderReader.read(session()), Instant.EPOCH);
        }
        return analysis;
    }

    private static String withoutGenerated(String text) {
        return GENERATED.matcher(text).replaceAll("");
    }

    private static Path session() {
        try {
            return Path.of(RealSessionGoldenTest.class.getResource("/golden-session/default").toURI());
        } catch (URISyntaxException e) {
            throw new UncheckedIOException(new IOException(e));
        }
    }
}
