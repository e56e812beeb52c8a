package org.dbuslab.runner.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;

import org.dbuslab.format.Placement;
import org.dbuslab.format.Transport;
import org.dbuslab.runner.options.Preset;
import org.dbuslab.runner.options.SessionConfig;
import org.dbuslab.runner.options.SessionOptions;
import org.junit.jupiter.api.Test;

/** --profile: the profile preset's tiny plan, the pass's cells, and --full's pass. */
class ProfilePlanTest {

    private static SessionConfig parse(String... args) {
        return SessionOptions.parse(PlanFixtures.CLOCK, args).config();
    }

    private static List<String> described(List<Cell> cells) {
        return cells.stream().map(c -> c.pair().label() + " " + c.mode().label() + " " + c.payloadBytes() + " w" + c.window()
            + " " + c.series().label()).toList();
    }

    @Test
    void profileAloneIsATinyPlanOfEachLibraryAgainstItselfOnDbusDaemonAt1000Bytes() {
        SessionConfig c = parse("--profile");
        assertEquals(Preset.PROFILE, c.preset());
        assertTrue(c.others().profile());
        assertEquals(List.of(Transport.DBUS_DAEMON), c.matrix().transports());
        assertEquals(List.of(1000), c.matrix().sizes());
        assertEquals(List.of(), c.others().scenarios());
        assertEquals(List.of(), c.others().paths());
        assertEquals(0, c.others().lkmlRuns());
        assertEquals(List.of(Placement.FREE), c.arrangement().placements());
        assertEquals(3, c.stopping().fixedBlocks());
        SessionPlan plan = SessionPlan.of(c);
        assertTrue(plan.cells().stream().allMatch(cell -> cell.transport() == Transport.DBUS_DAEMON
            || cell.transport() == Transport.RAW_UNIX || cell.transport() == Transport.RAW_TCP), "only dbus-daemon and its floor");
        assertEquals(List.of("dbus-java>dbus-java sync 1000 w1 matrix", "dbus-java>dbus-java async 1000 w128 matrix",
            "dbus-java-stock>dbus-java-stock sync 1000 w1 libraries", "dbus-java-stock>dbus-java-stock async 1000 w128 libraries",
            "glib>glib sync 1000 w1 libraries", "glib>glib async 1000 w128 libraries",
            "sd-bus>sd-bus sync 1000 w1 libraries", "sd-bus>sd-bus async 1000 w128 libraries",
            "libdbus>libdbus sync 1000 w1 reference", "libdbus>libdbus async 1000 w128 reference"),
            described(ProfilePlan.cells(plan.cells())));
        assertEquals(List.of(), ProfilePlan.missing(plan.cells(), c.matrix().modes()));
        assertFalse(plan.cells().stream().anyMatch(cell -> cell.pair() == org.dbuslab.format.Pair.GLIB_JAVA),
            "no cross pairs: each library against itself");
    }

    @Test
    void givenOptionsOverrideTheProfilePresetsDefaults() {
        SessionConfig c = parse("--profile", "--sizes", "1000,10000", "--transports", "dbus-daemon,dbus-broker",
            "--placement", "one-cpu", "--modes", "sync");
        assertEquals(List.of(1000, 10000), c.matrix().sizes());
        assertEquals(List.of(Transport.DBUS_DAEMON, Transport.DBUS_BROKER), c.matrix().transports());
        assertEquals(List.of(Placement.ONE_CPU), c.arrangement().placements());
        List<Cell> cells = ProfilePlan.cells(SessionPlan.of(c).cells());
        assertEquals(5, cells.size(), "dbus-daemon, 1000 B, sync only: " + described(cells));
        assertTrue(cells.stream().allMatch(cell -> cell.transport() == Transport.DBUS_DAEMON && cell.payloadBytes() == 1000));
    }

    @Test
    void withAnotherPresetProfileAddsThePassAndFullAlwaysHasIt() {
        SessionConfig quick = parse("--quick", "--profile");
        assertEquals(Preset.QUICK, quick.preset());
        assertTrue(quick.others().profile());
        assertFalse(parse("--quick").others().profile());
        assertFalse(parse().others().profile());
        assertTrue(parse("--full").others().profile());
        // --quick has no dbus-java-stock pair: the pass names what it cannot profile
        SessionPlan plan = SessionPlan.of(quick);
        assertTrue(ProfilePlan.missing(plan.cells(), quick.matrix().modes()).contains("dbus-java-stock>dbus-java-stock sync"));
    }

    @Test
    void theBlocksLeaveTimeForThePassOnlyWhenThereIsOne() {
        assertEquals(Duration.ZERO, ProfilePlan.reserve(parse("--quick")));
        Duration pass = ProfilePlan.reserve(parse("--profile"));
        // 10 cells: settle + CPU window + overhead each, and the four JVM clients' wall windows
        assertEquals(Duration.ofSeconds(10 * 7 + 4 * 2), pass);
    }

    @Test
    void withoutA1000ByteCellThePassTakesTheSmallestSize() {
        SessionConfig c = parse("--profile", "--sizes", "64,10000");
        List<Cell> cells = ProfilePlan.cells(SessionPlan.of(c).cells());
        assertFalse(cells.isEmpty());
        assertTrue(cells.stream().allMatch(cell -> cell.payloadBytes() == 64));
    }

    @Test
    void scaleAndProfileExcludeEachOther() {
        String message = org.junit.jupiter.api.Assertions.assertThrows(picocli.CommandLine.ParameterException.class,
            () -> parse("--scale", "--profile")).getMessage();
        assertEquals("--scale and --profile exclude each other", message);
    }
}
