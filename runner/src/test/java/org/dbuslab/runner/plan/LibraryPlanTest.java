package org.dbuslab.runner.plan;

import static org.dbuslab.runner.plan.PlanFixtures.plan;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import org.dbuslab.format.Library;
import org.dbuslab.format.Pair;
import org.dbuslab.format.Series;
import org.dbuslab.format.Transport;
import org.dbuslab.runner.options.SessionOptions;

import picocli.CommandLine.ParameterException;
import picocli.CommandLine;

/** The libraries and lkml cells per preset and option, the pairs' labels and libraries, the lkml schedule. */
class LibraryPlanTest {

    private static List<Cell> of(SessionPlan p, Series series) {
        return p.cells().stream().filter(c -> c.series() == series).toList();
    }

    private static Set<String> labels(List<Cell> cells, java.util.function.Function<Cell, Object> what) {
        return cells.stream().map(what).map(String::valueOf).collect(Collectors.toCollection(java.util.TreeSet::new));
    }

    @Test
    void existingPairLabelsAreUnchangedAndEveryPairNamesItsLibraries() {
        assertEquals("dbus-java>dbus-java", Pair.JAVA.label());
        assertEquals("libdbus>libdbus", Pair.LIBDBUS.label());
        assertEquals("dbus-java>libdbus", Pair.JAVA_LIBDBUS.label());
        assertEquals("libdbus>dbus-java", Pair.LIBDBUS_JAVA.label());
        assertEquals("jdk>jdk", Pair.RAW.label());
        assertEquals("sd-bus>glib", Pair.SDBUS_GLIB.label());
        assertEquals("dbus-java-stock>dbus-java-stock", Pair.STOCK_STOCK.label());
        for (Pair p : Pair.values()) {
            assertEquals(p.client().label() + ">" + p.server().label(), p.label());
        }
        assertEquals(Pair.values().length, java.util.Arrays.stream(Pair.values()).map(Pair::shortName).distinct().count());
    }

    @Test
    void theDefaultSessionHasEveryLibraryPairOfRound2OnBothBuses() {
        SessionPlan p = plan();
        List<Cell> libs = of(p, Series.LIBRARIES);
        assertEquals(11 * 2 * 2 * 2, libs.size(), "11 pairs x 2 buses x 2 modes x 2 sizes");
        assertEquals(Set.of("dbus-broker", "dbus-daemon"), labels(libs, Cell::transport));
        Set<String> pairs = labels(libs, Cell::pair);
        for (Library client : Library.CLIENTS) {
            assertEquals(client != Library.DBUS_JAVA, pairs.contains(client.label() + ">dbus-java"), client + ">dbus-java");
            assertTrue(pairs.contains(client.label() + ">glib"), client + ">glib");
        }
        assertTrue(pairs.containsAll(Set.of("sd-bus>sd-bus", "dbus-java-stock>dbus-java-stock")));
        assertFalse(pairs.contains("libdbus>libdbus"), "in series reference already");
        assertEquals(Map.of(CellKind.SPAM_GLIB, 8L), libs.stream().filter(c -> c.pair() == Pair.LIBDBUS_GLIB)
            .collect(Collectors.groupingBy(Cell::kind, Collectors.counting())));
        assertEquals(CellKind.JAVA, p.cell("libraries.java-glib.dbus-daemon.sync.1000.w1").orElseThrow().kind());
        assertEquals(CellKind.STOCK, p.cell("libraries.stock-stock.dbus-broker.async.10000.w128").orElseThrow().kind());
        assertTrue(libs.stream().allMatch(Cell::reference));
        assertTrue(p.comparisons().stream().noneMatch(c -> c.subject().series() == Series.LIBRARIES),
            "the stopping rule's comparisons are unchanged");
    }

    @Test
    void lkmlCellsAreTheSeedsExperimentWithFixedCalls() {
        SessionPlan p = plan();
        List<Cell> lkml = of(p, Series.LKML);
        assertEquals(3 * 2 * 2, lkml.size(), "dbus-daemon, dbus-broker, p2p-unix x 2 modes x 2 sizes");
        assertEquals(Set.of("dbus-broker", "dbus-daemon", "p2p-unix"), labels(lkml, Cell::transport));
        assertTrue(lkml.stream().allMatch(c -> c.pair() == Pair.GLIB_GLIB && c.kind() == CellKind.GLIB));
        assertTrue(lkml.stream().filter(c -> c.mode() == Mode.SYNC).allMatch(c -> c.calls() == 2_000 && c.window() == 1));
        assertTrue(lkml.stream().filter(c -> c.mode() == Mode.ASYNC).allMatch(c -> c.calls() == 128 && c.window() == 128));
        Map<String, Double> fast = p.cells().stream().collect(Collectors.toMap(Cell::id, c -> 100.0));
        Map<String, Integer> calibrated = CallsCalibration.calibrate(p.cells(), fast, Duration.ofMillis(50));
        assertTrue(lkml.stream().noneMatch(c -> calibrated.containsKey(c.id())), "calls per run are never calibrated");
        assertTrue(calibrated.containsKey("libraries.glib-java.dbus-daemon.sync.1000.w1"));
        Map<String, Double> stockSlow = p.cells().stream().collect(Collectors.toMap(Cell::id, // ns per call
            c -> c.pair().client() == Library.DBUS_JAVA_STOCK ? 4_000_000.0 : 100_000.0));
        Map<String, Integer> own = CallsCalibration.calibrate(p.cells(), stockSlow, Duration.ofMillis(50));
        assertEquals(500, own.get("matrix.java.dbus-daemon.sync.1000.w1"), "the matrix's runs keep their length");
        assertEquals(500, own.get("libraries.glib-java.dbus-daemon.sync.1000.w1"));
        assertEquals(13, own.get("libraries.stock-java.dbus-daemon.sync.1000.w1"), // 50 ms / 4 ms, rounded
            "a slow client library gets its own, smaller count: its runs take ~50 ms too");
        assertEquals(own.get("libraries.stock-java.dbus-daemon.sync.1000.w1"),
            own.get("libraries.stock-glib.dbus-daemon.sync.1000.w1"), "one count per client library");
    }

    @Test
    void libraryPairsHaveOnePersistentClientPerTransportPairAndModeSharedWithLkml() {
        SessionPlan p = plan();
        List<ClientKey> keys = p.cells().stream().filter(c -> c.series() == Series.LIBRARIES || c.series() == Series.LKML)
            .flatMap(c -> c.clientKey().stream()).distinct().toList();
        assertEquals((11 - 2) * 2 * 2 + 2, keys.size(), "9 non-spam pairs x 2 buses x 2 modes, glib>glib p2p-unix x 2");
        ClientKey glib = new ClientKey(Transport.DBUS_DAEMON, Pair.GLIB_GLIB, Mode.SYNC);
        assertEquals(Set.of("libraries", "lkml"), labels(p.cells().stream()
            .filter(c -> c.clientKey().filter(glib::equals).isPresent()).toList(), Cell::series));
        List<Cell> later = p.warmupCells(false, Set.of());
        assertTrue(later.stream().noneMatch(c -> c.kind().spam()));
        assertFalse(CellKind.GLIB.jit() || CellKind.SDBUS.jit() || CellKind.SPAM_GLIB.jit(), "no JIT to watch");
        assertTrue(CellKind.STOCK.jit() && CellKind.JAVA.jit(), "JVM clients: their jit_ms counts");
    }

    @Test
    void librariesCellsAreCappedAtLibraryRunsMeasuredRuns() {
        List<Cell> libraries = of(plan(), Series.LIBRARIES);
        assertTrue(libraries.stream().allMatch(c -> c.maxRuns() == SessionOptions.DEFAULT_LIBRARY_RUNS), "default cap");
        Cell capped = of(plan("--library-runs", "3"), Series.LIBRARIES).get(0);
        assertTrue(capped.wantsMoreRuns(2));
        assertFalse(capped.wantsMoreRuns(3));
        assertTrue(of(plan("--library-runs", "0"), Series.LIBRARIES).stream().allMatch(c -> c.wantsMoreRuns(1_000_000)),
            "0 = no cap");
        assertTrue(plan("--library-runs", "3").cells().stream().filter(c -> c.series() == Series.MATRIX)
            .allMatch(c -> c.maxRuns() == 0), "the matrix is never capped");
        ParameterException bad = assertThrows(ParameterException.class,
            () -> PlanFixtures.config("--library-runs", "-1"));
        assertTrue(bad.getMessage().contains("--library-runs must be a whole number"), bad.getMessage());
    }

    @Test
    void lkmlCellsAreNeverWarmedUp() {
        SessionPlan p = plan();
        assertFalse(p.warmupCells(true, Set.of()).stream().anyMatch(c -> c.series() == Series.LKML),
            "first warm-up block");
        Set<ClientKey> all = Set.copyOf(p.clientKeys());
        assertFalse(p.warmupCells(false, all).stream().anyMatch(c -> c.series() == Series.LKML), "later blocks");
        assertTrue(p.warmupCells(true, Set.of()).stream().anyMatch(c -> c.series() == Series.LIBRARIES),
            "the libraries cells are, for their calls per run");
    }

    @Test
    void syncLkmlCellsAreCappedAtLkmlRunsAndAsyncOnesRunInEveryBlockOfTheirGroup() {
        SessionPlan p = plan("--lkml-runs", "2");
        Cell lkml = of(p, Series.LKML).stream().filter(c -> c.mode() == Mode.SYNC).findFirst().orElseThrow();
        assertTrue(of(p, Series.LKML).stream().filter(c -> c.mode() == Mode.ASYNC).allMatch(c -> c.maxRuns() == 0),
            "the 2015 ratio's async cells: no cap");
        Cell lib = of(p, Series.LIBRARIES).get(0);
        assertEquals(2, lkml.maxRuns());
        assertTrue(lkml.wantsMoreRuns(1));
        assertFalse(lkml.wantsMoreRuns(2));
        assertEquals(SessionOptions.DEFAULT_LIBRARY_RUNS, lib.maxRuns(), "the libraries cells keep their own cap");
        assertTrue(of(plan("--lkml-runs", "0"), Series.LKML).isEmpty());
    }

    @Test
    void quickIsASmallSubsetCoveringBothCClientsAndServers() {
        SessionPlan p = plan("--quick");
        List<Cell> libs = of(p, Series.LIBRARIES);
        assertEquals(Set.of("glib>dbus-java", "sd-bus>dbus-java", "glib>glib", "sd-bus>sd-bus"), labels(libs, Cell::pair));
        assertEquals(Set.of("dbus-daemon"), labels(libs, Cell::transport));
        assertEquals(Set.of("1000"), labels(libs, Cell::payloadBytes));
        assertEquals(8, libs.size());
        assertTrue(libs.stream().allMatch(c -> c.calls() == 200), "the preset's calls");
        List<Cell> lkml = of(p, Series.LKML);
        assertEquals(Set.of("dbus-daemon/1000/async/128"), lkml.stream()
            .map(c -> c.transport() + "/" + c.payloadBytes() + "/" + c.mode() + "/" + c.calls()).collect(Collectors.toSet()));
    }

    @Test
    void fullAddsP2pUnixWithoutThePairsThatCannotRunThere() {
        SessionPlan p = plan("--full");
        Predicate<Cell> p2p = c -> c.transport() == Transport.P2P_UNIX && c.series() == Series.LIBRARIES;
        Set<String> pairs = labels(p.cells().stream().filter(p2p).toList(), Cell::pair);
        assertEquals(Set.of("dbus-java-stock>dbus-java", "glib>dbus-java", "dbus-java>glib", "dbus-java-stock>glib",
            "glib>glib", "sd-bus>glib", "sd-bus>sd-bus", "dbus-java-stock>dbus-java-stock", "sd-bus>dbus-java"), pairs);
        List<LibraryPlan.Excluded> excluded = LibraryPlan.excluded(PlanFixtures.config("--full"));
        assertEquals(Set.of("libdbus>dbus-java", "libdbus>glib"),
            excluded.stream().map(e -> e.pair().label()).collect(Collectors.toSet()));
        assertTrue(excluded.stream().allMatch(e -> e.transport() == Transport.P2P_UNIX && e.reason().contains("not run")));
        assertTrue(LibraryPlan.excluded(PlanFixtures.config()).isEmpty(), "nothing left out on the buses");
        assertTrue(of(p, Series.LKML).stream().filter(c -> c.mode() == Mode.SYNC).allMatch(c -> c.calls() == 20_000),
            "--full keeps the 2015 benchmark's calls per sync run");
    }

    @Test
    void librariesOptionPicksClientLibraries() {
        Set<String> clients = labels(of(plan("--libraries", "glib,sd-bus"), Series.LIBRARIES), c -> c.pair().client());
        assertEquals(Set.of("glib", "sd-bus"), clients);
        SessionPlan none = plan("--libraries", "none");
        assertTrue(of(none, Series.LIBRARIES).isEmpty());
        assertEquals(12, of(none, Series.LKML).size(), "lkml has its own option, --lkml-runs");
        assertTrue(of(plan("--transports", "p2p-tcp"), Series.LIBRARIES).isEmpty());
        assertEquals(Set.of("1000"), labels(of(plan("--sizes", "1000,4096"), Series.LKML), Cell::payloadBytes),
            "lkml sizes of the session's sizes");
        CommandLine.ParameterException bad = assertThrows(CommandLine.ParameterException.class,
            () -> PlanFixtures.config("--libraries", "glib,qt"));
        assertTrue(bad.getMessage().contains("unknown --libraries element 'qt'"), bad.getMessage());
        CommandLine.ParameterException runs = assertThrows(CommandLine.ParameterException.class,
            () -> PlanFixtures.config("--lkml-runs", "x"));
        assertTrue(runs.getMessage().contains("--lkml-runs must be a whole number"), runs.getMessage());
    }
}
