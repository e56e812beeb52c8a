package org.dbuslab.faults.support;

import org.junit.jupiter.api.function.Executable;

import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The guarantees of issue 13 as checks, each an {@link Executable} so a case reports every guarantee it breaks at
 * once (assertAll), not only the first.
 */
public final class FaultChecks {

    /** The client's line per run, and its line on how the warm-up ended: its normal output, not messages. */
    private static final Pattern CLIENT_SUMMARY = Pattern.compile(
        "^\\S+ \\S+ (sync|async) \\d+ B( window \\d+ (run|warm-up) \\d+/\\d+: |: warm-up ended after ).*");
    /** Frames, causes and exception headers: what a stack trace is made of. */
    private static final Pattern STACK_TRACE = Pattern.compile(
        "^\\s+at \\S+\\(.*|^\\s*\\.\\.\\. \\d+ more.*|^Caused by: .*|^Exception in thread .*"
            + "|^(\\w+\\.)+\\w*(Exception|Error)(: .*)?$");
    /** The p2p server's normal line per peer that connects or leaves. */
    private static final Pattern PEER_BOOKKEEPING = Pattern.compile(
        "^dbus-lab-server: peer (connected|left) \\(\\d+ connected\\)$");
    /** "... lost 3, mismatched 0, errors 0" at the end of a summary line's counts. */
    private static final Pattern COUNTS = Pattern.compile(
        "\\d+/\\d+: (\\d+) calls[ ,].*lost (\\d+), mismatched (\\d+), errors (\\d+)");

    private FaultChecks() {
    }

    /**
     * What every client that met a fault mid-run must show: it ended by itself with exit 1 (calls lost or failed),
     * the rows it had written before the fault unchanged, no stack trace, at most one line besides its summaries.
     */
    public static Executable endedWithLosses(LabProcess.Exit exit, EchoClient client, List<String> rowsBefore) {
        return () -> org.junit.jupiter.api.Assertions.assertAll(
            failed(exit, client.process()),
            exitCode(1, exit, client.process()),
            rowsIntact(rowsBefore, client.csv()),
            noStackTrace(client.process()),
            atMostOneMessage(client.process()));
    }

    public static Executable exitCode(int expected, LabProcess.Exit exit, LabProcess process) {
        return () -> assertEquals(expected, exit.code(), process.name() + " exit code" + harnessNote(exit)
            + "; stderr:\n" + tail(process) + (exit.killedByHarness() ? whereItWaits(process) : ""));
    }

    /** A fault the lab could not absorb must never end in exit 0. */
    public static Executable failed(LabProcess.Exit exit, LabProcess process) {
        return () -> {
            assertTrue(!exit.killedByHarness(), process.name() + " hung: still running after " + exit.elapsed()
                + "; stderr:\n" + tail(process) + whereItWaits(process));
            assertNotEquals(0, exit.code(), process.name() + " exited 0 after the fault; stderr:\n" + tail(process));
        };
    }

    public static Executable within(Duration bound, Duration taken, String what) {
        return () -> assertTrue(taken.compareTo(bound) <= 0, what + " took " + millis(taken) + ", more than "
            + millis(bound));
    }

    public static Executable noStackTrace(LabProcess process) {
        return () -> {
            List<String> trace = process.stderrLines().stream().filter(l -> STACK_TRACE.matcher(l).matches()).toList();
            assertEquals(List.of(), trace.stream().limit(5).toList(), process.name() + " printed a stack trace ("
                + trace.size() + " lines); stderr:\n" + tail(process));
        };
    }

    /** Apart from its run summaries, the client says at most one line (e.g. why it gave the connection up). */
    public static Executable atMostOneMessage(LabProcess client) {
        return () -> {
            List<String> messages = clientMessages(client);
            assertTrue(messages.size() <= 1, client.name() + " printed " + messages.size()
                + " lines besides its run summaries:\n" + String.join("\n", messages.stream().limit(12).toList()));
        };
    }

    /** A client that could not run at all says why in exactly one line. */
    public static Executable oneMessage(LabProcess client) {
        return () -> {
            List<String> messages = clientMessages(client);
            assertEquals(1, messages.size(), client.name() + " should say why in one line; it printed:\n"
                + String.join("\n", messages.stream().limit(12).toList()));
            assertTrue(messages.get(0).startsWith("dbus-lab-client: "), "not the client's own line: " + messages.get(0));
        };
    }

    /**
     * The server's lines from {@code from} on, its bookkeeping of peers coming and going aside: at most {@code most},
     * each its own ("dbus-lab-server: ...").
     */
    public static Executable serverLines(LabProcess server, int from, int most, String after) {
        return () -> serverLines(server.stderrLines(), from, most, after).execute();
    }

    /** As {@link #serverLines(LabProcess, int, int, String)}, on the lines the server had printed at some moment. */
    public static Executable serverLines(List<String> lines, int from, int most, String after) {
        return () -> {
            List<String> added = lines.subList(Math.min(from, lines.size()), lines.size()).stream()
                .filter(l -> !PEER_BOOKKEEPING.matcher(l).matches()).toList();
            assertTrue(added.size() <= most, "the server printed " + added.size() + " lines after " + after
                + " (at most " + most + "):\n" + String.join("\n", added.stream().limit(12).toList()));
            added.forEach(l -> assertTrue(l.startsWith("dbus-lab-server: "), "not the server's own line: " + l));
        };
    }

    /** The rows written before the fault are still there, unchanged, and every row is a complete run. */
    public static Executable rowsIntact(List<String> before, CsvRows csv) {
        return () -> {
            List<String> after = csv.lines();
            assertTrue(after.size() >= before.size(), csv.file() + " lost rows: " + before.size() + " lines before the "
                + "fault, " + after.size() + " after");
            assertEquals(before, after.subList(0, before.size()), csv.file() + ": rows written before the fault changed");
            csv.rows();
        };
    }

    /** Calls that went unanswered are in the CSV as lost or failed, never dropped. */
    public static Executable unansweredCounted(CsvRows csv) {
        return () -> {
            long unanswered = csv.rows().stream().mapToLong(r -> r.lost() + r.errors()).sum();
            assertTrue(unanswered > 0, "no lost or failed call recorded after the fault: " + csv.lines());
        };
    }

    /** Calls in flight during a stall longer than the reply timeout are lost calls. */
    public static Executable lostCounted(CsvRows csv) {
        return () -> {
            long lost = csv.rows().stream().mapToLong(CsvRows.Row::lost).sum();
            assertTrue(lost > 0, "no lost call recorded after a stall longer than --reply-timeout: " + csv.lines());
        };
    }

    /**
     * Issue 13, item 7: once the other side went silent, a run costs about one reply timeout, not one per window of
     * calls: every run recorded after {@code rowsBefore} took at most {@code perRun}.
     */
    public static Executable runsAfterTheFaultWithin(Duration perRun, List<String> rowsBefore, CsvRows csv) {
        return () -> {
            List<CsvRows.Row> rows = csv.rows();
            for (CsvRows.Row row : rows.subList(Math.min(rows.size(), Math.max(0, rowsBefore.size() - 1)), rows.size())) {
                assertTrue(row.elapsedNanos() <= perRun.toNanos(), row.phase() + " run " + row.run() + " took "
                    + row.elapsedNanos() / 1_000_000 + " ms (" + row.calls() + " calls, lost " + row.lost()
                    + "), more than " + perRun.toMillis() + " ms after its peer went silent");
            }
        };
    }

    /** Issue 13, item 7: a run in which no call got its reply claims no throughput. */
    public static Executable noThroughputWithoutReplies(LabProcess client) {
        return () -> {
            for (String line : client.stderrLines()) {
                var m = COUNTS.matcher(line);
                if (CLIENT_SUMMARY.matcher(line).matches() && line.contains(" lost ")) {
                    assertTrue(m.find(), "a run summary the check cannot read: " + line);
                    long calls = Long.parseLong(m.group(1));
                    long failed = Long.parseLong(m.group(2)) + Long.parseLong(m.group(3)) + Long.parseLong(m.group(4));
                    assertTrue(failed < calls || !line.matches(".* [1-9]\\d* calls/s.*"),
                        "a run without a single reply claims a throughput: " + line);
                }
            }
        };
    }

    /**
     * Issue 13, item 8: a run's latency histogram holds the round trips of the calls that got their echo, and
     * nothing for lost, mismatched or failed calls (they have no round-trip time).
     */
    public static Executable latenciesOnlyOfAnsweredCalls(EchoClient client) {
        return () -> {
            var counts = LatencyLogs.countsByTag(client.latencyLog());
            for (CsvRows.Row row : client.csv().rows()) {
                assertEquals(row.answered(), counts.getOrDefault(row.latencyTag(), 0L), "round trips recorded for "
                    + row.latencyTag() + " (" + row.calls() + " calls, lost " + row.lost() + ", mismatched "
                    + row.mismatched() + ", errors " + row.errors() + ")");
            }
        };
    }

    static List<String> clientMessages(LabProcess client) {
        return client.stderrLines().stream().filter(l -> !CLIENT_SUMMARY.matcher(l).matches()).toList();
    }

    private static String harnessNote(LabProcess.Exit exit) {
        return exit.killedByHarness() ? " (hung: killed by the harness after " + millis(exit.elapsed()) + ")" : "";
    }

    /**
     * The hung process's main and shutdown threads from the dump taken before it was killed: the case's folder is
     * gone after the test, so the failure message is the only place they survive (a client that ended its run clean
     * beside a stalled one, then hung, twice in CI: p2p-unix on 06b39d5, dbus-broker on 2837bbd).
     */
    private static String whereItWaits(LabProcess process) {
        return "\nwhere it waits:\n" + process.hungThreads();
    }

    private static String tail(LabProcess process) {
        List<String> lines = process.stderrLines();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size()));
    }

    private static String millis(Duration d) {
        return d.toMillis() + " ms";
    }
}
