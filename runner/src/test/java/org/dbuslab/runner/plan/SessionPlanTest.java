package org.dbuslab.runner.plan;

import org.dbuslab.format.Pair;
import org.dbuslab.format.Phase;
import org.dbuslab.format.Series;
import org.dbuslab.format.Transport;

import static org.dbuslab.runner.plan.PlanFixtures.plan;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

class SessionPlanTest {

    private static long count(SessionPlan p, Predicate<Cell> what) {
        return p.cells().stream().filter(what).count();
    }

    @Test
    void theDefaultSessionHasEverySeriesOfRunAllSh() {
        SessionPlan p = plan();
        assertEquals(20, count(p, c -> c.series() == Series.MATRIX), "5 transports x 2 modes x 2 sizes");
        for (Pair pair : List.of(Pair.LIBDBUS, Pair.JAVA_LIBDBUS, Pair.LIBDBUS_JAVA)) {
            for (Transport bus : Transport.REFERENCE_BUSES) {
                assertEquals(4, count(p, c -> c.pair() == pair && c.transport() == bus && c.series() == Series.REFERENCE),
                        pair + " on " + bus + ": 2 modes x 2 sizes");
            }
            assertEquals(8, count(p, c -> c.pair() == pair && c.series() == Series.REFERENCE));
        }
        assertEquals(8, count(p, c -> c.pair() == Pair.RAW), "raw-unix and raw-tcp x 2 modes x 2 sizes");
        assertEquals(Map.of(Transport.DBUS_DAEMON, 18L, Transport.DBUS_BROKER, 18L),
                p.cells().stream().filter(c -> c.series() == Series.SWEEP)
                        .collect(Collectors.groupingBy(Cell::transport, Collectors.counting())), "9 windows x 2 sizes per bus");
        assertEquals(1, count(p, c -> c.series() == Series.OVERLIMIT));
        assertEquals(20 + 24 + 8 + 36 + 1, count(p, c -> c.series() != Series.LIBRARIES && c.series() != Series.LKML
                && c.series() != Series.PATHS && c.series() != Series.POLICY));
        assertEquals(36, count(p, c -> c.series() == Series.PATHS), "2 buses x 3 clients x (direct, proxy, bridge) x 2 modes");
        assertEquals(8, count(p, c -> c.series() == Series.POLICY), "2 buses x 0, 100, 1000, 10000 rules");
    }

    @Test
    void cellsCarryRunAllShsKindsWindowsAndCalls() {
        SessionPlan p = plan("--calls", "500", "--sweep-calls", "100");
        Cell spam = p.cells().stream().filter(c -> c.pair() == Pair.LIBDBUS_JAVA && c.mode() == Mode.ASYNC).findFirst().orElseThrow();
        assertEquals(CellKind.SPAM_JAVA, spam.kind());
        assertEquals(128, spam.window());
        assertEquals(Optional.empty(), spam.clientKey(), "spam is one process per run");
        assertEquals(CellKind.SPAM_LIBDBUS, p.cells().stream().filter(c -> c.pair() == Pair.LIBDBUS).findFirst().orElseThrow().kind());
        assertEquals(CellKind.JAVA_LIBDBUS, p.cells().stream().filter(c -> c.pair() == Pair.JAVA_LIBDBUS).findFirst().orElseThrow().kind());
        assertTrue(p.cells().stream().filter(c -> c.mode() == Mode.SYNC).allMatch(c -> c.window() == 1));
        assertTrue(p.cells().stream().filter(c -> c.series() == Series.MATRIX).allMatch(c -> c.calls() == 500));
        Cell w256 = p.cell("sweep.java.dbus-broker.async.10000.w256").orElseThrow();
        assertEquals(512, w256.calls(), "a sweep point makes max(sweep calls, 2 x window)");
        assertEquals(100, p.cell("sweep.java.dbus-broker.async.10000.w8").orElseThrow().calls());
        Cell over = p.cells().stream().filter(c -> c.series() == Series.OVERLIMIT).findFirst().orElseThrow();
        assertEquals(Transport.DBUS_DAEMON_LIMIT8, over.transport());
        assertEquals(128, over.window());
        assertEquals(256, over.calls());
        assertEquals(1000, over.payloadBytes(), "the first size");
        assertEquals("LimitsExceeded", over.expected());
        assertTrue(p.cells().stream().filter(Cell::reference)
                .allMatch(c -> List.of(Series.REFERENCE, Series.LIBRARIES, Series.LKML, Series.PATHS, Series.POLICY)
                        .contains(c.series())));
    }

    @Test
    void theReferenceRowsAndTheSweepFollowTheSessionsTransports() {
        SessionPlan p = plan("--transports", "dbus-broker,p2p-tcp", "--modes", "sync");
        assertEquals(0, count(p, c -> c.transport() == Transport.DBUS_DAEMON));
        assertEquals(0, count(p, c -> c.series() == Series.OVERLIMIT), "the over-limit check needs dbus-daemon");
        assertEquals(6, count(p, c -> c.series() == Series.REFERENCE && c.transport() == Transport.DBUS_BROKER));
        assertEquals(18, count(p, c -> c.series() == Series.SWEEP), "the sweep is async whatever --modes says");
        assertEquals(4, count(p, c -> c.pair() == Pair.RAW), "the raw floor does not need a bus");
        assertEquals(0, plan("--no-reference").cells().stream().filter(c -> c.series() == Series.REFERENCE).count());
        SessionPlan quick = plan("--quick");
        assertEquals(0, count(quick, c -> c.series() == Series.SWEEP || c.series() == Series.OVERLIMIT));
        assertTrue(quick.cells().stream().filter(Cell::reference).allMatch(c -> c.payloadBytes() == 1000));
    }

    @Test
    void theHeadlineComparisonsArePairedAtTheSameModeAndSize() {
        SessionPlan p = plan();
        Map<Comparison.Kind, Long> kinds = p.comparisons().stream()
                .collect(Collectors.groupingBy(Comparison::kind, Collectors.counting()));
        assertEquals(Map.of(Comparison.Kind.TRANSPORT, 16L, Comparison.Kind.CLIENT_LIBDBUS, 8L,
                Comparison.Kind.SERVER_LIBDBUS, 8L, Comparison.Kind.PATH, 24L, Comparison.Kind.LKML, 2L), kinds,
                "paths: 2 routes x 2 buses x 2 modes x 3 clients; the 2015 ratio at both sizes");
        for (Comparison c : p.comparisons()) {
            assertEquals(c.subject().mode(), c.baseline().mode());
            assertEquals(c.subject().payloadBytes(), c.baseline().payloadBytes());
            switch (c.kind()) {
                case TRANSPORT -> {
                    assertEquals(Transport.DBUS_DAEMON, c.baseline().transport());
                    assertEquals(Series.MATRIX, c.subject().series());
                }
                case CLIENT_LIBDBUS -> {
                    assertEquals(Pair.JAVA_LIBDBUS, c.subject().pair());
                    assertEquals(Pair.LIBDBUS, c.baseline().pair());
                    assertEquals(c.subject().transport(), c.baseline().transport());
                }
                case SERVER_LIBDBUS -> {
                    assertEquals(Pair.LIBDBUS_JAVA, c.subject().pair());
                    assertEquals(Pair.LIBDBUS, c.baseline().pair());
                }
                case LKML -> {
                    assertEquals(Series.LKML, c.subject().series());
                    assertEquals(Mode.ASYNC, c.subject().mode());
                    assertEquals(Transport.DBUS_DAEMON, c.subject().transport());
                    assertEquals(Transport.P2P_UNIX, c.baseline().transport());
                }
                case PATH -> {
                    assertEquals(c.subject().pair(), c.baseline().pair());
                    assertEquals(Series.PATHS, c.baseline().series());
                    assertEquals(c.subject().transport().implementation(), c.baseline().transport());
                    assertTrue(c.subject().transport() != c.baseline().transport(), c.describe());
                }
            }
        }
        assertTrue(plan("--transports", "dbus-broker,p2p-unix").comparisons().stream()
                .noneMatch(c -> c.kind() == Comparison.Kind.TRANSPORT), "no dbus-daemon, nothing to divide by");
    }

    @Test
    void everyJavaCellHasAPersistentClientPerTransportPairAndMode() {
        SessionPlan p = plan("--libraries", "none", "--lkml-runs", "0", "--paths", "none");
        List<ClientKey> keys = p.clientKeys();
        assertEquals(10 + 4 + 4 + 1, keys.size(), "matrix 5x2, dbus-java>libdbus 2x2, raw 2x2, over-limit 1");
        ClientKey daemonAsync = new ClientKey(Transport.DBUS_DAEMON, Pair.JAVA, Mode.ASYNC);
        assertEquals(2 + 18, p.cells().stream().filter(c -> c.clientKey().equals(Optional.of(daemonAsync))).count(),
                "both sizes and the sweep share the async client of their transport");
        assertEquals("dbus-daemon.java.async", daemonAsync.name());
    }

    @Test
    void theOverLimitCheckRunsOnceInTheFirstMeasuredBlock() {
        SessionPlan p = plan();
        Predicate<List<Cell>> hasOverLimit = cells -> cells.stream().anyMatch(c -> c.kind() == CellKind.OVERLIMIT);
        assertFalse(hasOverLimit.test(p.cellsOfBlock(Phase.WARMUP, 0)));
        assertTrue(hasOverLimit.test(p.cellsOfBlock(Phase.MEASURE, 1)));
        assertFalse(hasOverLimit.test(p.cellsOfBlock(Phase.MEASURE, 2)));
        assertEquals(p.cells().size() - 1, p.cellsOfBlock(Phase.MEASURE, 2).size());
    }

    @Test
    void laterWarmupBlocksRunOnlyTheClientsStillCompiling() {
        SessionPlan p = plan("--libraries", "none", "--lkml-runs", "0", "--paths", "none");
        List<Cell> first = p.warmupCells(true, java.util.Set.of());
        assertEquals(p.cells().size() - 1, first.size(), "the first warm-up block calibrates every cell, spam included");
        assertTrue(first.stream().anyMatch(c -> c.kind().spam()));
        List<Cell> everyClient = p.warmupCells(false, java.util.Set.of());
        assertTrue(everyClient.stream().noneMatch(c -> c.kind().spam() || c.kind() == CellKind.OVERLIMIT),
                "spam has no JIT to warm");
        assertEquals(first.size() - 16, everyClient.size(), "16 spam cells fewer");
        ClientKey daemonSync = new ClientKey(Transport.DBUS_DAEMON, Pair.JAVA, Mode.SYNC);
        ClientKey brokerAsync = new ClientKey(Transport.DBUS_BROKER, Pair.JAVA, Mode.ASYNC);
        List<Cell> focused = p.warmupCells(false, java.util.Set.of(daemonSync, brokerAsync));
        assertEquals(2 + 2 + 18, focused.size(), "the sync client's 2 sizes, the async one's 2 sizes and its sweep");
        assertTrue(focused.stream().allMatch(c -> c.clientKey().filter(k -> k.equals(daemonSync) || k.equals(brokerAsync))
                .isPresent()));
        assertEquals(p.cells().stream().filter(focused::contains).toList(), focused, "in plan order");
    }

    @Test
    void idsAreUniqueStableAndValidControlTags() {
        SessionPlan p = plan();
        assertTrue(p.cells().stream().allMatch(c -> c.id().matches("[A-Za-z0-9._-]+")), "the control channel's TAG");
        assertEquals("matrix.java.dbus-daemon.sync.1000.w1", p.cells().get(0).id());
        SessionPlan calibrated = p.withCalls(Map.of("matrix.java.dbus-daemon.sync.1000.w1", 777));
        assertEquals(777, calibrated.cell("matrix.java.dbus-daemon.sync.1000.w1").orElseThrow().calls());
        assertEquals(777, calibrated.comparisons().stream().filter(c -> c.baseline().id().equals("matrix.java.dbus-daemon.sync.1000.w1"))
                .findFirst().orElseThrow().baseline().calls(), "comparisons follow their cells");
    }
}
