package org.dbuslab.runner.session;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.dbuslab.format.ControlProtocol;
import org.dbuslab.format.Pair;
import org.dbuslab.format.Phase;
import org.dbuslab.format.Transport;
import org.dbuslab.runner.plan.Cell;
import org.dbuslab.runner.plan.CellKind;
import org.dbuslab.runner.plan.PlanFixtures;
import org.dbuslab.runner.plan.SessionPlan;
import org.dbuslab.runner.record.ResultsFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The session's pure parts: what a cell needs, the exit code, the over-limit verdict, the log, environment fields. */
class SessionUnitsTest {

    @TempDir
    Path dir;

    private static Cell cell(SessionPlan plan, CellKind kind, Transport t) {
        return plan.cells().stream().filter(c -> c.kind() == kind && c.transport() == t).findFirst().orElseThrow();
    }

    @Test
    void aServersAllocationIsTheDifferenceOfTwoProbeReadingsOrNothing() {
        assertEquals(4096L, CellRunner.allocatedSince(OptionalLong.of(1000), OptionalLong.of(5096)));
        assertEquals(0L, CellRunner.allocatedSince(OptionalLong.of(1000), OptionalLong.of(1000)));
        assertEquals(null, CellRunner.allocatedSince(OptionalLong.empty(), OptionalLong.of(5096)), "no probe before");
        assertEquals(null, CellRunner.allocatedSince(OptionalLong.of(1000), OptionalLong.empty()), "no answer after");
        assertEquals(null, CellRunner.allocatedSince(OptionalLong.of(5096), OptionalLong.of(1000)), "a restarted server");
    }

    @Test
    void theDefaultSessionRunsFewerColdStartsThanTheScenariosOwnDefaultOtherPresetsTheirs() {
        assertEquals(List.of("--cold-runs", "10"), Finish.scenariosPreset(PlanFixtures.config()));
        assertEquals(List.of("--quick"), Finish.scenariosPreset(PlanFixtures.config("--quick")));
        assertEquals(List.of("--full"), Finish.scenariosPreset(PlanFixtures.config("--full")));
    }

    @Test
    void theScenariosRunOnTheSessionsBusesOrOnBothWithoutOne() {
        assertEquals(List.of("dbus-daemon", "dbus-broker"), Finish.scenarioBuses(PlanFixtures.config()));
        assertEquals(List.of("dbus-broker"), Finish.scenarioBuses(PlanFixtures.config("--transports", "dbus-broker,p2p-unix")));
        assertEquals(List.of("dbus-daemon"), Finish.scenarioBuses(PlanFixtures.config("--transports", "dbus-daemon-tcp")));
        assertEquals(List.of("dbus-daemon", "dbus-broker"), Finish.scenarioBuses(PlanFixtures.config("--transports", "p2p-tcp")));
    }

    @Test
    void eachKindOfCellNeedsItsServices() {
        SessionPlan plan = PlanFixtures.plan();
        assertEquals(List.of("bus:dbus-daemon", "srv:dbus-daemon"),
            SessionServices.needs(cell(plan, CellKind.JAVA, Transport.DBUS_DAEMON)));
        assertEquals(List.of("srv:p2p-unix"), SessionServices.needs(cell(plan, CellKind.JAVA, Transport.P2P_UNIX)));
        assertEquals(List.of("bus:dbus-broker", "echo:dbus-broker", "prog:libdbus-spam"),
            SessionServices.needs(cell(plan, CellKind.SPAM_LIBDBUS, Transport.DBUS_BROKER)));
        assertEquals(List.of("bus:dbus-broker", "echo:dbus-broker"),
            SessionServices.needs(cell(plan, CellKind.JAVA_LIBDBUS, Transport.DBUS_BROKER)));
        assertEquals(List.of("bus:dbus-daemon", "srv:dbus-daemon", "prog:libdbus-spam"),
            SessionServices.needs(cell(plan, CellKind.SPAM_JAVA, Transport.DBUS_DAEMON)));
        assertEquals(List.of("raw:raw-tcp"), SessionServices.needs(cell(plan, CellKind.RAW, Transport.RAW_TCP)));
        assertEquals(List.of("bus:dbus-daemon-limit8", "srv:dbus-daemon-limit8"),
            SessionServices.needs(cell(plan, CellKind.OVERLIMIT, Transport.DBUS_DAEMON_LIMIT8)));
    }

    @Test
    void aPathCellNeedsItsDestinationsBusAndServerAndItsRoute() {
        SessionPlan plan = PlanFixtures.plan();
        assertEquals(List.of("bus:dbus-broker", "route:dbus-broker-proxy", "srv:dbus-broker"),
            SessionServices.needs(cell(plan, CellKind.JAVA, Transport.DBUS_BROKER_PROXY)));
        assertEquals(List.of("bus:dbus-daemon", "route:dbus-daemon-bridge", "srv:dbus-daemon", "prog:sd-bus"),
            SessionServices.needs(cell(plan, CellKind.SDBUS, Transport.DBUS_DAEMON_BRIDGE)));
        assertEquals(List.of("bus:dbus-daemon-rules1000", "sdbus:dbus-daemon-rules1000", "prog:sd-bus"),
            SessionServices.needs(cell(plan, CellKind.SDBUS, Transport.DBUS_DAEMON_RULES1000)),
            "a policy bus is a bus of its own, with its own server");
    }

    @Test
    void libraryCellsNeedTheirPairsServerAndClientProgram() {
        SessionPlan plan = PlanFixtures.plan("--full");
        assertEquals(List.of("bus:dbus-daemon", "srv:dbus-daemon", "prog:glib"),
            SessionServices.needs(pair(plan, Pair.GLIB_JAVA, Transport.DBUS_DAEMON)));
        assertEquals(List.of("bus:dbus-broker", "glib:dbus-broker", "prog:sd-bus"),
            SessionServices.needs(pair(plan, Pair.SDBUS_GLIB, Transport.DBUS_BROKER)));
        assertEquals(List.of("sdbus:p2p-unix", "prog:sd-bus"), SessionServices.needs(pair(plan, Pair.SDBUS_SDBUS,
            Transport.P2P_UNIX)));
        assertEquals(List.of("bus:dbus-daemon", "stock:dbus-daemon", "prog:dbus-java-stock"),
            SessionServices.needs(pair(plan, Pair.STOCK_STOCK, Transport.DBUS_DAEMON)));
        assertEquals(List.of("bus:dbus-daemon", "glib:dbus-daemon"), SessionServices.needs(pair(plan, Pair.JAVA_GLIB,
            Transport.DBUS_DAEMON)), "the lab's Java client needs only its jar");
        assertEquals(List.of("bus:dbus-daemon", "glib:dbus-daemon", "prog:libdbus-spam"),
            SessionServices.needs(pair(plan, Pair.LIBDBUS_GLIB, Transport.DBUS_DAEMON)));
    }

    private static Cell pair(SessionPlan plan, Pair pair, Transport t) {
        return plan.cells().stream().filter(c -> c.pair() == pair && c.transport() == t).findFirst().orElseThrow();
    }

    @Test
    void aCleanMeasuredRunThatCompiledForOverATenthIsMadeAgainAndNothingElseIs() {
        SessionPlan plan = PlanFixtures.plan();
        Cell matrix = cell(plan, CellKind.JAVA, Transport.DBUS_DAEMON);
        Cell overlimit = cell(plan, CellKind.OVERLIMIT, Transport.DBUS_DAEMON_LIMIT8);
        Instant t = Instant.parse("2026-12-01T14:00:00Z");
        ControlProtocol.Done busy = new ControlProtocol.Done("t", 50_000_000L, 200, 0, 0, 0, 6, t, null);
        ControlProtocol.Done quiet = new ControlProtocol.Done("t", 50_000_000L, 200, 0, 0, 0, 5, t, null);
        ControlProtocol.Done unknown = new ControlProtocol.Done("t", 50_000_000L, 200, 0, 0, 0, -1, t, null);
        assertTrue(CellRunner.toRedo(matrix, Phase.MEASURE, true, true, busy));
        assertFalse(CellRunner.toRedo(matrix, Phase.MEASURE, true, true, quiet), "a tenth is not more than a tenth");
        assertFalse(CellRunner.toRedo(matrix, Phase.MEASURE, true, true, unknown));
        assertFalse(CellRunner.toRedo(matrix, Phase.MEASURE, false, true, busy), "the run made again is kept");
        assertFalse(CellRunner.toRedo(matrix, Phase.WARMUP, true, true, busy));
        assertFalse(CellRunner.toRedo(matrix, Phase.MEASURE, true, false, busy), "a failed run stays measured");
        assertFalse(CellRunner.toRedo(overlimit, Phase.MEASURE, true, true, busy));
    }

    @Test
    void exitCodeFollowsRunAllShRules() {
        Tally nothing = new Tally();
        assertEquals(1, nothing.exitCode(), "no cell ran");
        Tally clean = new Tally();
        clean.ran("a");
        clean.skippedStartup("b");
        clean.skippedHook("c");
        assertEquals(0, clean.exitCode(), "skips do not fail a session");
        Tally lost = new Tally();
        lost.ran("a");
        lost.lost("a block 2");
        assertEquals(1, lost.exitCode());
        Tally error = new Tally();
        error.ran("a");
        assertTrue(error.error("b"));
        assertTrue(!error.error("b"), "counted once per cell");
        assertEquals(1, error.exitCode());
        Tally check = new Tally();
        check.ran("a");
        check.check(false, "over-limit check: NOT as expected");
        assertEquals(1, check.exitCode());
        Tally report = new Tally();
        report.ran("a");
        report.reportFailed();
        assertEquals(1, report.exitCode());
        assertTrue(error.summary(3).get(0).startsWith("cells: 3 planned, 1 ran"), error.summary(3).toString());
    }

    @Test
    void overLimitCheckWantsLimitsExceededErrorsAndNothingLost() throws Exception {
        SessionPlan plan = PlanFixtures.plan();
        Cell overlimit = cell(plan, CellKind.OVERLIMIT, Transport.DBUS_DAEMON_LIMIT8);
        ResultsFolder folder = ResultsFolder.create(dir.resolve("out"));
        SessionLog log = new SessionLog(new PrintStream(new ByteArrayOutputStream()), PlanFixtures.CLOCK);
        Instant t = Instant.parse("2026-12-01T14:00:00Z");

        Tally ok = new Tally();
        OverLimitCheck.judge(overlimit, new CellRunner.Result(Double.NaN, false, new ControlProtocol.Done("t", 5, 256,
            0, 0, 169, 3, t, "call 20: error (org.freedesktop.DBus.Error.LimitsExceeded)"), false), folder, ok, log);
        assertEquals(0, ok.exitCode());

        Tally lostSome = new Tally();
        OverLimitCheck.judge(overlimit, new CellRunner.Result(Double.NaN, false, new ControlProtocol.Done("t", 5, 256,
            4, 0, 169, 3, t, "call 20: error (org.freedesktop.DBus.Error.LimitsExceeded)"), false), folder, lostSome, log);
        assertEquals(1, lostSome.exitCode());

        Tally hung = new Tally();
        OverLimitCheck.judge(overlimit, CellRunner.Result.NONE, folder, hung, log);
        assertEquals(1, hung.exitCode());

        List<String> notes = Files.readAllLines(folder.dir().resolve("notes.tsv"));
        assertTrue(notes.stream().anyMatch(l -> l.startsWith("over-limit\tas-expected\tLimitsExceeded as expected")), notes.toString());
        assertEquals(2, notes.stream().filter(l -> l.startsWith("over-limit\tunexpected\t")).count(), notes.toString());
    }

    @Test
    void sessionLogWritesStderrAndATimedCopy() throws Exception {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        SessionLog log = new SessionLog(new PrintStream(err, true), PlanFixtures.CLOCK);
        log.say("before the folder");
        Path file = dir.resolve("session.log");
        log.to(file);
        log.say("== starting");
        log.error("run-all.sh", "boom");
        assertEquals("before the folder\n== starting\nrun-all.sh: error: boom\n", err.toString());
        assertEquals(List.of("14:00:00 == starting", "error: boom"), Files.readAllLines(file));
    }

    @Test
    void environmentGetsTheSessionsChoices() {
        ObjectNode facts = new ObjectMapper().createObjectNode();
        EnvironmentFile.addSession(facts, PlanFixtures.config("--placement", "split", "--order-seed", "42",
            "--precision", "2.5", "--budget", "7m"), new org.dbuslab.runner.exec.CpuPlacement(java.util.List.of(0, 1)));
        assertEquals("split", facts.get("placement").asText());
        assertTrue(facts.get("placement_cpus").asText().contains("client on CPU 0"));
        assertEquals(42, facts.get("order_seed").asLong());
        assertEquals(2.5, facts.get("precision_pct").asDouble());
        assertEquals(420, facts.get("budget_s").asLong());
        assertEquals("clustered", facts.get("order").asText());
        assertEquals("on", facts.get("rotation").asText());
        assertEquals(50, facts.get("run_ms").asLong(), "the default preset's --run-ms, which the analysis judges runs by");
        ObjectNode fixed = new ObjectMapper().createObjectNode();
        EnvironmentFile.addSession(fixed, PlanFixtures.config("--calls", "300"),
            new org.dbuslab.runner.exec.CpuPlacement(List.of(0, 1)));
        assertTrue(fixed.get("run_ms").isNull(), "fixed calls: no run length to judge");
    }
}
