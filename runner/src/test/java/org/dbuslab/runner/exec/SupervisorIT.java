package org.dbuslab.runner.exec;

import org.dbuslab.testkit.TestJvm;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SupervisorIT {

    @TempDir
    Path dir;

    private static boolean gone(long pid) {
        return ProcessHandle.of(pid).map(h -> !h.isAlive()).orElse(true) || !ProcStat.runningSince(pid, 0);
    }

    @Test
    void closeStopsEveryChildEvenOneThatIgnoresTerm() throws Exception {
        Supervisor supervisor = new Supervisor(Duration.ofMillis(500), m -> { }).recordPidsIn(dir.resolve("processes.tsv"));
        Child polite = supervisor.start("polite", Launch.of(dir.resolve("polite"), List.of("sleep", "60")));
        Child stubborn = supervisor.start("stubborn", Launch.of(dir.resolve("stubborn"),
            List.of("bash", "-c", "trap '' TERM; echo up; while :; do sleep 0.05; done")));
        waitForLine(dir.resolve("stubborn.out"), "up");
        long t0 = System.nanoTime();
        supervisor.close();
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        assertTrue(gone(polite.pid()) && gone(stubborn.pid()), "both stopped");
        assertEquals(143, polite.exitCode().orElseThrow(), "TERM stopped the polite one");
        assertEquals(137, stubborn.exitCode().orElseThrow(), "KILL after the grace stopped the other");
        assertTrue(ms < 5000, "bounded by the grace, took " + ms + " ms");
        assertEquals("sleep 60\n", Files.readString(dir.resolve("polite.cmd")));
        List<String> pids = Files.readAllLines(dir.resolve("processes.tsv"));
        assertEquals(2, pids.size(), pids.toString());
        assertTrue(pids.get(0).startsWith("polite\t" + polite.pid() + "\t"), pids.get(0));
    }

    @Test
    void descendantsAreStoppedWithTheirParent() throws Exception {
        Supervisor supervisor = new Supervisor(Duration.ofSeconds(2), m -> { });
        Child parent = supervisor.start("parent", Launch.of(dir.resolve("parent"),
            List.of("bash", "-c", "sleep 60 & echo $!; wait")));
        long grandchild = Long.parseLong(waitForLine(dir.resolve("parent.out"), null).trim());
        assertFalse(gone(grandchild));
        supervisor.close();
        assertTrue(gone(parent.pid()));
        waitUntil(() -> gone(grandchild), "the grandchild is stopped too");
    }

    @Test
    void cleanupsRunAfterTheChildrenLastFirstAndCloseRunsOnce() throws Exception {
        List<String> events = new CopyOnWriteArrayList<>();
        Supervisor supervisor = new Supervisor(Duration.ofSeconds(1), events::add);
        Child child = supervisor.start("c", Launch.of(dir.resolve("c"), List.of("sleep", "60")));
        supervisor.onClose("first", () -> events.add("first:" + child.alive()));
        supervisor.onClose("second", () -> events.add("second"));
        supervisor.onClose("broken", () -> {
            throw new IllegalStateException("boom");
        });
        supervisor.close();
        supervisor.close();
        assertEquals(List.of("  note: broken failed: boom", "second", "first:false"), events);
    }

    @Test
    void aBoundedWaitReportsAChildStillRunningAndStopEndsIt() throws Exception {
        Supervisor supervisor = new Supervisor(Duration.ofSeconds(1), m -> { });
        Child child = supervisor.start("hang", Launch.of(dir.resolve("hang"), List.of("sleep", "60")));
        assertEquals(OptionalInt.empty(), child.waitFor(Duration.ofMillis(200)));
        supervisor.stop(child);
        assertFalse(child.alive());
        assertTrue(supervisor.children().isEmpty());
        supervisor.close();
    }

    @Test
    void aChildThatDiedIsSeenWithItsStatusAndComplaint() throws Exception {
        try (Supervisor supervisor = new Supervisor(Duration.ofSeconds(1), m -> { })) {
            Child child = supervisor.start("dies", Launch.of(dir.resolve("dies"),
                List.of("bash", "-c", "echo 'Exception: it broke' >&2; echo '\tat frame' >&2; exit 3")));
            assertEquals(OptionalInt.of(3), child.waitFor(Duration.ofSeconds(10)));
            assertFalse(child.alive());
            assertEquals("Exception: it broke", child.lastComplaint());
        }
    }

    @Test
    void pipedChildTalksOverStdinAndStdout() throws Exception {
        try (Supervisor supervisor = new Supervisor(Duration.ofSeconds(1), m -> { })) {
            Child cat = supervisor.start("cat", Launch.of(dir.resolve("cat"), List.of("cat")).withPipes());
            cat.stdin().write("hello\n");
            cat.stdin().flush();
            assertEquals("hello", new org.dbuslab.format.ControlProtocolReader(cat.stdout()).readLine());
        }
    }

    @Test
    void theRunnerStopsItsChildrenWhenItIsTerminated() throws Exception {
        // A JVM that owns a sleeping child through a Supervisor with its shutdown hook, terminated by SIGTERM.
        Path pidFile = dir.resolve("child.pid");
        List<String> cmd = TestJvm.java();
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), HookedRunner.class.getName(), dir.toString(),
            pidFile.toString()));
        Process runner = new ProcessBuilder(cmd).redirectErrorStream(true)
            .redirectOutput(dir.resolve("runner.log").toFile()).start();
        try {
            waitUntil(() -> Files.exists(pidFile) && sizeOf(pidFile) > 0, "the runner started its child");
            long child = Long.parseLong(Files.readString(pidFile).trim());
            assertFalse(gone(child));
            runner.destroy(); // SIGTERM
            assertTrue(runner.waitFor(20, TimeUnit.SECONDS), "the runner exits");
            assertEquals(143, runner.exitValue());
            waitUntil(() -> gone(child), "its child was stopped by the shutdown hook");
        } finally {
            runner.destroyForcibly();
        }
    }

    /** The JVM of {@link #theRunnerStopsItsChildrenWhenItIsTerminated}. */
    public static final class HookedRunner {
        public static void main(String[] args) throws Exception {
            Supervisor supervisor = new Supervisor(Duration.ofSeconds(1), System.err::println).installShutdownHook();
            Child child = supervisor.start("sleeper", Launch.of(Path.of(args[0], "sleeper"), List.of("sleep", "120")));
            Files.writeString(Path.of(args[1]), Long.toString(child.pid()));
            Thread.sleep(120_000);
        }
    }

    private static long sizeOf(Path p) {
        try {
            return Files.size(p);
        } catch (java.io.IOException e) {
            return 0;
        }
    }

    static String waitForLine(Path file, String line) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline) {
            if (Files.exists(file)) {
                String text = Files.readString(file);
                if (line == null ? text.endsWith("\n") : text.lines().anyMatch(line::equals)) {
                    return text;
                }
            }
            Thread.sleep(20);
        }
        throw new AssertionError("no line in " + file);
    }

    static void waitUntil(java.util.function.BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within 20 s: " + what);
            }
            Thread.sleep(20);
        }
    }
}
