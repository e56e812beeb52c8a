package org.dbuslab.analysis.read;

import org.dbuslab.analysis.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

public class ResultsFolderReaderTest {

    @TempDir
    public Path dir;

    @Test
    public void readsTheWholeFixtureFolder() {
        ResultsFolder folder = ResultsFolderReader.read(Fixtures.session());
        assertEquals(112 - 2, folder.runs().size()); // 112 lines minus header minus truncated last line
        assertTrue(folder.environment().recorded());
        assertEquals("6.1.0-21-amd64", folder.environment().text("kernel"));
        assertEquals(2, folder.environment().values().get("cpu_count"));
        assertEquals(new SkippedTransport("p2p-tcp", "dbus-java TCP transport refused the connection: Connection refused"),
                folder.skipped().get(0));
        SkippedTransport pair = folder.skipped().get(1);
        assertEquals("dbus-broker libdbus-java", pair.transport());
        assertEquals("dbus-broker", pair.bus());
        assertEquals("libdbus>dbus-java", pair.pair());
        assertEquals(null, folder.skipped().get(0).pair());
        assertEquals(31, folder.plan().orElseThrow().size());
        assertEquals(List.of("info", "as-expected"), folder.notes().stream().map(Note::outcome).toList());
        assertEquals(new PlannedCell(new CellKey("dbus-daemon", "sync", 1000, 1, 10000), 5, 1), folder.plan().orElseThrow().get(0));
        assertEquals(1, folder.warnings().size());
    }

    @Test
    public void onlyRunsCsvIsRequired() {
        Fixtures.write(dir, "runs.csv", Fixtures.RUNS_HEADER);
        ResultsFolder folder = ResultsFolderReader.read(dir);
        assertFalse(folder.environment().recorded());
        assertEquals("unknown", folder.environment().text("dbus_broker_version"));
        assertEquals(Environment.DOCUMENTED_KEYS, List.copyOf(folder.environment().values().keySet()));
        assertTrue(folder.skipped().isEmpty());
        assertTrue(folder.plan().isEmpty());
        assertTrue(folder.notes().isEmpty());
    }

    @Test
    public void missingFolderOrRunsCsvIsAClearError() {
        assertEquals("results folder not found: " + dir.resolve("nope"),
                assertThrows(ResultsInputException.class, () -> ResultsFolderReader.read(dir.resolve("nope"))).getMessage());
        assertTrue(assertThrows(ResultsInputException.class, () -> ResultsFolderReader.read(dir))
                .getMessage().startsWith("no runs.csv in " + dir));
    }

    @Test
    public void malformedSideFileLinesAreSetAsideNamingFileAndLine() {
        Fixtures.write(dir, "runs.csv", Fixtures.RUNS_HEADER);
        Fixtures.write(dir, "skipped.tsv", "dbus-broker\tnot installed\np2p-tcp no tab here\n");
        ResultsFolder withSkipped = ResultsFolderReader.read(dir);
        assertEquals(1, withSkipped.skipped().size());
        assertTrue(withSkipped.warnings().contains("skipped.tsv: 1 row(s) set aside, 1 kept: line 2 (expected "
                + "transport<TAB>reason, found no tab)"), withSkipped.warnings().toString());

        Fixtures.write(dir, "skipped.tsv", "");
        Fixtures.write(dir, "plan.tsv", "dbus-daemon\tsync\t1000\t1\t10000\tfive\t1\n");
        assertTrue(ResultsFolderReader.read(dir).warnings().contains("plan.tsv: 1 row(s) set aside, 0 kept: line 1 (runs "
                + "is not a whole number: 'five')"));

        // the runner's plan.tsv has an 8th column (the rotation group) since round 2; older ones 7
        Fixtures.write(dir, "plan.tsv", "dbus-daemon\tsync\t1000\t1\t10000\t5\t1\tall\n"
                + "raw-unix\tsync\t1000\t1\t10000\t2\t1\tsync-1000\ndbus-broker\tsync\t1000\t1\t10000\t5\t1\n");
        assertEquals(List.of(5, 2, 5), ResultsFolderReader.read(dir).plan().orElseThrow().stream()
                .map(PlannedCell::runs).toList());

        Fixtures.write(dir, "plan.tsv", "");
        Fixtures.write(dir, "notes.tsv", "over-limit\tas-expected\n");
        assertTrue(ResultsFolderReader.read(dir).warnings().contains("notes.tsv: 1 row(s) set aside, 0 kept: line 1 "
                + "(expected topic<TAB>outcome<TAB>text, found 2 field(s))"));

        Fixtures.write(dir, "notes.tsv", "");
        Fixtures.write(dir, "environment.json", "[1, 2]");
        assertEquals("environment.json: expected a JSON object, found array",
                assertThrows(ResultsInputException.class, () -> ResultsFolderReader.read(dir)).getMessage());
    }
}
