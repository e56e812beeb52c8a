package org.dbuslab.lean;

import org.dbuslab.server.installer.InstallerMock;
import org.dbuslab.server.installer.ProductCatalog;
import org.dbuslab.testkit.LabPaths;
import org.dbuslab.testkit.PrivateBus;
import org.dbuslab.testkit.TestJvm;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The packaged CLI as the cold-start scenario runs it (lab/run-scenarios.sh, contenders java-lean and
 * java25-lean-aot): its jar alone on the class path, against the installer mock on real private buses, plain, and
 * with the contenders' options (lab/lib/java_lean.sh) and class archives: an AppCDS archive on this JVM (Java 17) and,
 * where a JDK 25 is installed, its AOT cache made by the lab's own lab/lib/java_aot.sh.
 */
class GetProductsIT {

    private static final Path JAR = Path.of("target/dbus-lab-lean.jar").toAbsolutePath();
    private static final String MAIN = GetProducts.class.getName();
    private static final String EXPECTED = ProductsReplyTest.expectedLine(ProductCatalog.of(10)) + "\n";

    @TempDir
    Path dir;

    record Result(int exitCode, String stdout, String stderr) {
    }

    @ParameterizedTest
    @ValueSource(strings = {"dbus-daemon", "dbus-broker"})
    void printsTheMocksProductsWithItsJarAsTheWholeClassPath(String transport) throws Exception {
        try (PrivateBus bus = PrivateBus.start(transport);
             InstallerMock mock = InstallerMock.start(bus.address(), ProductCatalog.of(10))) {
            Result r = run(bus.address(), command(List.of()));
            assertEquals(new Result(0, EXPECTED, ""), r);
        }
    }

    @Test
    void theJarHoldsThisModulesClassesOnly() throws IOException {
        assertTrue(Files.isRegularFile(JAR), JAR + " (the package phase makes it)");
        try (JarFile jar = new JarFile(JAR.toFile())) {
            List<String> foreign = jar.stream().map(e -> e.getName())
                .filter(n -> !n.startsWith("META-INF/") && !n.startsWith("org/dbuslab/lean/") && !n.endsWith("/")).toList();
            assertEquals(List.of(), foreign);
            assertEquals(MAIN, jar.getManifest().getMainAttributes().getValue("Main-Class"));
        }
    }

    @Test
    void anErrorReplyIsOneLineOnStderrAndExitOne() throws Exception {
        try (PrivateBus bus = PrivateBus.start("dbus-daemon")) { // no mock: the bus answers for the missing name
            Result r = run(bus.address(), command(List.of()));
            assertEquals(1, r.exitCode(), r.toString());
            assertEquals("", r.stdout());
            assertEquals("lean-get-products: error: org.freedesktop.DBus.Error.ServiceUnknown: The name "
                + "org.opensuse.DInstaller.Software was not provided by any .service files\n", r.stderr());
        }
    }

    @Test
    void aBusThatIsNotThereIsOneLineToo() throws Exception {
        Result r = run("unix:path=" + dir.resolve("gone.sock"), command(List.of()));
        assertEquals(new Result(1, "", "lean-get-products: error: cannot connect to " + dir.resolve("gone.sock")
            + ": No such file or directory\n"), r);
    }

    @Test
    void withAnAppCdsArchiveAsJavaLeanRuns() throws Exception {
        Path jsa = dir.resolve("java-lean.jsa");
        List<String> lean = leanFlags();
        assertTrue(!lean.isEmpty() && lean.stream().allMatch(f -> f.startsWith("-X")), lean.toString());
        try (PrivateBus bus = PrivateBus.start("dbus-daemon");
             InstallerMock mock = InstallerMock.start(bus.address(), ProductCatalog.of(10))) {
            Result dump = run(bus.address(), command(concat(lean, "-XX:ArchiveClassesAtExit=" + jsa)));
            assertEquals(0, dump.exitCode(), dump.stderr());
            assertTrue(Files.size(jsa) > 0);
            Result mapped = run(bus.address(), command(concat(lean, "-XX:SharedArchiveFile=" + jsa, "-Xshare:on",
                "-Xlog:class+load=info:file=" + dir.resolve("classes.log"))));
            assertEquals(new Result(0, EXPECTED, ""), mapped);
            String classes = Files.readString(dir.resolve("classes.log"));
            assertTrue(classes.contains("org.dbuslab.lean.GetProducts source: shared objects file (top)"),
                "the CLI's classes come from the archive");
        }
    }

    @Test
    void withAJdk25AotCacheAsJava25LeanAotRuns() throws Exception {
        Result found = shell("jdk25_find", Map.of());
        Assumptions.assumeTrue(found.exitCode() == 0, found.stdout().strip());
        String java25 = found.stdout().strip();
        Path cache = dir.resolve("java25-lean-aot.aot");
        try (PrivateBus bus = PrivateBus.start("dbus-daemon");
             InstallerMock mock = InstallerMock.start(bus.address(), ProductCatalog.of(10))) {
            Map<String, String> env = Map.of("DBUS_SYSTEM_BUS_ADDRESS", bus.address());
            Path log = dir.resolve("aot-create.err");
            Result made = shell("java_aot_create \"$1\" \"$2\" \"$3\" \"${JAVA_LEAN_FLAGS[@]}\" -cp \"$4\" \"$5\"", env, java25,
                cache.toString(), log.toString(), JAR.toString(), MAIN);
            assertEquals(0, made.exitCode(), () -> read(log));
            Result used = shell("mapfile -t args < <(java_aot_args \"$2\")\n"
                + "exec \"$1\" -Xlog:aot=info:file=\"$5\" \"${JAVA_LEAN_FLAGS[@]}\" \"${args[@]}\" -cp \"$3\" \"$4\"", env, java25,
                cache.toString(), JAR.toString(), MAIN, dir.resolve("aot.log").toString());
            assertEquals(new Result(0, EXPECTED, ""), used);
            assertTrue(read(dir.resolve("aot.log")).contains("Opened AOT cache " + cache), read(dir.resolve("aot.log")));
            Path garbage = Files.writeString(dir.resolve("garbage.aot"), "not a cache");
            Result refused = shell("mapfile -t args < <(java_aot_args \"$2\")\nexec \"$1\" \"${args[@]}\" -cp \"$3\" \"$4\"",
                env, java25, garbage.toString(), JAR.toString(), MAIN);
            assertNotEquals(0, refused.exitCode(), "AOTMode=on refuses a cache it cannot use");
        }
    }

    private static List<String> command(List<String> jvmFlags) {
        List<String> command = new ArrayList<>(TestJvm.java());
        command.addAll(jvmFlags);
        command.addAll(List.of("-cp", JAR.toString(), MAIN));
        return command;
    }

    private Result run(String address, List<String> command) throws IOException, InterruptedException {
        return exec(command, Map.of("DBUS_SYSTEM_BUS_ADDRESS", address));
    }

    /** The options run-scenarios.sh gives the lean contenders. */
    private List<String> leanFlags() throws IOException, InterruptedException {
        Result r = shell("printf '%s\\n' \"${JAVA_LEAN_FLAGS[@]}\"", Map.of());
        assertEquals(0, r.exitCode(), r.stderr());
        return r.stdout().lines().toList();
    }

    private static List<String> concat(List<String> first, String... more) {
        List<String> all = new ArrayList<>(first);
        Collections.addAll(all, more);
        return all;
    }

    /**
     * A bash snippet with lab/lib/java_aot.sh and lab/lib/java_lean.sh sourced, as run-scenarios.sh sources them;
     * arguments are "$1", "$2", ...
     */
    private Result shell(String snippet, Map<String, String> env, String... args) throws IOException, InterruptedException {
        Path lib = LabPaths.repositoryRoot().resolve("lab/lib");
        List<String> command = new ArrayList<>(List.of("bash", "-c", "source \"$0/java_aot.sh\"\nsource \"$0/java_lean.sh\"\n"
            + snippet, lib.toString()));
        Collections.addAll(command, args);
        return exec(command, env);
    }

    private Result exec(List<String> command, Map<String, String> env) throws IOException, InterruptedException {
        Path out = Files.createTempFile(dir, "out-", ".txt");
        Path err = Files.createTempFile(dir, "err-", ".txt");
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().remove("LAB_JDK25"); // a developer's own choice must not steer the test
        builder.environment().remove("JAVA_TOOL_OPTIONS");
        builder.environment().putAll(env);
        Process process = builder.start();
        process.getOutputStream().close();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            throw new IOException("timed out: " + command);
        }
        return new Result(process.exitValue(), read(out), read(err));
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }
}
