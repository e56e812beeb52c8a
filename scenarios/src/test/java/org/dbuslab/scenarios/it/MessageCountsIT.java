package org.dbuslab.scenarios.it;

import org.dbuslab.scenarios.monitor.BusctlMonitor;
import org.dbuslab.scenarios.monitor.MessageTally;
import org.dbuslab.scenarios.monitor.Observation;
import org.dbuslab.scenarios.reads.ReadRun;
import org.dbuslab.scenarios.reads.Strategy;
import org.dbuslab.scenarios.support.MockOnBus;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** What each read strategy puts on the bus for 100 reads, as a bus monitor (busctl) observes it. */
class MessageCountsIT {

    private static final int READS = 100;
    private static MockOnBus bus;

    @BeforeAll
    static void start() throws Exception {
        bus = MockOnBus.start("dbus-daemon", 10);
    }

    @AfterAll
    static void stop() throws Exception {
        if (bus != null) {
            bus.close();
        }
    }

    private static Map<String, MessageTally.Counts> observe(Strategy strategy) throws Exception {
        try (BusctlMonitor monitor = BusctlMonitor.start(bus.address(), 10_000)) {
            ReadRun.Result r = ReadRun.run(bus.address(), strategy, READS, true);
            assertEquals(10, r.products());
            return MessageTally.of(Observation.untilGone(monitor, r.client()), r.client());
        }
    }

    @Test
    void cachedStrategyMakesOneGetAllForAllReads() throws Exception {
        Map<String, MessageTally.Counts> c = observe(Strategy.CACHED);
        assertEquals(Map.of("GetNameOwner", 1, "AddMatch", 1, "GetAll", 1), c.get("setup").sentByMember());
        assertEquals(3, c.get("setup").received());
        assertEquals(0, c.get("reads").sent(), "reads come from the cache");
        assertEquals(0, c.get("reads").received());
    }

    @Test
    void getStrategyMakesOneGetPerRead() throws Exception {
        Map<String, MessageTally.Counts> c = observe(Strategy.GET);
        assertEquals(0, c.get("setup").sent());
        assertEquals(Map.of("Get", READS), c.get("reads").sentByMember());
        assertEquals(READS, c.get("reads").received());
    }

    @Test
    void introspectGetStrategyMakesTwoCallsPerRead() throws Exception {
        Map<String, MessageTally.Counts> c = observe(Strategy.INTROSPECT_GET);
        assertEquals(Map.of("Introspect", READS, "Get", READS), c.get("reads").sentByMember());
        assertEquals(2 * READS, c.get("reads").received());
        assertEquals(Map.of("Hello", 1), c.get(MessageTally.CONNECT).sentByMember());
    }
}
