package org.dbuslab.analysis.output;

import org.dbuslab.analysis.Fixtures;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.read.ResultsFolderReader;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.parser.Parser;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

public class ReportHtmlTest {

    private static final Pattern DECIMAL_COMMA = Pattern.compile(">[^<]*\\d,\\d[^<]*<");
    private final Locale saved = Locale.getDefault();

    @AfterEach
    public void restoreLocale() {
        Locale.setDefault(saved);
    }

    private static String html() {
        return new ReportHtml().render(Analysis.of(ResultsFolderReader.read(Fixtures.session()), SummaryJsonTest.GENERATED));
    }

    @Test
    public void parsesAndHoldsTheExpectedCharts() {
        Document doc = Jsoup.parse(html());
        assertEquals("D-Bus round-trip report", doc.selectFirst("h1").text());
        List<String> titles = doc.select("svg > title").eachText();
        assertEquals(List.of(
                "µs per call, sync", "µs per call, async",
                "Sweep: calls/s by window, async 1000 B",
                "Latency percentiles, sync 1000 B window 1 calls 10000",
                "Latency percentiles, sync 10000 B window 1 calls 10000",
                "Latency percentiles, async 1000 B window 16 calls 10000",
                "Run times, sync 1000 B window 1 calls 10000",
                "Run times, sync 10000 B window 1 calls 10000",
                "Run times, async 1000 B window 16 calls 10000"), titles);
        assertEquals(9, doc.select("svg").size());
        // Each chart really is a chart: it has drawn shapes and its axis labels.
        for (Element svg : doc.select("svg")) {
            assertTrue(svg.select("path, line, rect, ellipse, circle, polyline").size() > 10, svg.id());
        }
        assertTrue(doc.select("svg text").eachText().containsAll(List.of("percentile of calls", "transport", "dbus-broker",
                        "window (calls in flight, log2 scale)", "32")),
                doc.select("svg text").eachText().toString());
    }

    @Test
    public void isSelfContained() {
        Document doc = Jsoup.parse(html());
        assertTrue(doc.select("script, link, img, iframe, object").isEmpty());
        assertTrue(doc.select("[src]").isEmpty());
        assertTrue(doc.select("[href]").stream().noneMatch(e -> e.attr("href").startsWith("http")));
        assertEquals(1, doc.select("style").size());
    }

    @Test
    public void chartsAreValidXml() {
        for (Element svg : Jsoup.parse(html()).select("svg")) {
            String xml = svg.outerHtml();
            Document parsed = Jsoup.parse(xml, "", Parser.xmlParser());
            assertEquals(1, parsed.select("svg").size());
        }
    }

    @Test
    public void leadsWithFindingsAndChartsThenHeadlineAndWarnsLoudly() {
        Document doc = Jsoup.parse(html());
        List<String> headings = doc.select("main > * > h2, main > details > summary > h2").eachText();
        assertEquals(List.of("Findings", "Headline: µs per call", "Warnings", "Lab health"), headings.subList(0, 4));
        // The table of contents names every top-level section and links to it.
        List<String> toc = doc.select("nav.toc a").eachAttr("href");
        assertEquals(doc.select("main > section, main > details").eachAttr("id").stream().map(id -> "#" + id).toList(), toc);
        // Findings link to their sections; a chart comes before the first table.
        Element findings = doc.getElementById("findings");
        assertTrue(findings.select("ul.findings li a[href=#against-dbus-daemon]").size() >= 1);
        assertTrue(findings.select("figure svg").size() >= 2);
        assertTrue(doc.html().indexOf("<figure") < doc.html().indexOf("<table"));
        // Details are collapsed; every chart has an accessible name, description and caption.
        assertTrue(doc.select("details#details-sync:not([open])").size() == 1);
        for (Element svg : doc.select("svg")) {
            assertEquals("img", svg.attr("role"));
            assertTrue(svg.selectFirst("desc").text().contains("axis"), svg.id());
            assertTrue(svg.parent().selectFirst("figcaption") != null, svg.id());
        }
        assertTrue(doc.selectFirst("style").data().contains("prefers-color-scheme: dark"));
        assertTrue(doc.selectFirst("style").data().contains("@media print"));
        assertEquals("lab-box", doc.select("#machine tr:contains(Host) td").get(1).text());
        assertTrue(doc.select("ul.verdicts li").eachText().contains(
                "dbus-broker, sync, 1000 B: 1.32× faster than dbus-daemon (95% CI 1.26–1.37), −30.6 µs/call (−35.0…−24.8), p = 0.008"));
        assertTrue(doc.select("#warnings p.warning").text().startsWith("⚠ 21 warnings: 1 calls went wrong"));
        assertEquals(21, doc.select("table.warnings tbody tr").size());
        assertTrue(doc.select("table.health td").eachText().contains("1.40× (1.37–1.43) ✗ over 1.10× by 27.4 %, CI to 1.43"),
                doc.select("table.health td").eachText().toString());
        assertTrue(doc.select("table.headline td").eachText().contains("95.1 µs (1.32× faster) ⚠"));
    }

    /** Same bytes in every locale and on every run: charts included. */
    @Test
    public void isDeterministicAndLocaleIndependent() {
        Locale.setDefault(Locale.ROOT);
        String root = html();
        assertEquals(root, html());
        Locale.setDefault(Locale.GERMANY);
        String german = html();
        assertEquals(root, german);
        assertFalse(DECIMAL_COMMA.matcher(german).find());
    }
}
