package org.dbuslab.runner.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;

import org.dbuslab.format.Library;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The other libraries' command lines (ROUND2.md, peers/README.md) and why they cannot run when missing. */
class LibraryProgramsTest {

    @TempDir
    Path repo;

    private static final JavaRuntime JAVA = new JavaRuntime("java", List.of("-XX:+UseSerialGC"));

    private LibraryPrograms programs(Map<String, String> env) {
        return new LibraryPrograms(repo, env, JAVA);
    }

    @Test
    void cClientsSpeakTheControlChannelWithTheirServersName() {
        Path log = repo.resolve("l.hlog");
        assertEquals(List.of(repo.resolve("peers/build/glib-echo-client").toString(), "--address", "unix:path=/b",
                "--dest", "org.dbuslab.Echo.Glib", "--mode", "sync", "--reply-timeout", "10000", "--control",
                "--latency-log", log.toString()),
            programs(Map.of()).client(Library.GLIB, "unix:path=/b", false, Library.GLIB.busName(), "sync", 1, 1000, log));
        assertEquals(List.of(repo.resolve("peers/build/sdbus-echo-client").toString(), "--address", "unix:path=/p",
                "--peer", "--mode", "async", "--reply-timeout", "10000", "--control", "--latency-log", log.toString()),
            programs(Map.of()).client(Library.SDBUS, "unix:path=/p", true, null, "async", 128, 1000, log));
    }

    @Test
    void theStockClientIsTheContractsCommand() {
        Path log = repo.resolve("l.hlog");
        assertEquals(List.of("java", JavaRuntime.KEEP_STACK_TRACES, JavaRuntime.NO_SHARED_PERF_DATA, "-XX:+UseSerialGC", "-cp", repo.resolve(LibraryPrograms.STOCK_JAR).toString(),
                "org.dbuslab.stock.StockClientMain", "--address", "unix:path=/b", "--dest", "org.dbuslab.Echo.Stock",
                "--mode", "async", "--window", "128", "--payload", "10000", "--reply-timeout", "10000", "--control",
                "--latency-log", log.toString()),
            programs(Map.of()).client(Library.DBUS_JAVA_STOCK, "unix:path=/b", false, "org.dbuslab.Echo.Stock", "async",
                128, 10000, log));
    }

    @Test
    void serversOwnTheirLibrarysNameOnABusOrListen() {
        assertEquals(List.of(repo.resolve("peers/build/sdbus-echo-server").toString(), "--bus", "unix:path=/b", "--name",
            "org.dbuslab.Echo.Sdbus"), programs(Map.of()).server(Library.SDBUS, "unix:path=/b", null));
        assertEquals(List.of(repo.resolve("peers/build/glib-echo-server").toString(), "--listen", "unix:path=/t/g.sock"),
            programs(Map.of()).server(Library.GLIB, null, "unix:path=/t/g.sock"));
        assertEquals(List.of("java", JavaRuntime.KEEP_STACK_TRACES, JavaRuntime.NO_SHARED_PERF_DATA, "-XX:+UseSerialGC", "-cp", repo.resolve(LibraryPrograms.STOCK_JAR).toString(),
                "org.dbuslab.stock.StockServerMain", "--bus", "unix:path=/b", "--name", "org.dbuslab.Echo.Stock"),
            programs(Map.of()).server(Library.DBUS_JAVA_STOCK, "unix:path=/b", null));
    }

    @Test
    void onlyTheStockServerAJvmServesAnAllocationProbe() {
        Path probe = Path.of("/t/stock-dbus-daemon.alloc");
        List<String> stock = programs(Map.of()).server(Library.DBUS_JAVA_STOCK, "unix:path=/b", null, probe);
        assertEquals(List.of("--alloc-socket", probe.toString()), stock.subList(stock.size() - 2, stock.size()));
        assertEquals(programs(Map.of()).server(Library.GLIB, null, "unix:path=/t/g.sock"),
            programs(Map.of()).server(Library.GLIB, null, "unix:path=/t/g.sock", probe), "a C server has none");
    }

    @Test
    void aMissingProgramHasItsReason() throws IOException {
        String glib = programs(Map.of()).missing(Library.GLIB);
        assertTrue(glib.contains("peers/build/glib-echo-client is not built") && glib.contains("make -C peers"), glib);
        String make = "Makefile:37: *** peers: cannot build the sd-bus peers: missing libsystemd (Debian: libsystemd-dev).  Stop.";
        assertEquals(make, programs(Map.of(LibraryPrograms.SDBUS_REASON_ENV, make)).missing(Library.SDBUS),
            "the launcher's make line");
        String stock = programs(Map.of()).missing(Library.DBUS_JAVA_STOCK);
        assertTrue(stock.contains("stock/target/dbus-lab-stock.jar is not built"), stock);
        assertNull(programs(Map.of()).missing(Library.DBUS_JAVA), "the lab's own jars are checked by the launcher");

        Files.createDirectories(repo.resolve("peers/build"));
        for (String p : List.of("glib-echo-client", "glib-echo-server")) {
            Files.createFile(repo.resolve("peers/build").resolve(p), PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwx------")));
        }
        assertNull(programs(Map.of()).missing(Library.GLIB));
        assertEquals("make failed", programs(Map.of(LibraryPrograms.GLIB_REASON_ENV, "make failed")).missing(Library.GLIB),
            "programs of an older build are not used when make failed");
        Files.createDirectories(repo.resolve("stock/target"));
        Files.createFile(repo.resolve(LibraryPrograms.STOCK_JAR));
        assertNull(programs(Map.of()).missing(Library.DBUS_JAVA_STOCK));
    }
}
