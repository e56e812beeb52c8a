package org.dbuslab.analysis;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.dbuslab.analysis.doc.Block;
import org.dbuslab.analysis.doc.FindingSummary;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.analysis.model.Numbers;
import org.dbuslab.analysis.model.Ranges;
import org.dbuslab.analysis.model.paths.PathPrice;
import org.dbuslab.analysis.model.paths.PolicySweep;
import org.dbuslab.analysis.model.paths.PolicyVerdict;
import org.dbuslab.analysis.model.paths.RealWorldPaths;
import org.dbuslab.analysis.output.ReportHtml;
import org.dbuslab.analysis.output.ReportMarkdown;
import org.dbuslab.analysis.output.SummaryCsv;
import org.dbuslab.analysis.output.SummaryJson;
import org.dbuslab.analysis.output.SummaryJsonTest;
import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.analysis.read.ResultsFolder;
import org.dbuslab.analysis.read.ResultsFolderReader;
import org.dbuslab.analysis.read.RunRecord;
import org.dbuslab.analysis.report.Findings;
import org.dbuslab.analysis.report.RealWorldPathsSection;
import org.dbuslab.format.Route;
import org.dbuslab.stats.BlockBootstrap;
import org.dbuslab.stats.SampleComparison;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Issue 24's "Real-world paths" from a synthetic folder of series paths and policy ({@link PathsSession}). */
public class RealWorldPathsTest {

    @TempDir
    static Path dir;

    private static Analysis analysis;
    private static String md;
    private static JsonNode summary;

    @BeforeAll
    public static void analyse() throws Exception {
        PathsSession.write(dir, 7);
        analysis = Analysis.of(ResultsFolderReader.read(dir), SummaryJsonTest.GENERATED);
        md = new ReportMarkdown().render(analysis);
        summary = new ObjectMapper().readTree(new SummaryJson().render(analysis));
    }

    private static PathPrice price(String transport, String pair, String mode) {
        return analysis.paths().prices().stream().filter(p -> p.key().transport().equals(transport) && p.key().pair().equals(pair)
                && p.key().mode().equals(mode)).findFirst().orElseThrow(() -> new AssertionError(transport + " " + pair + " " + mode));
    }

    private static PolicySweep sweep(String bus) {
        return analysis.paths().policy().stream().filter(s -> s.bus().equals(bus)).findFirst().orElseThrow();
    }

    @Test
    public void cpuPathNsIsReadForPathRowsAndEmptyForDirectOnes() {
        ResultsFolder folder = ResultsFolderReader.read(dir);
        RunRecord proxy = folder.runs().stream().filter(r -> r.key().transport().equals("dbus-daemon-proxy") && r.measured()
                && r.key().pair().equals(CellKey.SUBJECT_PAIR) && r.key().mode().equals("sync")).findFirst().orElseThrow();
        assertEquals(30L * 1000 * PathsSession.CALLS, proxy.cpu().path());
        RunRecord direct = folder.runs().stream().filter(r -> r.key().transport().equals("dbus-daemon")).findFirst().orElseThrow();
        assertNull(direct.cpu().path());
        PathPrice p = price("dbus-daemon-proxy", CellKey.SUBJECT_PAIR, "sync");
        assertEquals(30.0, p.path().cpu().path(), 1e-9);
        assertEquals(0.0, p.direct().cpu().path(), 0); // a direct cell has nothing on its route
        assertEquals(25.0, p.path().cpu().bus(), 1e-9);
    }

    @Test
    public void thePriceIsThePairedRatioOverTheBlocksOfBothCells() {
        PathPrice p = price("dbus-daemon-proxy", CellKey.SUBJECT_PAIR, "sync");
        assertEquals(PathPrice.Status.COMPARED, p.status());
        assertEquals("dbus-daemon", p.direct().key().transport());
        assertEquals(CellKey.PATHS, p.direct().key().series());
        SampleComparison byHand = pairedByHand(p.path(), p.direct());
        assertEquals(byHand.ratioOfMedians(), p.ratio(), 0);
        assertEquals(byHand.ratioInterval(), p.ratioInterval());
        assertEquals(byHand.differenceInterval(), p.priceInterval());
        assertTrue(p.result().paired());
        assertEquals(PathsSession.BLOCKS, p.result().pairedBlocks());
        assertEquals(100.0 / 60, p.ratio(), 0.02 * 100 / 60);
        // the blocks' ±25% drift cancels in the pairs: the unpaired interval of the same runs is far wider
        SampleComparison unpaired = SampleComparison.of(p.path().runUsPerCall(), p.direct().runUsPerCall(), analysis.bootstrap(),
                analysis.alpha());
        assertTrue(p.halfWidthPct() * 5 < unpaired.ratioInterval().halfWidthPercentOf(unpaired.ratioOfMedians()),
                p.halfWidthPct() + " vs " + unpaired.ratioInterval());
        assertTrue(p.withinTarget());
        assertTrue(p.priceUs() > 0);
    }

    @Test
    public void cellsRunInSomeBlocksArePairedOverTheBlocksTheyShare() {
        PathPrice async = price("dbus-daemon-proxy", CellKey.SUBJECT_PAIR, "async");
        assertEquals(PathsSession.BLOCKS, async.direct().blocks());
        assertEquals(PathsSession.BLOCKS / 2, async.path().blocks());
        assertEquals(PathsSession.BLOCKS / 2, async.commonBlocks());
        assertEquals(PathsSession.BLOCKS / 2, async.result().pairedBlocks());
        assertEquals(pairedByHand(async.path(), async.direct()).ratioInterval(), async.ratioInterval());
        assertEquals(128, async.key().window());
        assertEquals(PathsSession.BLOCKS / 2, price("dbus-daemon-proxy", PathsSession.SDBUS, "sync").result().pairedBlocks());
    }

    @Test
    public void spamPathsUseTheFixedCostCorrectedTimePerCall() {
        PathPrice spam = price("dbus-daemon-proxy", CellKey.JAVA_SERVER_PAIR, "sync");
        assertEquals(PathsSession.BLOCKS, spam.path().fixedCost().corrected());
        assertEquals(PathsSession.BLOCKS, spam.direct().fixedCost().corrected());
        // uncorrected, the 3 ms start-up over 1000 calls would add 3 µs to both sides: (85 + 3) / (50 + 3) = 1.66
        assertEquals(85.0 / 50, spam.ratio(), 0.01);
        assertTrue(md.contains("| xdg-dbus-proxy | dbus-daemon | libdbus>dbus-java ‡ | sync |"), md);
    }

    @Test
    public void everyPathCellIsListedInRouteThenBusThenClientOrder() {
        List<String> order = analysis.paths().prices().stream().map(p -> p.key().transport() + " " + p.key().pair() + " " + p.key().mode())
                .toList();
        assertEquals(List.of("dbus-daemon-proxy dbus-java>dbus-java sync", "dbus-daemon-proxy dbus-java>dbus-java async",
                "dbus-daemon-proxy sd-bus>dbus-java sync", "dbus-daemon-proxy libdbus>dbus-java sync",
                "dbus-broker-proxy dbus-java>dbus-java sync", "dbus-daemon-bridge dbus-java>dbus-java sync",
                "dbus-broker-bridge dbus-java>dbus-java sync", "dbus-broker-bridge libdbus>dbus-java sync"), order);
    }

    @Test
    public void aPathWithoutItsDirectCounterpartIsReportedNotDropped() {
        PathPrice orphan = price("dbus-broker-bridge", CellKey.JAVA_SERVER_PAIR, "sync");
        assertEquals(PathPrice.Status.NO_DIRECT, orphan.status());
        assertNull(orphan.result());
        assertFalse(orphan.withinTarget());
        assertTrue(md.contains("| systemd-stdio-bridge | dbus-broker | libdbus>dbus-java ‡ | sync | 1000 B | no direct cell |"), md);
        assertTrue(md.contains("- dbus-broker-bridge libdbus>dbus-java (paths) sync 1000 B window 1 calls 1000 one-cpu: its direct "
                + "counterpart (dbus-broker, libdbus>dbus-java, sync 1000 B window 1, series paths) was not measured, so its price "
                + "is unknown."), md);
        JsonNode node = jsonPrice("dbus-broker-bridge", CellKey.JAVA_SERVER_PAIR, "sync");
        assertEquals("no-direct", node.get("status").asText());
        assertTrue(node.get("ratio").isNull());
        assertTrue(node.get("cpu_us_per_call").get("direct").isNull());
        assertEquals(20.0, node.get("cpu_us_per_call").get("path").get("path").asDouble(), 1e-9);
    }

    @Test
    public void lostCallsOnAPathAreSaidInTheSection() {
        assertTrue(md.contains("- dbus-broker-bridge dbus-java>dbus-java (paths) sync 1000 B window 1 calls 1000 one-cpu: the path "
                + "cell lost 1, mismatched 0 and errored on 0 call(s), warm-ups included"), md);
        assertEquals(1, jsonPrice("dbus-broker-bridge", CellKey.SUBJECT_PAIR, "sync").get("path_lost").asInt());
    }

    @Test
    public void policyVerdictsAreEquivalentForOneBusAndSlowerForTheOther() {
        PolicySweep daemon = sweep("dbus-daemon");
        assertEquals(List.of(0, 100, 1000, 10000), daemon.points().stream().map(p -> p.rules()).toList());
        assertNull(daemon.point(0).orElseThrow().vsNone());
        assertEquals("dbus-daemon", daemon.point(0).orElseThrow().cell().key().transport());
        assertEquals(PolicyVerdict.Kind.EQUIVALENT, daemon.verdict().kind());
        assertEquals(5.0, daemon.verdict().equivalence().marginPct(), 0);
        PolicySweep broker = sweep("dbus-broker");
        assertEquals(PolicyVerdict.Kind.SLOWER, broker.verdict().kind());
        SampleComparison r = broker.verdict().result();
        assertEquals(pairedByHand(broker.point(10000).orElseThrow().cell(), broker.point(0).orElseThrow().cell()).ratioInterval(),
                r.ratioInterval());
        assertEquals(1.5, r.ratioOfMedians(), 0.02);
        assertEquals(30.0, broker.point(10000).orElseThrow().cell().cpu().bus(), 1e-9);
        assertTrue(md.contains("**dbus-broker, sync 1000 B: 10000 extra rules make a call " + Numbers.factor(r.ratioOfMedians())
                + "× slower (95% CI " + Ranges.ratio(r.ratioInterval()) + ", "), md);
        assertTrue(md.contains("**dbus-daemon, sync 1000 B: 10000 extra rules are equivalent within ±5% to none ("), md);
    }

    @Test
    public void oneFindingPerPathKindEachOneLineFolded() {
        List<Block.Item> findings = Findings.of(analysis).stream()
                .filter(f -> f.linkSection() != null && f.linkSection().startsWith(RealWorldPathsSection.ID)).toList();
        assertEquals(3, findings.size(), findings.toString());
        PathPrice daemon = price("dbus-daemon-proxy", CellKey.SUBJECT_PAIR, "sync");
        PathPrice broker = price("dbus-broker-proxy", CellKey.SUBJECT_PAIR, "sync");
        String lead = "xdg-dbus-proxy (Java client, sync 1000 B): " + Numbers.signedMicroseconds(daemon.priceUs())
                + " µs per call on dbus-daemon (" + Numbers.factor(daemon.ratio()) + "×, 95% CI " + Ranges.ratio(daemon.ratioInterval()) + ")";
        String proxy = findings.get(0).text();
        assertEquals(lead + "; " + Numbers.signedMicroseconds(broker.priceUs()) + " µs on dbus-broker (" + Numbers.factor(broker.ratio())
                + "×, 95% CI " + Ranges.ratio(broker.ratioInterval()) + "); over its 5 cells "
                + Numbers.factor(price("dbus-daemon-proxy", CellKey.SUBJECT_PAIR, "async").ratio()) + "×–"
                + Numbers.factor(price("dbus-daemon-proxy", PathsSession.SDBUS, "sync").ratio()) + "×, 5 of 5 within ±5 %.", proxy);
        assertEquals(lead, FindingSummary.of(proxy)); // report.html's one line
        String bridge = findings.get(1).text();
        assertTrue(bridge.startsWith("systemd-stdio-bridge (Java client, sync 1000 B): +"), bridge);
        assertTrue(bridge.endsWith("; 1 cell(s) without a price (see the section)."), bridge);
        String policy = findings.get(2).text();
        SampleComparison broker10000 = sweep("dbus-broker").verdict().result();
        assertEquals("Policy rules (10000 vs none, sync 1000 B): dbus-daemon equivalent within ±5% (90% CI "
                + Ranges.ratio(sweep("dbus-daemon").verdict().equivalence().ratioInterval()) + ") and dbus-broker "
                + Numbers.factor(broker10000.ratioOfMedians()) + "× slower (95% CI " + Ranges.ratio(broker10000.ratioInterval()) + ").",
                policy);
        assertEquals(policy, FindingSummary.of(policy)); // both buses on the one line
        assertEquals(RealWorldPathsSection.PRICES_ID, findings.get(0).linkSection());
        assertEquals(RealWorldPathsSection.POLICY_ID, findings.get(2).linkSection());
    }

    @Test
    public void summaryJsonHasThePathsArrayAndThePolicyObject() {
        JsonNode paths = summary.get("paths");
        assertEquals(8, paths.size());
        PathPrice p = price("dbus-daemon-proxy", CellKey.SUBJECT_PAIR, "sync");
        JsonNode node = jsonPrice("dbus-daemon-proxy", CellKey.SUBJECT_PAIR, "sync");
        assertEquals("dbus-daemon", node.get("destination").asText());
        assertEquals("proxy", node.get("route").asText());
        assertEquals("xdg-dbus-proxy", node.get("program").asText());
        assertEquals("one-cpu", node.get("placement").asText());
        assertEquals(1000, node.get("payload_bytes").asInt());
        assertEquals(1, node.get("window").asInt());
        assertEquals(p.direct().usPerCallMedian(), node.get("direct_us_per_call").asDouble(), 0);
        assertEquals(p.path().usPerCallMedian(), node.get("path_us_per_call").asDouble(), 0);
        assertEquals(p.ratio(), node.get("ratio").asDouble(), 0);
        assertEquals(p.ratioInterval().low(), node.get("ratio_ci95_low").asDouble(), 0);
        assertEquals(p.ratioInterval().high(), node.get("ratio_ci95_high").asDouble(), 0);
        assertEquals(p.priceUs(), node.get("price_us").asDouble(), 0);
        assertEquals(PathsSession.BLOCKS, node.get("blocks").asInt());
        assertTrue(node.get("paired").asBoolean());
        assertTrue(node.get("within_5pct").asBoolean());
        JsonNode cpu = node.get("cpu_us_per_call");
        assertEquals(Set.of("client", "path", "bus", "server", "runs"), fields(cpu.get("path")));
        assertEquals(30.0, cpu.get("path").get("path").asDouble(), 1e-9);
        assertEquals(0.0, cpu.get("direct").get("path").asDouble(), 0);
        assertEquals(20.0, cpu.get("direct").get("client").asDouble(), 1e-9);

        JsonNode policy = summary.get("policy");
        assertEquals(Set.of("dbus-daemon", "dbus-broker"), fields(policy));
        JsonNode broker = policy.get("dbus-broker").get(0);
        assertEquals("slower", broker.get("verdict").asText());
        assertEquals("equivalent", policy.get("dbus-daemon").get(0).get("verdict").asText());
        List<Integer> rules = new ArrayList<>();
        broker.get("points").forEach(point -> rules.add(point.get("rules").asInt()));
        assertEquals(List.of(0, 100, 1000, 10000), rules);
        JsonNode top = broker.get("points").get(3);
        assertEquals(30.0, top.get("bus_cpu_us_per_call").asDouble(), 1e-9);
        assertEquals(sweep("dbus-broker").verdict().result().ratioOfMedians(), broker.get("ratio_10000_vs_0").get("ratio").asDouble(), 0);
        assertTrue(broker.get("ratio_10000_vs_0").has("ratio_ci95_low"));
        assertTrue(policy.get("dbus-daemon").get(0).get("equivalence").get("equivalent").asBoolean());

        JsonNode cells = summary.get("path_cells");
        assertEquals(analysis.pathCells().size(), cells.size());
        cells.forEach(c -> assertTrue(c.get("cpu_us_per_call").has("path"), c.toString()));
    }

    @Test
    public void summaryCsvListsThePathCellsWithTheirPathCpu() {
        String[] lines = new SummaryCsv().render(analysis).split("\n");
        List<String> header = Arrays.asList(lines[0].split(","));
        assertEquals("cpu_path_us_per_call", header.get(header.size() - 1));
        String proxy = Arrays.stream(lines).filter(l -> l.startsWith("dbus-daemon-proxy,sync,1000,1,") && l.contains(",dbus-java>dbus-java,"))
                .findFirst().orElseThrow();
        assertTrue(proxy.endsWith(",one-cpu,30"), proxy);
        assertEquals(1 + analysis.allCells().size(), lines.length);
    }

    @Test
    public void theSectionSaysWhatEachPathIsWhereItRanAndDrawsItsCharts() {
        String section = md.substring(md.indexOf("## Real-world paths"), md.indexOf("## Precision"));
        assertTrue(section.contains("xdg-dbus-proxy runs in --filter mode with --talk"), section);
        assertTrue(section.contains("systemd-stdio-bridge is the byte pipe busctl --host and --machine use"), section);
        assertTrue(section.contains("These series ran in one-cpu."), section);
        assertTrue(section.contains("*Charts in report.html: Price of xdg-dbus-proxy, sync; Price of xdg-dbus-proxy, async; "
                + "Price of systemd-stdio-bridge, sync.*"), section);
        assertTrue(section.contains("*Chart in report.html: Policy rules, sync 1000 B.*"), section);
        String html = new ReportHtml().render(analysis);
        assertTrue(html.contains("id=\"paths-xdg-dbus-proxy-sync-title\""), "the price chart's SVG");
        assertTrue(html.contains("id=\"policy-sync-1000-b-title\""), "the policy chart's SVG");
    }

    @Test
    public void withoutThe10000RuleCellThereIsNoVerdictButNothingIsDropped(@TempDir Path other) {
        List<PathsSession.Cell> cells = PathsSession.cells().stream().filter(c -> !c.transport().endsWith("-rules10000")
                && !c.transport().equals("dbus-broker")).toList();
        Analysis a = Analysis.of(ResultsFolderReader.read(PathsSession.write(other, 7, cells)), SummaryJsonTest.GENERATED);
        PolicySweep daemon = a.paths().policy().stream().filter(s -> s.bus().equals("dbus-daemon")).findFirst().orElseThrow();
        assertEquals(PolicyVerdict.Kind.NOT_MEASURED, daemon.verdict().kind());
        PolicySweep broker = a.paths().policy().stream().filter(s -> s.bus().equals("dbus-broker")).findFirst().orElseThrow();
        assertEquals(List.of(100, 1000), broker.points().stream().map(p -> p.rules()).toList());
        assertTrue(broker.points().stream().allMatch(p -> p.vsNone() == null)); // no plain dbus-broker to compare with
        String text = new ReportMarkdown().render(a);
        assertTrue(text.contains("**dbus-daemon, sync 1000 B: no verdict, the 10000-rule cell or the plain bus was not measured.**"), text);
        assertTrue(text.contains("| no plain-bus cell to compare with |"), text);
        assertTrue(text.contains("- dbus-daemon, sync 1000 B, dbus-java>dbus-java: no cell with 10000 extra rules was measured."), text);
        assertTrue(text.contains("- dbus-broker, sync 1000 B, dbus-java>dbus-java: no cell with 0 extra rules was measured (the plain "
                + "bus of series policy), so no ratio to none."), text);
        // and the paths on dbus-broker lost their counterparts
        assertEquals(PathPrice.Status.NO_DIRECT, a.paths().prices().stream().filter(p -> p.key().transport().equals("dbus-broker-proxy"))
                .findFirst().orElseThrow().status());
        assertTrue(Findings.of(a).stream().noneMatch(f -> f.text().startsWith("Policy rules")));
    }

    @Test
    public void plannedPathCellsThatNeverRanAreSaidInTheSection(@TempDir Path other) {
        PathsSession.write(other, 7);
        Fixtures.write(other, "plan.tsv", "dbus-daemon-bridge\tasync\t1000\t128\t1000\t12\t1\tall\n"
                + "dbus-broker-rules100\tasync\t1000\t128\t1000\t12\t1\tall\n"
                + "dbus-daemon-proxy\tsync\t1000\t1\t1000\t12\t1\tall\n");
        String text = new ReportMarkdown().render(Analysis.of(ResultsFolderReader.read(other), SummaryJsonTest.GENERATED));
        String prices = text.substring(text.indexOf("### Through"), text.indexOf("### Policy rules"));
        assertTrue(prices.contains("- dbus-daemon-bridge async 1000 B window 128 calls 1000: missing: no data."), prices);
        assertFalse(prices.contains("dbus-daemon-proxy sync 1000 B window 1 calls 1000: missing"), prices); // it ran
        String policy = text.substring(text.indexOf("### Policy rules"), text.indexOf("## Precision"));
        assertTrue(policy.contains("- dbus-broker-rules100 async 1000 B window 128 calls 1000: missing: no data."), policy);
        assertFalse(policy.contains("dbus-daemon-bridge"), policy);
    }

    @Test
    public void aFolderWithoutTheSeriesHasNoneOfItsKeysOrSection() throws Exception {
        Analysis plain = Analysis.of(ResultsFolderReader.read(Fixtures.session()), SummaryJsonTest.GENERATED);
        assertTrue(plain.paths().isEmpty());
        assertFalse(new ReportMarkdown().render(plain).contains(RealWorldPathsSection.TITLE));
        JsonNode json = new ObjectMapper().readTree(new SummaryJson().render(plain));
        assertFalse(json.has("paths") || json.has("policy") || json.has("path_cells"));
        assertFalse(new SummaryCsv().render(plain).contains("cpu_path"));
    }

    @Test
    public void skippedPathsAloneStillGetTheSection(@TempDir Path other) {
        Fixtures.copyOfSession(other);
        Fixtures.write(other, "skipped.tsv", "dbus-daemon-proxy\txdg-dbus-proxy not installed\n");
        Analysis a = Analysis.of(ResultsFolderReader.read(other), SummaryJsonTest.GENERATED);
        assertEquals(1, RealWorldPaths.skipped(a.folder().skipped()).size());
        String text = new ReportMarkdown().render(a);
        assertTrue(text.contains("- dbus-daemon-proxy: not run — xdg-dbus-proxy not installed"), text);
        assertTrue(text.contains("This session measured no path cells (series paths)."), text);
    }

    /** The comparison {@link org.dbuslab.analysis.model.RunBlocks#compare} should make: runs by block, common blocks only. */
    private static SampleComparison pairedByHand(CellSummary a, CellSummary b) {
        TreeMap<Integer, Double> left = byBlock(a);
        TreeMap<Integer, Double> right = byBlock(b);
        TreeSet<Integer> common = new TreeSet<>(left.keySet());
        common.retainAll(right.keySet());
        List<double[]> x = new ArrayList<>();
        List<double[]> y = new ArrayList<>();
        common.forEach(block -> {
            x.add(new double[] {left.get(block)});
            y.add(new double[] {right.get(block)});
        });
        return SampleComparison.paired(x, y, BlockBootstrap.like(analysis.bootstrap()), analysis.alpha());
    }

    private static TreeMap<Integer, Double> byBlock(CellSummary cell) {
        TreeMap<Integer, Double> values = new TreeMap<>();
        for (int i = 0; i < cell.runUsPerCall().length; i++) {
            values.put(cell.runBlocks()[i], cell.runUsPerCall()[i]);
        }
        return values;
    }

    private static JsonNode jsonPrice(String transport, String pair, String mode) {
        for (JsonNode node : summary.get("paths")) {
            if (node.get("transport").asText().equals(transport) && node.get("pair").asText().equals(pair)
                    && node.get("mode").asText().equals(mode)) {
                return node;
            }
        }
        throw new AssertionError(transport + " " + pair + " " + mode);
    }

    private static Set<String> fields(JsonNode node) {
        Set<String> names = new TreeSet<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
