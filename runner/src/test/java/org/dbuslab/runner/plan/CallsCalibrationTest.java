package org.dbuslab.runner.plan;

import static org.dbuslab.runner.plan.PlanFixtures.plan;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

class CallsCalibrationTest {

    private final SessionPlan plan = plan();

    @Test
    void callsAreSetSoARunTakesAboutTheTargetAndComparedCellsShareThem() {
        Map<String, Double> ns = new HashMap<>();
        ns.put("matrix.java.dbus-daemon.sync.1000.w1", 100_000.0);
        ns.put("matrix.java.dbus-broker.sync.1000.w1", 50_000.0);
        ns.put("matrix.java.p2p-unix.sync.1000.w1", 20_000.0);
        Map<String, Integer> calls = CallsCalibration.calibrate(plan.cells(), ns, Duration.ofMillis(50));
        // median 50 us per call: 1000 calls make 50 ms
        assertEquals(1000, calls.get("matrix.java.dbus-daemon.sync.1000.w1"));
        assertEquals(1000, calls.get("matrix.java.p2p-tcp.sync.1000.w1"), "a cell without a value follows its group");
        assertEquals(1000, calls.get("reference.libdbus-libdbus.dbus-daemon.sync.1000.w1"), "the libdbus pairs too");
        assertEquals(1000, calls.get("reference.raw.raw-unix.sync.1000.w1"), "the raw floor too: compared per call");
        assertFalse(calls.containsKey("matrix.java.dbus-daemon.sync.10000.w1"), "a group without any value keeps its calls");
    }

    @Test
    void theMatrixCellsSetTheirGroupsCallsNotTheColdSpamRowsBesideThem() {
        Map<String, Double> ns = new HashMap<>();
        ns.put("matrix.java.dbus-daemon.sync.1000.w1", 40_000.0);
        ns.put("matrix.java.dbus-broker.sync.1000.w1", 50_000.0);
        ns.put("matrix.java.p2p-unix.sync.1000.w1", 60_000.0);
        for (String pair : new String[] {"libdbus-libdbus", "java-libdbus", "libdbus-java"}) {
            ns.put("reference." + pair + ".dbus-daemon.sync.1000.w1", 400_000.0); // measured once, in the first block
            ns.put("reference." + pair + ".dbus-broker.sync.1000.w1", 400_000.0);
        }
        Map<String, Integer> calls = CallsCalibration.calibrate(plan.cells(), ns, Duration.ofMillis(50));
        assertEquals(1000, calls.get("matrix.java.dbus-daemon.sync.1000.w1"), "the matrix's median, 50 us");
        assertEquals(1000, calls.get("reference.libdbus-libdbus.dbus-daemon.sync.1000.w1"), "its reference rows follow");
        Map<String, Double> referenceOnly = Map.of("reference.libdbus-libdbus.dbus-daemon.sync.1000.w1", 10_000.0);
        assertEquals(5000, CallsCalibration.calibrate(plan.cells(), referenceOnly, Duration.ofMillis(50))
            .get("matrix.java.dbus-daemon.sync.1000.w1"), "without matrix values, the group's own");
    }

    @Test
    void theRawFloorRunsTheMatrixCountNotItsOwnTarget() {
        Map<String, Double> ns = new HashMap<>();
        ns.put("matrix.java.dbus-daemon.sync.1000.w1", 50_000.0);
        ns.put("reference.raw.raw-unix.sync.1000.w1", 5_000.0);
        ns.put("reference.raw.raw-tcp.sync.1000.w1", 10_000.0);
        Map<String, Integer> calls = CallsCalibration.calibrate(plan.cells(), ns, Duration.ofMillis(50));
        assertEquals(1000, calls.get("matrix.java.dbus-daemon.sync.1000.w1"), "the matrix at its median");
        assertEquals(1000, calls.get("reference.raw.raw-unix.sync.1000.w1"), "the p2p cells' count, 5 ms at 5 us");
        assertEquals(1000, calls.get("reference.raw.raw-tcp.sync.1000.w1"));
    }

    @Test
    void callsStayWithinTwiceTheWindowAndTheBytePerRunCap() {
        assertEquals(256, CallsCalibration.clamp(3, 128, 1000), "at least 2 x window");
        assertEquals(2, CallsCalibration.clamp(0.2, 1, 1000));
        assertEquals(1_000_000, CallsCalibration.clamp(5e9, 1, 0));
        assertEquals(200, CallsCalibration.clamp(1e6, 1, 1_000_000), "200 MB of payload per run at most");
        assertEquals(1024, CallsCalibration.clamp(1e6, 512, 10_000_000), "2 x window wins over the byte cap");
    }

    @Test
    void sweepPointsGetTheirOwnCallsAndTheOverLimitCheckKeepsItsOwn() {
        Map<String, Double> ns = Map.of("sweep.java.dbus-daemon.async.1000.w8", 10_000.0,
                "sweep.java.dbus-broker.async.1000.w8", 30_000.0,
                "overlimit.java.dbus-daemon-limit8.async.1000.w128", 1.0);
        Map<String, Integer> calls = CallsCalibration.calibrate(plan.cells(), ns, Duration.ofMillis(40));
        assertEquals(2000, calls.get("sweep.java.dbus-daemon.async.1000.w8"), "median of 10 and 30 us: 20 us");
        assertEquals(2000, calls.get("sweep.java.dbus-broker.async.1000.w8"));
        assertFalse(calls.containsKey("sweep.java.dbus-daemon.async.1000.w16"));
        assertFalse(calls.containsKey("overlimit.java.dbus-daemon-limit8.async.1000.w128"));
    }

    @Test
    void eachPlacementGetsItsOwnCallsSoThatBothRunAboutTheTarget() {
        SessionPlan both = SessionPlan.of(PlanFixtures.twoPlacements());
        Map<String, Double> ns = new HashMap<>();
        ns.put("matrix.java.dbus-daemon.sync.1000.w1", 50_000.0);
        ns.put("matrix.java.dbus-daemon.sync.1000.w1.cross", 200_000.0);
        Map<String, Integer> calls = CallsCalibration.calibrate(both.cells(), ns, Duration.ofMillis(50));
        assertEquals(1000, calls.get("matrix.java.dbus-daemon.sync.1000.w1"), "one-cpu: 50 us per call");
        assertEquals(250, calls.get("matrix.java.dbus-daemon.sync.1000.w1.cross"), "cross: 200 us per call");
        assertEquals(250, calls.get("matrix.java.p2p-unix.sync.1000.w1.cross"), "a cross cell follows cross's group");
    }
}
