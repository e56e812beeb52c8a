package org.dbuslab.client.hostile;

import org.dbuslab.client.ClientMain;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Fuzzes the client's reader from the other end of a real socket: a {@link FakePeer} authenticates, answers the
 * probe, answers the first calls correctly and then sends mutated replies ({@link Mutation}: lengths, signatures,
 * header fields, alignment, serials, random bytes, truncation, silence). Every case must end within its bound with
 * exit 0 or 1, every call counted (lost, mismatched, errors), one line per run and no stack trace, and the direct
 * memory the reader takes for a claimed length within the D-Bus message limit (128 MiB). A corruption no correct
 * reply survives must not pass. Runs for {@code -Ddbuslab.fuzz.seconds} (20) seconds; the seed is printed and can
 * be given with {@code -Ddbuslab.fuzz.seed=N} to replay a run.
 */
class ReplyFuzzIT {

    private static final long SEED = Long.getLong("dbuslab.fuzz.seed", System.nanoTime());
    private static final long BUDGET_NANOS = TimeUnit.SECONDS.toNanos(Long.getLong("dbuslab.fuzz.seconds", 20));
    private static final int REPLY_TIMEOUT_MS = 200;
    /** A case: connecting, two runs, and abandoning a silent connection after 3 reply timeouts, on a loaded machine. */
    private static final long CASE_BOUND_SECONDS = 40;
    /** The D-Bus limit on a whole message, which the reader enforces, plus room for the buffers of one connection. */
    private static final long DIRECT_MEMORY_BOUND = (128L << 20) + (16L << 20);
    private static final int CALLS = 12;
    private static final int RUNS = 2;

    @TempDir
    Path dir;

    @Test
    void hostileRepliesAreCountedAndNeverHangCrashOrTakeUnboundedMemory() throws Exception {
        System.out.println("ReplyFuzzIT seed " + SEED + " (replay with -Ddbuslab.fuzz.seed=" + SEED + ")");
        Random random = new Random(SEED);
        ExecutorService pool = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "fuzz-client");
            t.setDaemon(true);
            return t;
        });
        MemoryPeak peak = new MemoryPeak();
        long end = System.nanoTime() + BUDGET_NANOS;
        int cases = 0;
        int failedAsTheyMust = 0;
        try {
            while (System.nanoTime() < end) {
                failedAsTheyMust += runCase(cases++, random.nextLong(), pool, peak) ? 1 : 0;
            }
        } finally {
            peak.close();
            pool.shutdownNow();
        }
        System.out.println("ReplyFuzzIT: " + cases + " cases, " + failedAsTheyMust + " sure corruptions caught, peak "
            + "direct memory of a case " + (peak.worst >> 20) + " MiB");
        assertTrue(cases >= 3, "too few cases ran: " + cases);
    }

    /** @return true when the case's mutation surely corrupts and the client said so (exit 1) */
    private boolean runCase(int number, long caseSeed, ExecutorService pool, MemoryPeak peak) throws Exception {
        Random r = new Random(caseSeed);
        Mutation mutation = Mutation.values()[r.nextInt(Mutation.values().length)];
        int firstBad = r.nextInt(CALLS * RUNS);
        boolean persistent = r.nextBoolean();
        String mode = r.nextBoolean() ? "sync" : "async";
        String callPath = r.nextInt(4) == 0 ? "dbus-java" : "lean";
        int payload = 8 + r.nextInt(2000);
        String what = "case " + number + " (seed " + SEED + ", case seed " + caseSeed + "): " + mutation + " from call "
            + firstBad + (persistent ? " on" : " once") + ", " + mode + ", " + callPath + ", " + payload + " B";
        Path csv = dir.resolve("fuzz-" + number + ".csv");
        FakePeer.Responder responder = (index, call, serial) -> {
            byte[] reply = TestFrames.echoReply(call, serial);
            if (index < firstBad || (!persistent && index > firstBad)) {
                return reply;
            }
            return mutation.apply(reply, call, serial, new Random(caseSeed ^ index));
        };
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        String unreachable = ""; // what the peer heard and where the threads were, should the connect time out
        System.gc(); // the direct buffers of earlier cases go, so this case's peak is its own
        peak.startCase();
        try (FakePeer peer = FakePeer.unix(dir.resolve("fuzz-" + number + ".sock"), FakePeer.Opening.ANSWER, responder)) {
            String[] args = {"--address", peer.address(), "--peer", "--mode", mode, "--window", "4",
                "--call-path", callPath, "--payload", String.valueOf(payload), "--calls", String.valueOf(CALLS),
                "--runs", String.valueOf(RUNS), "--warmup-runs", "0", "--seed", String.valueOf(caseSeed),
                "--reply-timeout", String.valueOf(REPLY_TIMEOUT_MS), "--connect-timeout", "30000", "--csv", csv.toString()};
            Future<Integer> client = pool.submit(() -> ClientMain.run(args, new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true)));
            try {
                code = client.get(CASE_BOUND_SECONDS, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                String threads = threadDump();
                client.cancel(true);
                fail(what + ": the client hung; stderr: " + err + "\nthreads:\n" + threads);
                return false;
            }
            if (code == 2) {
                unreachable = "\npeer heard: " + peer.saslTranscript() + "\nthreads:\n" + threadDump();
            }
        }
        long casePeak = peak.endCase();
        String stderr = err.toString(StandardCharsets.UTF_8);
        assertTrue(code == 0 || code == 1, what + ": exit " + code + "; " + stderr + unreachable);
        assertFalse(stderr.contains("\tat ") || stderr.contains("Exception in thread"), what + ": " + stderr);
        assertTrue(stderr.strip().lines().count() <= RUNS + 1, what + ": a line per run and one more at most: " + stderr);
        assertTrue(casePeak <= DIRECT_MEMORY_BOUND, what + ": direct memory grew by " + (casePeak >> 20) + " MiB");
        List<String> rows = Files.readAllLines(csv);
        assertTrue(rows.size() >= 2 && rows.size() <= 1 + RUNS, what + ": " + rows);
        long failed = 0;
        for (String row : rows.subList(1, rows.size())) {
            String[] f = row.split(",", -1);
            assertEquals(rows.get(0).split(",").length, f.length, what + ": row intact: " + row);
            long bad = Long.parseLong(f[7]) + Long.parseLong(f[8]) + Long.parseLong(f[9]);
            assertTrue(bad <= CALLS, what + ": " + row);
            failed += bad;
        }
        assertEquals(code == 0, failed == 0 && rows.size() == 1 + RUNS, what + ": exit " + code + " for " + rows);
        if (mutation.surelyFails()) {
            assertEquals(1, code, what + ": a corruption passed as clean: " + stderr);
            return true;
        }
        return false;
    }

    private static String threadDump() {
        StringBuilder dump = new StringBuilder();
        Thread.getAllStackTraces().forEach((thread, stack) -> {
            dump.append('"').append(thread.getName()).append("\" ").append(thread.getState()).append('\n');
            for (StackTraceElement frame : stack) {
                dump.append("    ").append(frame).append('\n');
            }
        });
        return dump.toString();
    }

    /** Samples the JVM's direct buffer memory every few milliseconds; keeps each case's rise over its start. */
    private static final class MemoryPeak implements AutoCloseable {
        private final BufferPoolMXBean direct = ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class).stream()
            .filter(b -> b.getName().equals("direct")).findFirst().orElseThrow();
        private final Thread sampler = new Thread(this::sample, "fuzz-memory");
        private volatile long baseline;
        private volatile long highest;
        private volatile boolean stop;
        long worst;

        MemoryPeak() {
            sampler.setDaemon(true);
            sampler.start();
        }

        void startCase() {
            baseline = direct.getMemoryUsed();
            highest = baseline;
        }

        long endCase() {
            long rise = Math.max(0, highest - baseline);
            worst = Math.max(worst, rise);
            return rise;
        }

        private void sample() {
            while (!stop) {
                highest = Math.max(highest, direct.getMemoryUsed());
                try {
                    Thread.sleep(2);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }

        @Override
        public void close() {
            stop = true;
            sampler.interrupt();
        }
    }
}
