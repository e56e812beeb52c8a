package org.dbuslab.runner.plan;

import org.dbuslab.format.Pair;
import org.dbuslab.format.Route;
import org.dbuslab.format.Series;
import org.dbuslab.format.Transport;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.dbuslab.runner.plan.PlanFixtures.plan;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PathsPlanTest {

    private static List<Cell> paths(SessionPlan p) {
        return p.cells().stream().filter(c -> c.series() == Series.PATHS).toList();
    }

    @Test
    void everyPathCellHasItsDirectCounterpartWithTheSameClientModeAndSize() {
        SessionPlan p = plan();
        List<Cell> paths = paths(p);
        for (Cell c : paths.stream().filter(c -> c.transport().route() != Route.DIRECT).toList()) {
            assertTrue(paths.stream().anyMatch(d -> d.transport() == c.transport().destination() && d.pair() == c.pair()
                    && d.mode() == c.mode() && d.payloadBytes() == c.payloadBytes() && d.window() == c.window()), c.id());
        }
        assertEquals(Set.of(Pair.JAVA, Pair.LIBDBUS_JAVA, Pair.SDBUS_JAVA), paths.stream().map(Cell::pair).collect(Collectors.toSet()));
        assertEquals(Set.of(1000), paths.stream().map(Cell::payloadBytes).collect(Collectors.toSet()), "the first size by default");
        assertEquals(CellKind.SPAM_JAVA, paths.stream().filter(c -> c.pair() == Pair.LIBDBUS_JAVA).findFirst().orElseThrow().kind());
        assertEquals(CellKind.SDBUS, paths.stream().filter(c -> c.pair() == Pair.SDBUS_JAVA).findFirst().orElseThrow().kind());
    }

    @Test
    void thePolicySeriesIsTheSdBusPairSyncOnEachBusWithZeroToTenThousandRules() {
        List<Cell> policy = plan().cells().stream().filter(c -> c.series() == Series.POLICY).toList();
        assertEquals(List.of(0, 100, 1000, 10000, 0, 100, 1000, 10000),
                policy.stream().map(c -> c.transport().policyRules()).toList());
        assertTrue(policy.stream().allMatch(c -> c.pair() == Pair.SDBUS_SDBUS && c.kind() == CellKind.SDBUS
                && c.mode() == Mode.SYNC && c.window() == 1));
        assertEquals(Set.of(Transport.DBUS_DAEMON, Transport.DBUS_BROKER),
                policy.stream().map(c -> c.transport().implementation()).collect(Collectors.toSet()));
    }

    @Test
    void pathsFollowTheOptionTheBusesAndThePreset() {
        SessionPlan proxyOnly = plan("--paths", "proxy", "--transports", "dbus-broker,p2p-unix");
        assertTrue(paths(proxyOnly).stream().allMatch(c -> c.transport() == Transport.DBUS_BROKER
                || c.transport() == Transport.DBUS_BROKER_PROXY), "no bridge, no dbus-daemon");
        assertTrue(proxyOnly.cells().stream().noneMatch(c -> c.series() == Series.POLICY));
        assertEquals(List.of(), paths(plan("--paths", "none")));
        assertEquals(List.of(), paths(plan("--quick")), "a first look has no paths");
        assertEquals(Set.of(1000, 10000), paths(plan("--full")).stream().map(Cell::payloadBytes).collect(Collectors.toSet()));
        assertTrue(plan("--paths", "policy", "--modes", "async").cells().stream().noneMatch(c -> c.series() == Series.POLICY),
                "the policy series is sync");
    }

    @Test
    void onlyRoutesAndPolicyBusesNeedStartingBeyondTheSessionsBuses() {
        assertEquals(List.of(Transport.DBUS_DAEMON_PROXY, Transport.DBUS_DAEMON_BRIDGE, Transport.DBUS_BROKER_PROXY,
                        Transport.DBUS_BROKER_BRIDGE, Transport.DBUS_DAEMON_RULES100, Transport.DBUS_DAEMON_RULES1000,
                        Transport.DBUS_DAEMON_RULES10000, Transport.DBUS_BROKER_RULES100, Transport.DBUS_BROKER_RULES1000,
                        Transport.DBUS_BROKER_RULES10000),
                PathsPlan.extraTransports(plan().cells()));
    }
}
