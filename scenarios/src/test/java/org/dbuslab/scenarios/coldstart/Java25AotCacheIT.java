package org.dbuslab.scenarios.coldstart;

import org.dbuslab.scenarios.cli.GetProducts;
import org.dbuslab.scenarios.support.MockOnBus;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Where a JDK 25 is installed: the scenario's functions make a real AOT cache from a training run of the cold-start
 * CLI against the installer mock, and a run with it prints the products and maps the cache. A machine without a
 * JDK 25 skips this test with jdk25_find's reason (also under CI: the lab does not require a JDK 25; the scenario
 * then skips its java25-aot contender with the same reason, ColdStartJava25PlanTest).
 */
class Java25AotCacheIT {

    @TempDir
    Path dir;

    @Test
    void theCacheIsMadeAndUsed() throws Exception {
        JavaAotShell.Result found = JavaAotShell.run("jdk25_find", Map.of(), 60);
        Assumptions.assumeTrue(found.exitCode() == 0, found.stdout());
        String java25 = found.stdout();
        String classPath = jarClassPath();
        Path cache = dir.resolve("cli.aot");
        try (MockOnBus bus = MockOnBus.start("dbus-daemon", 3)) {
            Map<String, String> env = Map.of("DBUS_SYSTEM_BUS_ADDRESS", bus.address());
            Path log = dir.resolve("aot-create.err");
            JavaAotShell.Result made = JavaAotShell.run("java_aot_create \"$1\" \"$2\" \"$3\" -cp \"$4\" \"$5\"", env, 120,
                java25, cache.toString(), log.toString(), classPath, GetProducts.class.getName());
            assertEquals(0, made.exitCode(), () -> readQuietly(log));
            assertTrue(Files.size(cache) > 0, "an empty cache");

            JavaAotShell.Result run = runWithCache(java25, cache, classPath, env);
            assertEquals(0, run.exitCode(), run.stderr());
            assertTrue(run.stdout().contains("(\"Tumbleweed\", \"openSUSE Tumbleweed\")"), run.stdout());
            assertTrue(run.stderr().contains("Opened AOT cache " + cache), run.stderr());

            Path garbage = Files.writeString(dir.resolve("garbage.aot"), "not a cache");
            JavaAotShell.Result refused = runWithCache(java25, garbage, classPath, env);
            assertNotEquals(0, refused.exitCode(), "AOTMode=on must refuse a cache it cannot use: " + refused.stdout());
        }
    }

    /** A run as the scenario makes it (java_aot_args), with the AOT log on stderr. */
    private static JavaAotShell.Result runWithCache(String java25, Path cache, String classPath, Map<String, String> env)
        throws Exception {
        return JavaAotShell.run("mapfile -t args < <(java_aot_args \"$2\")\n"
                + "exec \"$1\" -Xlog:aot=info:stderr \"${args[@]}\" -cp \"$3\" \"$4\"", env, 60,
            java25, cache.toString(), classPath, GetProducts.class.getName());
    }

    /**
     * The CLI's class path as jars only (an AOT cache, like a CDS archive, takes no class directories): this module's
     * classes packed into one jar, then the dependency jars of the test class path.
     */
    private String jarClassPath() throws IOException {
        Path classes = Path.of(GetProducts.class.getProtectionDomain().getCodeSource().getLocation().getPath());
        Path jar = dir.resolve("scenarios-classes.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar)); Stream<Path> files = Files.walk(classes)) {
            for (Path file : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                out.putNextEntry(new JarEntry(classes.relativize(file).toString().replace(File.separatorChar, '/')));
                Files.copy(file, (OutputStream) out);
                out.closeEntry();
            }
        }
        List<String> entries = new ArrayList<>(List.of(jar.toString()));
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (entry.endsWith(".jar") && Files.isRegularFile(Path.of(entry))) {
                entries.add(entry);
            }
        }
        return String.join(File.pathSeparator, entries);
    }

    private static String readQuietly(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }
}
