package org.dbuslab.analysis.model;

import org.dbuslab.analysis.Fixtures;
import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.analysis.read.Counts;
import org.dbuslab.analysis.read.ResultsFolderReader;
import org.dbuslab.analysis.read.RunRecord;
import org.dbuslab.format.Phase;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

public class RunOrderTest {

    private static RunRecord run(String transport, int second, Phase phase) {
        return new RunRecord(new CellKey(transport, "sync", 1000, 1, 100), 1, 1000, Counts.ZERO, phase,
                Instant.parse("2025-06-01T10:00:00Z").plusSeconds(second), null);
    }

    @Test
    public void interleavedRunsAreRecognisedFromStartTimesNotRowOrder() {
        // Rows grouped by transport, as a writer might flush them, but started round-robin.
        RunOrder order = RunOrder.of(List.of(
                run("dbus-daemon", 0, Phase.WARMUP), run("dbus-daemon", 2, Phase.MEASURE), run("dbus-daemon", 4, Phase.MEASURE),
                run("dbus-broker", 1, Phase.MEASURE), run("dbus-broker", 3, Phase.MEASURE), run("dbus-broker", 5, Phase.MEASURE)));
        assertTrue(order.fromTimestamps());
        RunOrder.Group group = order.groups().get(0);
        assertEquals(RunOrder.Pattern.INTERLEAVED, group.pattern());
        assertEquals(List.of("dbus-broker", "dbus-daemon", "dbus-broker", "dbus-daemon", "dbus-broker"), group.transports());
        assertEquals(4, group.switches());
        assertEquals(Instant.parse("2025-06-01T10:00:00Z"), order.first());
    }

    @Test
    public void fixtureSessionRanTransportsInBlocks() {
        RunOrder order = RunOrder.of(ResultsFolderReader.read(Fixtures.session()).runs());
        assertEquals(3, order.groups().size());
        assertTrue(order.groups().stream().allMatch(g -> g.pattern() == RunOrder.Pattern.BLOCKED));
        assertEquals(110, order.runs().size()); // reference, sweep and over-limit runs are listed, not grouped
    }

    @Test
    public void withoutStartTimesTheRowOrderIsUsed() {
        RunRecord a = new RunRecord(new CellKey("b", "sync", 1, 1, 1), 1, 1, Counts.ZERO, Phase.MEASURE);
        RunRecord b = new RunRecord(new CellKey("a", "sync", 1, 1, 1), 1, 1, Counts.ZERO, Phase.MEASURE);
        RunOrder order = RunOrder.of(List.of(a, b));
        assertFalse(order.fromTimestamps());
        assertEquals(List.of(a, b), order.runs());
        assertEquals(RunOrder.Pattern.BLOCKED, order.groups().get(0).pattern());
    }
}
