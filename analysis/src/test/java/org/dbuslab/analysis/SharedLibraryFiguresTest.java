package org.dbuslab.analysis;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.model.ClientLibraries;
import org.dbuslab.analysis.model.LkmlExperiment;
import org.dbuslab.analysis.output.ReportHtml;
import org.dbuslab.analysis.output.ReportMarkdown;
import org.dbuslab.analysis.output.SummaryJson;
import org.dbuslab.analysis.output.SummaryJsonTest;
import org.dbuslab.analysis.read.ResultsFolderReader;
import org.dbuslab.analysis.report.Findings;
import org.dbuslab.stats.Interval;
import org.dbuslab.stats.SampleComparison;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * "Client libraries" and "The 2015 experiment" are computed once, in {@link Analysis#of}, and every output reads that one
 * result: an Analysis whose {@link Analysis#libraries} and {@link Analysis#lkml} carry planted ratios no bootstrap of the
 * fixture's cells gives must show those ratios in summary.json, report.md, report.html and the Findings. A reader that
 * computed its own figures from the cells would show the real ones and fail here.
 */
public class SharedLibraryFiguresTest {

    private static final double LIBRARY_RATIO = 9.87;
    private static final Interval LIBRARY_CI = new Interval(9.11, 10.63);
    private static final double LKML_RATIO = 7.65;
    private static final Interval LKML_CI = new Interval(7.01, 8.29);

    private static Analysis planted;

    @BeforeAll
    public static void plant() {
        Analysis real = Analysis.of(ResultsFolderReader.read(Fixtures.libraries()), SummaryJsonTest.GENERATED);
        assertTrue(real.libraries().places().stream().flatMap(p -> p.rows().stream())
                .noneMatch(r -> r.vsLibdbus() != null && r.vsLibdbus().ratioOfMedians() == LIBRARY_RATIO), "planted values are new");
        planted = withLibraryFigures(real, plantedLibraries(real.libraries()), plantedLkml(real.lkml()));
    }

    @Test
    public void summaryJsonReadsTheSharedFigures() throws Exception {
        JsonNode json = new ObjectMapper().readTree(new SummaryJson().render(planted));
        int ratios = 0;
        for (JsonNode place : json.get("client_libraries")) {
            for (JsonNode pair : place.get("pairs")) {
                if (!pair.get("vs_libdbus").isNull()) {
                    assertEquals(LIBRARY_RATIO, pair.get("vs_libdbus").get("ratio").asDouble(), 1e-12, pair.toString());
                    ratios++;
                }
            }
        }
        assertTrue(ratios > 0, "the fixture has pairs compared with libdbus>libdbus");
        JsonNode buses = json.get("lkml").get("bus_ratios");
        assertTrue(buses.size() > 0);
        buses.forEach(b -> assertEquals(LKML_RATIO, b.get("ratio").get("ratio").asDouble(), 1e-12, b.toString()));
    }

    @Test
    public void reportSectionsAndFindingsReadTheSharedFigures() {
        String md = new ReportMarkdown().render(planted);
        String html = new ReportHtml().render(planted);
        String libraryCell = "| 9.87× (9.11–10.63), paired over ";
        assertTrue(md.contains(libraryCell), md);
        assertTrue(html.contains("9.87× (9.11–10.63), paired over "), "report.html's table");
        String libraryFinding = Findings.of(planted).stream().map(i -> i.text()).filter(t -> t.startsWith("Client libraries"))
                .findFirst().orElseThrow();
        assertTrue(libraryFinding.contains("9.87") && libraryFinding.contains("(95% CI 9.11–10.63)"), libraryFinding);
        assertTrue(md.contains(libraryFinding), "report.md's Findings are the same text: " + md);
        String lkmlFinding = Findings.of(planted).stream().map(i -> i.text()).filter(t -> t.startsWith("The 2015 experiment today"))
                .findFirst().orElseThrow();
        assertTrue(lkmlFinding.contains("7.65× (95% CI 7.01–8.29) at 1000 B"), lkmlFinding);
        assertTrue(md.contains("| dbus-daemon ÷ p2p-unix (2015: dbus-daemon ÷ kdbus) | async | 1000 B | 7.65×"), md);
        assertTrue(md.contains("**Verdict (async, 128 calls per run): at 1000 B dbus-daemon takes 7.65×"), md);
    }

    @Test
    public void precisionCountsTheSharedComparisons() {
        List<SampleComparison> libraries = planted.comparisonGroups().get("client libraries × libdbus");
        assertTrue(!libraries.isEmpty() && libraries.stream().allMatch(r -> r.ratioOfMedians() == LIBRARY_RATIO), libraries.toString());
        List<SampleComparison> lkml = planted.comparisonGroups().get("2015 experiment ratios");
        assertEquals(planted.lkml().sizes().size() + planted.lkml().buses().size(), lkml.size());
        assertEquals(planted.lkml().buses().size(), lkml.stream().filter(r -> r.ratioOfMedians() == LKML_RATIO).count());
    }

    /** Where "Client libraries" compares the same two cells as Lab health, it shows Lab health's comparison, not a second one. */
    @Test
    public void clientLibrariesTakeLabHealthsComparisonsOfTheSameCells() {
        Analysis real = Analysis.of(ResultsFolderReader.read(Fixtures.libraries()), SummaryJsonTest.GENERATED);
        int sharedFloor = 0;
        for (ClientLibraries.Place place : real.libraries().places()) {
            for (ClientLibraries.Row row : place.rows()) {
                if (row.vsLibdbus() != null) {
                    java.util.Optional<SampleComparison> health = real.health().comparison(row.cell(), place.libdbus());
                    if (health.isPresent()) {
                        assertSame(health.get(), row.vsLibdbus(), row.key().label());
                    }
                }
                if (row.floor() != null && real.health().comparison(row.cell(), row.floor()).isPresent()) {
                    assertSame(real.health().comparison(row.cell(), row.floor()).get(), row.vsFloor(), row.key().label());
                    sharedFloor++;
                }
            }
        }
        // the fixture's Lab health libdbus pairs are at no place of the client-library matrix: LabHealthTest checks those
        assertTrue(sharedFloor > 0, "the fixture's matrix cells at the client-library places have a floor");
    }

    /** Every comparison with libdbus&gt;libdbus replaced by one with the planted ratio; everything else as computed. */
    private static ClientLibraries plantedLibraries(ClientLibraries real) {
        return new ClientLibraries(real.places().stream().map(p -> new ClientLibraries.Place(p.transport(), p.mode(),
                p.payloadBytes(), p.window(), p.libdbus(), p.rows().stream().map(r -> new ClientLibraries.Row(r.cell(),
                        r.vsLibdbus() == null ? null : planted(r.vsLibdbus(), LIBRARY_RATIO, LIBRARY_CI), r.libdbusBlocks(),
                        r.floor(), r.vsFloor(), r.floorBlocks())).toList())).toList());
    }

    /** Every bus ÷ p2p-unix ratio replaced by the planted one. */
    private static LkmlExperiment plantedLkml(LkmlExperiment real) {
        return new LkmlExperiment(real.rows(), real.sizes(), real.buses().stream().map(b -> new LkmlExperiment.BusRatio(b.mode(),
                b.payloadBytes(), b.bus(), b.busCell(), b.p2p(), planted(b.result(), LKML_RATIO, LKML_CI))).toList());
    }

    /** A significant "higher" comparison with the given ratio, keeping the rest of the computed one. */
    private static SampleComparison planted(SampleComparison real, double ratio, Interval ci) {
        return new SampleComparison(ratio, ci, real.difference(), real.differenceInterval(), real.test(), real.alpha(),
                real.pairedBlocks());
    }

    private static Analysis withLibraryFigures(Analysis a, ClientLibraries libraries, LkmlExperiment lkml) {
        return new Analysis(a.folder(), a.allCells(), a.baselines(), a.comparisons(), a.pipelining(), a.crossing(), a.runOrder(), a.gaps(),
                a.health(), a.sweep(), a.sweepSteps(), a.checks(), libraries, lkml, a.paths(), a.scenarios(), a.bootstrap(), a.alpha(),
                a.equivalenceMarginPct(),
                a.generated());
    }

}
