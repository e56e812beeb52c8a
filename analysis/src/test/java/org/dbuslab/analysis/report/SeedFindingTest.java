package org.dbuslab.analysis.report;

import org.dbuslab.analysis.Fixtures;
import org.dbuslab.analysis.SyntheticSession;
import org.dbuslab.analysis.doc.Block;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.output.SummaryJsonTest;
import org.dbuslab.analysis.read.ResultsFolderReader;
import org.dbuslab.analysis.scenarios.ScenariosMarkdown;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The finding "what the seed's experiments look like today", from a block session plus a small scenarios folder. */
public class SeedFindingTest {

    private static Analysis withScenarios(Path dir) {
        SyntheticSession.writeBlocks(dir, 3, 12, SyntheticSession.blockCells());
        Fixtures.copy(Fixtures.scenarios(), dir.resolve("scenarios"));
        return Analysis.of(ResultsFolderReader.read(dir), SummaryJsonTest.GENERATED);
    }

    @Test
    public void comesAfterTheClientLibraryFindingsAndLinksToTheScenarios(@TempDir Path dir) {
        List<Block.Item> findings = Findings.of(withScenarios(dir));
        List<String> starts = findings.stream().map(f -> f.text().split(" ")[0]).toList();
        assertEquals(List.of("dbus-broker", "p2p-unix", "Pipelining", "The", "CPU", "The", "100", "Precision:"), starts,
                findings.toString());
        assertEquals(ScenariosSection.ID, findings.get(5).linkSection());
        assertEquals(ScenariosSection.ID, findings.get(6).linkSection());
    }

    @Test
    public void coldStartIsJavaOverBusctlWithTheSectionsCiAndNamesWhatWasNotRun(@TempDir Path dir) throws Exception {
        String cold = SeedFinding.of(withScenarios(dir)).get(0);
        // busctl 4/5/6 ms, java 500/600/700 ms ok and one failed run (left out): 600 / 5 = 120.
        Matcher ratio = Pattern.compile("Java 120\\.0× busctl's wall time \\(95% CI ([0-9.]+–[0-9.]+)\\) \\(3 of 4 runs ok\\)").matcher(cold);
        assertTrue(ratio.find(), cold);
        assertTrue(ScenariosMarkdown.render(dir).contains("| 120.0 (" + ratio.group(1) + ") |"), "the section shows the same CI");
        assertTrue(cold.contains("not run here: ruby-dbus (ruby not installed), zbus (the seed's Rust program needs zbus >= 2)"), cold);
        assertTrue(cold.endsWith("the seed measured ruby 3.1 + ruby-dbus at 3.9× Rust + zbus."), cold);
    }

    @Test
    public void theArchivedAndTheLeanJavaContendersFollowPlainJavaInOneSentence(@TempDir Path dir) throws Exception {
        SyntheticSession.writeBlocks(dir, 3, 12, SyntheticSession.blockCells());
        Path scenarios = Fixtures.copy(Fixtures.scenarios(), dir.resolve("scenarios"));
        // busctl's median is 5 ms: 300, 250, 60 and 45 ms are 60, 50, 12 and 9 times it.
        Files.writeString(scenarios.resolve("cold-start.csv"), """
                dbus-daemon,java25-lean-aot,measure,1,44000000,30000,10000,40000,0,true,x
                dbus-daemon,java25-lean-aot,measure,2,45000000,30000,10000,40000,0,true,x
                dbus-daemon,java25-lean-aot,measure,3,46000000,30000,10000,40000,0,true,x
                dbus-daemon,java-lean,measure,1,59000000,30000,10000,40000,0,true,x
                dbus-daemon,java-lean,measure,2,60000000,30000,10000,40000,0,true,x
                dbus-daemon,java-lean,measure,3,61000000,30000,10000,40000,0,true,x
                dbus-daemon,java25-aot,measure,1,249000000,300000,10000,60000,0,true,x
                dbus-daemon,java25-aot,measure,2,250000000,300000,10000,60000,0,true,x
                dbus-daemon,java25-aot,measure,3,251000000,300000,10000,60000,0,true,x
                dbus-daemon,java-cds,measure,1,299000000,300000,10000,60000,0,true,x
                dbus-daemon,java-cds,measure,2,300000000,300000,10000,60000,0,true,x
                dbus-daemon,java-cds,measure,3,301000000,300000,10000,60000,0,true,x
                """, StandardOpenOption.APPEND);
        String cold = SeedFinding.of(Analysis.of(ResultsFolderReader.read(dir), SummaryJsonTest.GENERATED)).get(0);
        Matcher order = Pattern.compile("per CLI run: Java 120\\.0× busctl's wall time \\(95% CI [0-9.–]+\\) \\(3 of 4 runs ok\\), "
                + "Java with AppCDS 60\\.0× \\(95% CI [0-9.–]+\\), Java 25 with its AOT cache 50\\.0× \\(95% CI [0-9.–]+\\), "
                + "the lean Java client \\(JDK only\\) with AppCDS 12\\.0× \\(95% CI [0-9.–]+\\), "
                + "the lean client on Java 25 with its AOT cache 9\\.0× \\(95% CI [0-9.–]+\\); not run here").matcher(cold);
        assertTrue(order.find(), cold);
    }

    @Test
    public void propertyReadsAreRatiosToTheCacheWithMessageCountsBesideTheSeeds(@TempDir Path dir) {
        String reads = SeedFinding.of(withScenarios(dir)).get(1);
        // reads phase: get 50 ms, introspect-get 100 ms, cached 0.05 ms.
        assertEquals("100 property reads on dbus-daemon (reads phase, medians of the measured runs): a Get per read takes 1000× "
                + "as long as reading the cache and sends 100 messages, Introspect-then-Get 2000× and 200 messages, the cache "
                + "none (4 messages on the whole connection); not run here: ruby-dbus-seed (ruby not installed); the seed "
                + "measured ruby-dbus (Introspect, then Get) at 202× zbus's cache (10.5 s ÷ 0.052 s, whole processes).", reads);
    }

    @Test
    public void aRubyThatRanIsSetBesideJavaAndItsMessagesCounted(@TempDir Path dir) throws Exception {
        SyntheticSession.writeBlocks(dir, 3, 12, SyntheticSession.blockCells());
        Path scenarios = Fixtures.copy(Fixtures.scenarios(), dir.resolve("scenarios"));
        Files.delete(scenarios.resolve("skipped.tsv"));
        Files.writeString(scenarios.resolve("cold-start.csv"), """
                dbus-daemon,ruby-dbus,measure,1,100000000,90000,10000,17000,0,true,x
                dbus-daemon,ruby-dbus,measure,2,110000000,90000,10000,17000,0,true,x
                """, StandardOpenOption.APPEND);
        Files.writeString(scenarios.resolve("property-reads.csv"), """
                dbus-daemon,ruby-dbus-seed,measure,1,100,10,true,,,,170000000,,,,,,,,,,x
                dbus-daemon,ruby-dbus-seed,count,1,100,10,true,,,,170000000,,,,,,,102,104,Get=100 Hello=1 Introspect=1,x
                """, StandardOpenOption.APPEND);
        List<String> seed = SeedFinding.of(Analysis.of(ResultsFolderReader.read(dir), SummaryJsonTest.GENERATED));
        assertTrue(seed.get(0).contains(", the seed's ruby-dbus script 21.0× (95% CI "), seed.get(0));
        assertFalse(seed.get(0).contains("not run"), seed.get(0));
        assertTrue(seed.get(1).contains("the cache none (4 messages on the whole connection), the seed's ruby-dbus script "
                + "102 messages (Get=100 Hello=1 Introspect=1); the seed measured"), seed.get(1));
    }

    @Test
    public void noScenarioDataNoFinding(@TempDir Path dir) {
        SyntheticSession.writeBlocks(dir, 3, 12, SyntheticSession.blockCells());
        assertEquals(List.of(), SeedFinding.of(Analysis.of(ResultsFolderReader.read(dir), SummaryJsonTest.GENERATED)));
    }
}
