package org.dbuslab.analysis;

import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.output.ReportHtml;
import org.dbuslab.analysis.output.SummaryJsonTest;
import org.dbuslab.analysis.read.ResultsFolderReader;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * report.html in real headless Chromium at 1280×800, of a real session (golden-session/default, the golden test's
 * fixture) and of a synthetic block session: Findings, each one line, and the first chart on the first screen, nothing
 * wider than the window, and screenshots in target/report-1280x800*.png. The layout is
 * measured by a script appended to a copy of the report (the report itself has none) whose results Chromium's
 * --dump-dom prints. Without Chromium the test is skipped, under CI=true it fails.
 */
public class ReportBrowserIT {

    private static final List<Path> CHROMIUM = List.of(Path.of("/usr/bin/chromium"), Path.of("/usr/bin/chromium-browser"));
    private static final String PROBE = """
            <script>
            addEventListener('load', () => {
              const w = document.documentElement.clientWidth, out = [];
              const box = id => document.getElementById(id).getBoundingClientRect();
              out.push('scrollWidth=' + document.documentElement.scrollWidth, 'clientWidth=' + w);
              out.push('findingsTop=' + box('findings').top, 'findingsHeadBottom=' + document.querySelector('#findings h2').getBoundingClientRect().bottom);
              out.push('chartTop=' + document.querySelector('figure').getBoundingClientRect().top);
              // Each finding's closed summary: one line high.
              document.querySelectorAll('ul.findings summary').forEach(s => out.push('findingHeight=' + s.getBoundingClientRect().height
                + ' lineHeight=' + parseFloat(getComputedStyle(s).lineHeight)));
              // Collapsed sections too: a reader opens them at the same width.
              document.querySelectorAll('details').forEach(d => d.open = true);
              // Inside a chart only the svg itself counts: it clips what its drawing puts beyond its edge.
              for (const e of document.querySelectorAll('body *:not(svg *)')) {
                const r = e.getBoundingClientRect();
                if (r.width > 0 && (r.right > w + 0.5 || r.width > w)) out.push('wide=' + e.tagName + '#' + e.id + '.' + e.getAttribute('class') + ':' + r.right);
              }
              const pre = document.createElement('pre'); pre.id = 'probe'; pre.textContent = out.join('\\n');
              document.body.appendChild(pre);
            });
            </script>
            """;

    @Test
    public void findingsAndFirstChartOnTheFirstScreenNothingScrollsSideways(@TempDir Path dir) throws Exception {
        Path session = Files.createDirectories(dir.resolve("session"));
        SyntheticSession.writeBlocks(session, 3, 12, SyntheticSession.blockCells());
        firstScreen(dir, ResultsFolderReader.read(session), "report-1280x800.png");
    }

    /** The real session's report has 11 findings: each is one line, so the first chart still shows. */
    @Test
    public void aRealSessionsFindingsAndFirstChartOnTheFirstScreen(@TempDir Path dir) throws Exception {
        firstScreen(dir, ResultsFolderReader.read(Path.of(ReportBrowserIT.class.getResource("/golden-session/default").toURI())),
                "report-1280x800-golden-session.png");
    }

    private static void firstScreen(Path dir, org.dbuslab.analysis.read.ResultsFolder folder, String screenshotName) throws Exception {
        Path chromium = chromium();
        String html = new ReportHtml().render(Analysis.of(folder, SummaryJsonTest.GENERATED));
        Path report = dir.resolve("report.html");
        Files.writeString(report, html, StandardCharsets.UTF_8);

        Path screenshot = Path.of("target", screenshotName).toAbsolutePath();
        Files.createDirectories(screenshot.getParent());
        run(chromium, dir, "--screenshot=" + screenshot, report.toUri().toString());
        assertTrue(Files.size(screenshot) > 10_000, "screenshot " + screenshot);

        String probe = probe(chromium, dir, html);
        assertTrue(value(probe, "findingsHeadBottom") < 800, "Findings below the first screen: " + probe);
        assertTrue(value(probe, "chartTop") < 800, "first chart below the first screen: " + probe);
        List<String> findings = probe.lines().filter(l -> l.startsWith("findingHeight=")).toList();
        assertTrue(!findings.isEmpty(), probe);
        for (String line : findings) {
            String[] parts = line.split(" ");
            double height = Double.parseDouble(parts[0].substring("findingHeight=".length()));
            double lineHeight = Double.parseDouble(parts[1].substring("lineHeight=".length()));
            assertTrue(height < 1.5 * lineHeight, "a finding takes more than one line: " + line);
        }
    }

    /** The client-library tables (ten columns) and the 2015 table (nine) wrap within the window too. */
    @Test
    public void libraryAndLkmlTablesFitTheWindow(@TempDir Path dir) throws Exception {
        Path chromium = chromium();
        probe(chromium, dir, new ReportHtml().render(Analysis.of(ResultsFolderReader.read(Fixtures.libraries()),
                SummaryJsonTest.GENERATED)));
    }

    private static Path chromium() {
        Path chromium = CHROMIUM.stream().filter(Files::isExecutable).findFirst().orElse(null);
        if (chromium == null) {
            if ("true".equals(System.getenv("CI"))) {
                fail("Chromium is not installed (apt-get install -y chromium): the browser test must run in CI");
            }
            Assumptions.abort("Chromium is not installed (apt-get install -y chromium): browser test skipped");
        }
        return chromium;
    }

    /** Lays out a copy of the report with the probe; asserts that nothing is wider than the window; the probe's lines. */
    private static String probe(Path chromium, Path dir, String html) throws Exception {
        Path probed = dir.resolve("probed.html");
        Files.writeString(probed, html.replace("</body>", PROBE + "</body>"), StandardCharsets.UTF_8);
        Document dom = Jsoup.parse(run(chromium, dir, "--dump-dom", probed.toUri().toString()));
        String probe = dom.getElementById("probe") == null ? "" : dom.getElementById("probe").text();
        List<String> wide = probe.lines().filter(l -> l.startsWith("wide=")).toList();
        assertEquals(List.of(), wide, "elements wider than the 1280 px window");
        assertTrue(value(probe, "scrollWidth") <= value(probe, "clientWidth"), probe);
        return probe;
    }

    private static double value(String probe, String key) {
        return probe.lines().filter(l -> l.startsWith(key + "=")).map(l -> Double.parseDouble(l.substring(key.length() + 1)))
                .findFirst().orElseThrow(() -> new AssertionError("no " + key + " in " + probe));
    }

    /** One headless Chromium run in a fresh profile; its stdout. */
    private static String run(Path chromium, Path dir, String... args) throws Exception {
        Path profile = Files.createTempDirectory(dir, "chromium-profile");
        List<String> command = new ArrayList<>(List.of(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--hide-scrollbars", "--window-size=1280,800", "--user-data-dir=" + profile));
        command.addAll(List.of(args));
        Path out = dir.resolve("chromium.out");
        Process process = new ProcessBuilder(command).redirectOutput(out.toFile())
                .redirectError(dir.resolve("chromium.err").toFile()).start();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
            fail("Chromium did not finish within 120 s: " + command);
        }
        assertEquals(0, process.exitValue(), "chromium " + command + ": " + Files.readString(dir.resolve("chromium.err")));
        return Files.readString(out, StandardCharsets.UTF_8);
    }
}
