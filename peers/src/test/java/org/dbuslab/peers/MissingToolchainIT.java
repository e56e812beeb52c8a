package org.dbuslab.peers;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Without a compiler, pkg-config or a library the build stops with ONE line naming what is missing and its Debian
 * package, and the peers' tests then fail under CI=true and are skipped with that line elsewhere.
 */
class MissingToolchainIT {

    @Test
    void aPathWithoutTheCompilerNamesItInOneLine(@TempDir Path dir) throws Exception {
        Path bin = Files.createDirectory(dir.resolve("bin"));
        Files.createSymbolicLink(bin.resolve("make"), which("make"));
        Files.createSymbolicLink(bin.resolve("sh"), which("sh"));
        for (String target : List.of(PeersBuild.GLIB, PeersBuild.SDBUS, PeersBuild.TOOLS)) {
            PeersBuild.MakeResult r = PeersBuild.make(PeersBuild.peersDir(),
                List.of("BUILD=" + dir.resolve("build"), target), Map.of("PATH", bin.toString()));
            assertNotEquals(0, r.exitCode(), target + ": make must fail");
            List<String> lines = r.stderr().lines().toList();
            assertEquals(1, lines.size(), target + ": exactly one line, got: " + r.stderr());
            assertTrue(lines.get(0).contains("missing a C compiler (cc, Debian: gcc)"), lines.get(0));
            if (!PeersBuild.TOOLS.equals(target)) {
                assertTrue(lines.get(0).contains("pkg-config (Debian: pkg-config)"), lines.get(0));
            }
            assertEquals(r.reason(), lines.get(0), "the tests' skip reason is that line");
            assertTrue(Files.notExists(dir.resolve("build").resolve("obj")), "nothing was built");
        }
    }

    @Test
    void aMissingLibraryIsNamedWithItsPackage(@TempDir Path dir) throws Exception {
        Map<String, String> noLibraries = Map.of("PKG_CONFIG_LIBDIR", dir.toString(), "PKG_CONFIG_PATH", dir.toString());
        PeersBuild.MakeResult glib = PeersBuild.make(PeersBuild.peersDir(),
            List.of("BUILD=" + dir.resolve("build"), PeersBuild.GLIB), noLibraries);
        PeersBuild.MakeResult sdbus = PeersBuild.make(PeersBuild.peersDir(),
            List.of("BUILD=" + dir.resolve("build"), PeersBuild.SDBUS), noLibraries);
        assertNotEquals(0, glib.exitCode());
        assertNotEquals(0, sdbus.exitCode());
        assertEquals(1, glib.stderr().lines().count(), glib.stderr());
        assertEquals(1, sdbus.stderr().lines().count(), sdbus.stderr());
        assertTrue(glib.reason().contains("gio-2.0 (Debian: libglib2.0-dev)"), glib.reason());
        assertTrue(sdbus.reason().contains("libsystemd (Debian: libsystemd-dev)"), sdbus.reason());
    }

    @Test
    void underCiAMissingPeerFailsElsewhereItIsSkipped() {
        String reason = "Makefile:32: *** peers: cannot build the GLib peers: missing a C compiler (cc, Debian: gcc).  Stop.";
        AssertionFailedError failed = assertThrows(AssertionFailedError.class, () -> PeersBuild.unavailable(reason, "true"));
        assertEquals(reason, failed.getMessage());
        TestAbortedException skipped = assertThrows(TestAbortedException.class, () -> PeersBuild.unavailable(reason, null));
        assertTrue(skipped.getMessage().contains(reason), skipped.getMessage());
        assertThrows(TestAbortedException.class, () -> PeersBuild.unavailable(reason, "false"));
    }

    private static Path which(String program) {
        for (String dir : System.getenv("PATH").split(":")) {
            Path candidate = Path.of(dir, program);
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        throw new AssertionFailedError(program + " is not on the PATH");
    }
}
