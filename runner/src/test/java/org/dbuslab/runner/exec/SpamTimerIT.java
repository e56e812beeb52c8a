package org.dbuslab.runner.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** lab/timed-run.py --serve driven by SpamTimer: one process, one reply per command, timeouts and stops. */
class SpamTimerIT {

    @TempDir
    Path dir;
    private final List<String> said = new ArrayList<>();

    private SpamTimer timer(Supervisor supervisor) {
        return new SpamTimer(supervisor, List.of(SpamRun.PYTHON, RealBus.layout().timedRun().toString(), "--serve"),
            dir.resolve("timer"), CpuPlacement.Cpus.ANY);
    }

    private String time(SpamTimer timer, Duration timeout, Map<String, String> env, String... argv) throws Exception {
        return timer.time(List.of(argv), timeout, Path.of("/dev/null"), dir.resolve("out"), dir.resolve("err"), env,
            timeout.plusSeconds(10));
    }

    @Test
    void oneProcessTimesEveryCommandWithItsStatusOutputAndEnvironment() throws Exception {
        try (Supervisor supervisor = new Supervisor(Duration.ofSeconds(2), said::add); SpamTimer timer = timer(supervisor)) {
            String ok = time(timer, Duration.ofSeconds(5), Map.of("LAB_X", "seen"), "sh", "-c", "echo $LAB_X >&2; echo out");
            assertTrue(ok.matches("elapsed_ns=\\d+ cpu_ns=\\d+ status=0 timed_out=0"), ok);
            assertEquals("seen\n", Files.readString(dir.resolve("err")));
            assertEquals("out\n", Files.readString(dir.resolve("out")));
            String failed = time(timer, Duration.ofSeconds(5), Map.of(), "sh", "-c", "exit 3");
            assertTrue(failed.endsWith("status=3 timed_out=0"), failed);
            String missing = time(timer, Duration.ofSeconds(5), Map.of(), "/nonexistent/command");
            assertTrue(missing.endsWith("status=127 timed_out=0"), missing);
            assertEquals(1, timer.processesStarted());
        }
    }

    @Test
    void aCommandOverItsTimeoutIsKilledAndCountsAsTimedOut() throws Exception {
        try (Supervisor supervisor = new Supervisor(Duration.ofSeconds(2), said::add); SpamTimer timer = timer(supervisor)) {
            long t0 = System.nanoTime();
            String hung = time(timer, Duration.ofMillis(500), Map.of(), "sleep", "30");
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(hung.endsWith("status=143 timed_out=1"), hung);
            assertTrue(ms < 500 + 5000 + 3000, "within timeout + KILL grace + slack: " + ms + " ms");
            // TERM ignored: KILL after the grace
            String stubborn = time(timer, Duration.ofMillis(300), Map.of(), "sh", "-c", "trap '' TERM; sleep 30");
            assertTrue(stubborn.endsWith("timed_out=1"), stubborn);
            assertTrue(time(timer, Duration.ofSeconds(5), Map.of(), "true").endsWith("status=0 timed_out=0"));
            assertEquals(1, timer.processesStarted());
        }
    }

    @Test
    void aTimerThatDoesNotAnswerIsStoppedAndTheNextCommandGetsAFreshOne() throws Exception {
        try (Supervisor supervisor = new Supervisor(Duration.ofSeconds(2), said::add); SpamTimer timer = timer(supervisor)) {
            // waits 1 s for a command that may take 30: no answer, the timer (and its command) are stopped
            Path pid = dir.resolve("pid");
            String none = timer.time(List.of("sh", "-c", "echo $$ > " + pid + "; exec sleep 30"), Duration.ofSeconds(30),
                Path.of("/dev/null"), dir.resolve("out"), dir.resolve("err"), Map.of(), Duration.ofSeconds(1));
            assertNull(none);
            assertTrue(supervisor.children().isEmpty(), "the hung timer is stopped: " + supervisor.children());
            long command = Long.parseLong(Files.readString(pid).trim());
            assertTrue(ProcessHandle.of(command).map(h -> !h.isAlive()).orElse(true), "TERM to the timer ends its command");
            assertTrue(time(timer, Duration.ofSeconds(5), Map.of(), "true").endsWith("status=0 timed_out=0"));
            assertEquals(2, timer.processesStarted());
        }
    }

    @Test
    void aBadLineGetsAnErrorReplyAndSpamRunCountsItAsAFailedRun() {
        SpamRun.Result r = SpamRun.parse("error=argv must be a non-empty list", "", 7, "elapsed_ns=5 cpu_ns=4");
        assertTrue(!r.ok() && r.errors() == 7 && r.callsNs() == -1, r.toString());
        SpamRun.Result none = SpamRun.parse(null, "", 7, "");
        assertTrue(none.timedOut() && none.errors() == 7, none.toString());
    }

    /** libdbus-spam --print-elapsed's line is the calls' time and CPU; anything else on stdout gives none. */
    @Test
    void theCallsTimeIsTakenFromAPrintedLineOnlyOfARunThatSucceeded() {
        String ok = "elapsed_ns=9000000 cpu_ns=100 status=0 timed_out=0";
        SpamRun.Result r = SpamRun.parse(ok, "", 7, "elapsed_ns=1234567 cpu_ns=654321\n");
        assertEquals(List.of(1234567L, 654321L, 100L), List.of(r.callsNs(), r.callsCpuNs(), r.cpuNs()));
        assertEquals(-1, SpamRun.parse(ok, "", 7, "").callsNs(), "nothing printed");
        assertEquals(-1, SpamRun.parse(ok, "", 7, "elapsed_ns=1234567\n").callsNs(), "no CPU: not the program's line");
        assertEquals(-1, SpamRun.parse(ok, "", 7, "elapsed_ns=12 cpu_ns=1\nelapsed_ns=13 cpu_ns=1\n").callsNs(), "two lines");
        assertEquals(-1, SpamRun.parse(ok, "", 7, "elapsed_ns=99999999999999999999999 cpu_ns=1").callsNs(), "past a long");
        assertEquals(-1, SpamRun.parse(ok, "", 7, "elapsed_ns=0 cpu_ns=0").callsNs());
        SpamRun.Result failed = SpamRun.parse("elapsed_ns=9000000 cpu_ns=100 status=1 timed_out=0", "", 7,
            "elapsed_ns=5 cpu_ns=4");
        assertEquals(List.of(-1L, -1L), List.of(failed.callsNs(), failed.callsCpuNs()), "a failed run's line does not count");
    }

    @Test
    void theOneShotModeStillWritesItsResultFileAndExitsWithTheCommandsStatus() throws Exception {
        Path result = dir.resolve("result");
        Process p = new ProcessBuilder(SpamRun.PYTHON, RealBus.layout().timedRun().toString(), "--timeout", "5",
            "--result", result.toString(), "--", "sh", "-c", "exit 3").redirectErrorStream(true).start();
        assertTrue(p.waitFor(30, java.util.concurrent.TimeUnit.SECONDS));
        assertEquals(3, p.exitValue());
        assertTrue(Files.readString(result).trim().matches("elapsed_ns=\\d+ cpu_ns=\\d+ status=3 timed_out=0"),
            Files.readString(result));
    }
}
