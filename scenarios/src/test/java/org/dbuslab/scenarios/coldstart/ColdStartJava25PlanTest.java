package org.dbuslab.scenarios.coldstart;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * How the cold-start scenario plans its java25-aot contender (lab/lib/java_aot.sh): which JDK it takes, and the one
 * line it records in skipped.tsv when it cannot. The JDKs here are stand-in {@code bin/java} scripts that report
 * a version, so every case runs on any machine; Java25AotCacheIT makes a real cache.
 */
class ColdStartJava25PlanTest {

    @TempDir
    Path dir;

    @Test
    void theNewestJdkOf25OrLaterUnderTheRootIsTaken() throws Exception {
        Path root = Files.createDirectory(dir.resolve("jvm"));
        fakeJdk(root.resolve("java-17"), "17");
        fakeJdk(root.resolve("temurin-25"), "25");
        fakeJdk(root.resolve("temurin-26"), "26");
        fakeJdk(root.resolve("broken"), null);
        JavaAotShell.Result r = find(Map.of("JDK_ROOT", root.toString()));
        assertEquals(0, r.exitCode(), r.stdout() + r.stderr());
        assertEquals(root.resolve("temurin-26/bin/java").toString(), r.stdout());
    }

    @Test
    void withoutAJdk25TheReasonSaysWhereItLooked() throws Exception {
        Path root = Files.createDirectory(dir.resolve("jvm"));
        fakeJdk(root.resolve("java-17"), "17");
        fakeJdk(root.resolve("java-21"), "21");
        JavaAotShell.Result r = find(Map.of("JDK_ROOT", root.toString()));
        assertEquals(1, r.exitCode());
        assertEquals("no JDK 25 or later in " + root + " (Java 25 AOT cache, JEP 483/514; LAB_JDK25=JAVA_HOME names "
            + "one elsewhere)", r.stdout());
        JavaAotShell.Result none = find(Map.of("JDK_ROOT", dir.resolve("absent").toString()));
        assertEquals(1, none.exitCode());
        assertTrue(none.stdout().startsWith("no JDK 25 or later in " + dir.resolve("absent")), none.stdout());
    }

    @Test
    void labJdk25NamesTheOnlyJdkTried() throws Exception {
        Path root = Files.createDirectory(dir.resolve("jvm"));
        fakeJdk(root.resolve("temurin-26"), "26");
        Path old = fakeJdk(dir.resolve("old"), "17");
        Path chosen = fakeJdk(dir.resolve("chosen"), "25");
        JavaAotShell.Result r = find(Map.of("JDK_ROOT", root.toString(), "LAB_JDK25", chosen.toString()));
        assertEquals(0, r.exitCode(), r.stdout());
        assertEquals(chosen.resolve("bin/java").toString(), r.stdout());
        JavaAotShell.Result tooOld = find(Map.of("JDK_ROOT", root.toString(), "LAB_JDK25", old.toString()));
        assertEquals(1, tooOld.exitCode());
        assertEquals("LAB_JDK25=" + old + " is Java 17, not 25 or later (the AOT cache of JEP 483/514)", tooOld.stdout());
        JavaAotShell.Result missing = find(Map.of("LAB_JDK25", dir.resolve("nothing").toString()));
        assertEquals(1, missing.exitCode());
        assertEquals("LAB_JDK25=" + dir.resolve("nothing") + " has no bin/java", missing.stdout());
    }

    @Test
    void everyRunUsesTheCacheOrFails() throws Exception {
        JavaAotShell.Result r = JavaAotShell.run("java_aot_args \"$1\"", Map.of(), 10, "/x/cli.aot");
        List<String> args = r.stdout().lines().toList();
        assertEquals("-XX:AOTCache=/x/cli.aot", args.get(0));
        assertTrue(args.contains("-XX:AOTMode=on"), args.toString());
    }

    @Test
    void aFailedTrainingRunLeavesItsComplaintForTheSkipLine() throws Exception {
        Path failing = fakeJdk(dir.resolve("failing"), "25", "echo 'Error: could not reach the bus' >&2; exit 1");
        Path silent = fakeJdk(dir.resolve("silent"), "25", "exit 0");
        for (Path jdk : List.of(failing, silent)) {
            Path cache = dir.resolve(jdk.getFileName() + ".aot");
            Path log = dir.resolve(jdk.getFileName() + ".err");
            JavaAotShell.Result r = JavaAotShell.run("java_aot_create \"$1\" \"$2\" \"$3\" -cp x.jar Main", Map.of(), 10,
                jdk.resolve("bin/java").toString(), cache.toString(), log.toString());
            assertEquals(1, r.exitCode(), jdk + ": " + r.stderr());
            assertTrue(Files.notExists(cache), jdk.toString());
            String complaint = Files.readString(log).strip();
            assertEquals(jdk == failing ? "Error: could not reach the bus" : "the training run made no AOT cache " + cache,
                complaint);
        }
    }

    private static JavaAotShell.Result find(Map<String, String> environment) throws Exception {
        return JavaAotShell.run("jdk25_find", environment, 30);
    }

    private static Path fakeJdk(Path home, String feature) throws IOException {
        return fakeJdk(home, feature, "exit 0");
    }

    /** A JAVA_HOME whose bin/java reports java.specification.version FEATURE (none: it only fails) and else runs OTHERWISE. */
    private static Path fakeJdk(Path home, String feature, String otherwise) throws IOException {
        Path java = Files.createDirectories(home.resolve("bin")).resolve("java");
        String settings = feature == null ? "exit 1"
            : "printf 'Property settings:\\n    java.specification.version = " + feature + "\\n' >&2; exit 0";
        Files.writeString(java, "#!/bin/sh\nif [ \"$1\" = -XshowSettings:properties ]; then " + settings + "; fi\n"
            + otherwise + "\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        return home;
    }
}
