package org.dbuslab.client.raw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.dbuslab.client.io.Watchdog;
import org.dbuslab.client.run.PayloadGenerator;
import org.dbuslab.client.run.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pipelined runs' writer thread outlives each run: the runner reads a client's CPU per thread (schedstat) after
 * the run, and a writer that ended with its run took its share with it.
 */
class RawWriterThreadIT {

    @TempDir
    Path dir;

    @Test
    void pipelinedRunsShareOneWriterThreadThatLivesOn() throws Exception {
        RawAddress address = RawAddress.parse("unix:path=" + dir.resolve("raw.sock"));
        try (RawEchoServer.Running server = RawEchoServer.start(address, line -> { });
             Watchdog watchdog = new Watchdog("raw-writer-test-watchdog")) {
            RawEchoRun run = new RawEchoRun(server.address(), 1000, TimeUnit.SECONDS.toNanos(10),
                TimeUnit.SECONDS.toNanos(10), watchdog);
            run.connect();
            try {
                RunResult first = run.run(8, 200, new PayloadGenerator(1000, 1));
                assertEquals(200, first.ok(), first.toString());
                List<Thread> afterFirst = writers();
                assertEquals(1, afterFirst.size(), "one writer thread, alive after its run: " + afterFirst);

                RunResult second = run.run(16, 300, new PayloadGenerator(1000, 2));
                assertEquals(300, second.ok(), second.toString());
                assertEquals(afterFirst, writers(), "the second run used the same writer thread");
            } finally {
                run.close();
            }
            for (Thread writer : writers()) {
                writer.join(5000);
            }
            assertTrue(writers().isEmpty(), "close() ends the writer thread");
        }
    }

    private static List<Thread> writers() {
        return Thread.getAllStackTraces().keySet().stream()
            .filter(t -> t.getName().equals("raw-echo-writer") && t.isAlive()).toList();
    }
}
