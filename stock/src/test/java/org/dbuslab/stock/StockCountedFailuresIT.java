package org.dbuslab.stock;

import org.dbuslab.client.run.EchoRun;
import org.dbuslab.client.run.PayloadGenerator;
import org.dbuslab.client.run.RunResult;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Corrupted replies count as mismatched and unanswered calls as lost, through the proxy and the async API alike. */
class StockCountedFailuresIT {

    @Test
    void corruptedRepliesAreMismatched() throws Exception {
        try (ServerOn server = ServerOn.start(ServerOn.Kind.STOCK, "dbus-daemon", "--corrupt-every", "7")) {
            for (boolean sync : new boolean[] {true, false}) {
                try (StockCallPath path = server.connect(sync, 10_000)) {
                    RunResult result = new EchoRun(path, sync ? 1 : 8, TimeUnit.SECONDS.toNanos(10))
                        .run(70, new PayloadGenerator(1000, 1));
                    String what = sync ? "sync" : "async";
                    // the server counts calls across connections: 70 calls, 10 of them corrupted, wherever they fall
                    assertEquals(10, result.mismatched(), what + ": " + result.firstProblem());
                    assertEquals(60, result.ok(), what);
                    assertEquals(0, result.lost() + result.errors(), what + ": " + result.firstProblem());
                    assertTrue(result.firstProblem().contains("mismatched"), result.firstProblem());
                }
            }
        }
    }

    @Test
    void callsOfAStoppedServerAreLostWithinTheTimeout() throws Exception {
        try (ServerOn server = ServerOn.start(ServerOn.Kind.STOCK, "dbus-daemon")) {
            for (boolean sync : new boolean[] {true, false}) {
                try (StockCallPath path = server.connect(sync, 300)) {
                    signal("STOP", server.process().pid());
                    try {
                        RunResult result = assertTimeoutPreemptively(Duration.ofSeconds(10), () ->
                            new EchoRun(path, sync ? 1 : 2, TimeUnit.MILLISECONDS.toNanos(300))
                                .run(2, new PayloadGenerator(1000, 2)));
                        String what = sync ? "sync" : "async";
                        assertEquals(2, result.lost(), what + ": " + result.firstProblem());
                        assertEquals(0, result.ok() + result.mismatched() + result.errors(), what);
                    } finally {
                        signal("CONT", server.process().pid());
                    }
                }
            }
        }
    }

    static void signal(String name, long pid) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(pid)).inheritIO().start();
        assertEquals(0, kill.waitFor(), "kill -" + name + " " + pid);
    }
}
