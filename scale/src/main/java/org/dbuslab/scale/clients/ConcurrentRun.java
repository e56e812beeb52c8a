package org.dbuslab.scale.clients;

import org.dbuslab.client.callpath.EchoCallPath;
import org.dbuslab.client.run.EchoRun;
import org.dbuslab.client.run.PayloadGenerator;
import org.dbuslab.client.run.RunResult;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * N clients at once, each a thread with its own connection, for the same stretch of time. Each client runs the
 * client module's {@link EchoRun} in batches until the deadline, so every reply is verified exactly as in a
 * single-client run; all start together on one latch. A client whose batch had a problem stops (its counts
 * stand) rather than piling up errors on a dead connection.
 */
public final class ConcurrentRun {

    private final List<EchoCallPath> paths;
    private final int window;
    private final int payloadBytes;
    private final long replyTimeoutNanos;

    public ConcurrentRun(List<EchoCallPath> paths, int window, int payloadBytes, long replyTimeoutNanos) {
        this.paths = List.copyOf(paths);
        this.window = window;
        this.payloadBytes = payloadBytes;
        this.replyTimeoutNanos = replyTimeoutNanos;
    }

    /** Calls per batch: large enough that draining the window at a batch's end costs little. */
    int batchCalls() {
        return Math.max(100, 8 * window);
    }

    /** Every client calls for {@code durationNanos}; payload seeds differ per client, batch and {@code seed}. */
    public ConcurrentResult run(long durationNanos, long seed) throws InterruptedException {
        int n = paths.size();
        List<ClientTally> tallies = new ArrayList<>(n);
        List<Thread> threads = new ArrayList<>(n);
        CountDownLatch ready = new CountDownLatch(n);
        CountDownLatch go = new CountDownLatch(1);
        long[] startedAt = new long[1];
        for (int i = 0; i < n; i++) {
            ClientTally tally = new ClientTally();
            tallies.add(tally);
            EchoRun echo = new EchoRun(paths.get(i), window, replyTimeoutNanos);
            long clientSeed = seed * 1_000_003L + i * 65_537L;
            Thread thread = new Thread(() -> {
                ready.countDown();
                try {
                    go.await();
                    callUntil(echo, tally, startedAt[0] + durationNanos, clientSeed);
                } catch (InterruptedException e) {
                    tally.failed("interrupted");
                } catch (RuntimeException e) {
                    tally.failed(e.toString());
                }
                tally.finished(System.nanoTime() - startedAt[0]);
            }, "scale-client-" + i);
            threads.add(thread);
            thread.start();
        }
        ready.await();
        startedAt[0] = System.nanoTime(); // written before go.countDown(), which publishes it to the clients
        go.countDown();
        for (Thread thread : threads) {
            thread.join();
        }
        return new ConcurrentResult(tallies, System.nanoTime() - startedAt[0]);
    }

    private void callUntil(EchoRun echo, ClientTally tally, long deadline, long clientSeed) throws InterruptedException {
        for (long batch = 0; System.nanoTime() < deadline; batch++) {
            RunResult result = echo.run(batchCalls(), new PayloadGenerator(payloadBytes, clientSeed + batch));
            tally.add(result);
            if (!result.clean()) {
                return;
            }
        }
    }
}
