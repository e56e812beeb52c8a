package org.dbuslab.runner.exec;

import org.dbuslab.format.ControlProtocol;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The runner's side of the control channel against a scripted client (bash speaking the protocol), for the
 * cases a real client makes hard to stage: hangs, deaths, refusals. ClientProcessRealClientIT drives the
 * real client jar.
 */
class ClientProcessIT {

    /** Answers every run with a done line (after spinning a little, so it uses CPU); hangs on tag 'hang'. */
    private static final String SCRIPTED = """
        echo ready
        while read -r cmd phase tag bytes window calls seed; do
          case "$cmd $tag" in
            "quit "*) echo bye; exit 0 ;;
            "run hang") sleep 600 ;;
            "run die") echo 'Exception: connection reset' >&2; exit 1 ;;
            "run bad") echo 'not a reply' ;;
            run*) i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done
                  echo "done $tag elapsed_ns=123456 calls=$calls lost=0 mismatched=0 errors=0 jit_ms=2 started_utc=2026-12-01T14:00:00.000001Z problem=-" ;;
            *) echo "error unknown command $cmd" ;;
          esac
        done
        """;

    @TempDir
    Path dir;

    private final CpuMeter meter = new CpuMeter(new CpuClock());

    private ClientProcess scripted(Supervisor supervisor, String script) throws Exception {
        return ClientProcess.start(supervisor, "client", Launch.of(dir.resolve("client"), List.of("bash", "-c", script)));
    }

    private static ControlProtocol.Run run(String tag) {
        return new ControlProtocol.Run("measure", tag, 1000, 1, 50, 7);
    }

    @Test
    void runReturnsTheDoneLineAndTheClientsCpu() throws Exception {
        try (Supervisor supervisor = new Supervisor(Duration.ofSeconds(1), m -> { })) {
            ClientProcess client = scripted(supervisor, SCRIPTED);
            client.awaitReady(Duration.ofSeconds(10));
            ClientProcess.Outcome outcome = client.run(run("c1.b1"), Duration.ofSeconds(10), meter, List.of(), List.of());
            assertEquals(ClientProcess.Ending.DONE, outcome.ending());
            assertEquals("c1.b1", outcome.done().tag());
            assertEquals(50, outcome.done().calls());
            assertEquals(123456, outcome.done().elapsedNanos());
            assertTrue(outcome.cpu().clientNs().orElseThrow() > 0, "the client spun: " + outcome.cpu());
            assertEquals(0, outcome.cpu().busNs().orElseThrow(), "no bus");
            assertTrue(client.quit(Duration.ofSeconds(5)), "quit -> bye -> exit 0");
        }
    }

    @Test
    void aClientThatHangsIsKilledAfterTheRunTimeout() throws Exception {
        try (Supervisor supervisor = new Supervisor(Duration.ofSeconds(1), m -> { })) {
            ClientProcess client = scripted(supervisor, SCRIPTED);
            client.awaitReady(Duration.ofSeconds(10));
            long t0 = System.nanoTime();
            ClientProcess.Outcome outcome = client.run(run("hang"), Duration.ofSeconds(1), meter, List.of(), List.of());
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertEquals(ClientProcess.Ending.TIMED_OUT, outcome.ending());
            assertTrue(ms < 1000 + 1000 + 2000, "timeout + grace, took " + ms);
            assertFalse(client.child().alive(), "killed");
            assertEquals("timed out after 1 s: no output", outcome.problem(), "a silent client's reason is never empty");
            assertEquals(ClientProcess.Ending.DIED,
                client.run(run("next"), Duration.ofSeconds(1), meter, List.of(), List.of()).ending(),
                "a killed client runs nothing more");
        }
    }

    @Test
    void aClientThatDiesMidRunIsReportedWithItsComplaint() throws Exception {
        try (Supervisor supervisor = new Supervisor(Duration.ofSeconds(1), m -> { })) {
            ClientProcess client = scripted(supervisor, SCRIPTED);
            client.awaitReady(Duration.ofSeconds(10));
            ClientProcess.Outcome outcome = client.run(run("die"), Duration.ofSeconds(10), meter, List.of(), List.of());
            assertEquals(ClientProcess.Ending.DIED, outcome.ending());
            assertTrue(outcome.problem().contains("status 1") && outcome.problem().contains("connection reset"),
                outcome.problem());
        }
    }

    @Test
    void aReplyThatIsNotProtocolStopsTheClient() throws Exception {
        try (Supervisor supervisor = new Supervisor(Duration.ofSeconds(1), m -> { })) {
            ClientProcess client = scripted(supervisor, SCRIPTED);
            client.awaitReady(Duration.ofSeconds(10));
            ClientProcess.Outcome outcome = client.run(run("bad"), Duration.ofSeconds(10), meter, List.of(), List.of());
            assertEquals(ClientProcess.Ending.DIED, outcome.ending());
            assertTrue(outcome.problem().startsWith("client broke the control protocol"), outcome.problem());
            assertFalse(client.child().alive());
        }
    }

    @Test
    void aClientThatNeverGetsReadyIsStoppedWithinTheTimeout() throws Exception {
        try (Supervisor supervisor = new Supervisor(Duration.ofSeconds(1), m -> { })) {
            ClientProcess silent = scripted(supervisor, "echo 'connecting...' >&2; sleep 600");
            ClientProcess.NotReady e = assertThrows(ClientProcess.NotReady.class,
                () -> silent.awaitReady(Duration.ofMillis(500)));
            assertTrue(e.getMessage().startsWith("no ready line within 0 s: connecting..."), e.getMessage());
            assertFalse(silent.child().alive());

            ClientProcess refused = scripted(supervisor, "echo 'cannot connect: no such socket' >&2; exit 2");
            ClientProcess.NotReady gone = assertThrows(ClientProcess.NotReady.class,
                () -> refused.awaitReady(Duration.ofSeconds(10)));
            assertTrue(gone.getMessage().contains("status 2") && gone.getMessage().contains("no such socket"),
                gone.getMessage());
        }
    }
}
