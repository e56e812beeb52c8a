package org.dbuslab.runner;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bad input is one line on stderr and exit 2; a machine that cannot run the session is exit 3. */
class RunnerMainTest {

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(Map<String, String> env, String... args) {
        return RunnerMain.run(args, env, new PrintStream(out, true), new PrintStream(err, true));
    }

    @Test
    void helpGoesToStdoutWithExitZero() {
        assertEquals(0, run(Map.of(), "--help"));
        assertTrue(out.toString().startsWith("Usage: lab/run-all.sh"), out.toString());
        assertEquals("", err.toString());
    }

    @Test
    void badOptionIsOneLineAndExitTwo() {
        assertEquals(2, run(Map.of(), "--calls", "many"));
        assertEquals(1, err.toString().lines().count(), err.toString());
        assertTrue(err.toString().startsWith("run-all.sh: error: --calls"), err.toString());
        assertEquals("", out.toString());
    }

    @Test
    void missingJarsCannotRunHere() {
        assertEquals(3, run(Map.of("LAB_REPO", dir.toString()), "--quick"));
        assertEquals("run-all.sh: error: missing server/target/dbus-lab-server.jar (run without --no-build, or build"
            + " with mvn -B package -DskipTests)\n", err.toString());
    }

    @Test
    void anOutFolderWithRunsIsRefused() throws Exception {
        fakeJars();
        Path results = Files.createDirectories(dir.resolve("results"));
        Files.writeString(results.resolve("runs.csv"), "transport\n");
        assertEquals(2, run(Map.of("LAB_REPO", dir.toString(), "LAB_SESSION_LOCK", dir.resolve("session.lock").toString()), "--quick", "--out", results.toString()));
        assertTrue(err.toString().contains("already holds a runs.csv"), err.toString());
        assertEquals("transport\n", Files.readString(results.resolve("runs.csv")), "raw results stay intact");
    }

    @Test
    void anOutFolderThatCannotBeCreatedIsOneLineWithTheReason() throws Exception {
        fakeJars();
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        assertEquals(2, run(Map.of("LAB_REPO", dir.toString(), "LAB_SESSION_LOCK", dir.resolve("session.lock").toString()), "--quick", "--out", file.resolve("x").toString()));
        assertEquals(List.of("run-all.sh: error: cannot create " + file.resolve("x") + ": Not a directory"),
            err.toString().lines().toList());
        assertEquals("", out.toString());
    }

    private void fakeJars() throws Exception {
        for (Path jar : org.dbuslab.runner.exec.LabLayout.of(dir).jars()) {
            Files.createDirectories(jar.getParent());
            Files.writeString(jar, "not really a jar");
        }
    }
}
