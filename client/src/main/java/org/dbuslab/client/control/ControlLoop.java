package org.dbuslab.client.control;

import org.dbuslab.cli.AllocatedBytes;
import org.dbuslab.client.record.LatencyLog;
import org.dbuslab.client.run.JitClock;
import org.dbuslab.client.run.PayloadGenerator;
import org.dbuslab.client.run.RunResult;
import org.dbuslab.format.ControlProtocol;
import org.dbuslab.format.ControlProtocol.Command;
import org.dbuslab.format.ControlProtocol.CommandError;
import org.dbuslab.format.ControlProtocol.Done;
import org.dbuslab.format.ControlProtocol.Fatal;
import org.dbuslab.format.ControlProtocol.Reply;
import org.dbuslab.format.ControlProtocol.Run;
import org.dbuslab.format.ControlProtocolException;
import org.dbuslab.format.ControlProtocolReader;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

/**
 * A persistent client's --control mode (org.dbuslab.format.ControlProtocol): once connected it says {@code ready},
 * then makes one run per {@code run} command and answers {@code done}, until {@code quit} or the end of its
 * commands. Each run is the client's ordinary run code, so warm-up runs warm exactly what measured runs execute.
 * A malformed command is answered with {@code error} and the loop goes on; a run that leaves the connection dead is
 * answered with its {@code done} (its calls counted as lost or errors) and then {@code fatal}, exit code 1.
 * Each {@code done} says what the JVM's threads allocated during the run ({@code alloc_bytes}), read right before
 * and right after the run, outside its timed window: the run's calls and its per-run set-up (the latency histogram,
 * the window's queue), not the command's parsing or the reply's formatting.
 */
public final class ControlLoop {

    /** The exit code after {@code quit} or the end of the commands, and after a {@code fatal}. */
    public static final int EXIT_QUIT = 0;
    public static final int EXIT_FATAL = 1;

    /** Most calls outstanding: each holds its payload until its reply is verified. */
    public static final int MAX_WINDOW = 1 << 16;
    /** Most payload bytes outstanding at once (window x payload), so a command cannot exhaust the heap. */
    public static final long MAX_OUTSTANDING_BYTES = 256L << 20;

    private final ControlledClient client;
    private final boolean sync;
    private final int maxPayloadBytes;
    private final LatencyLog latencies;
    private final JitClock jit;
    private final AllocatedBytes allocated = AllocatedBytes.ofThisJvm();
    private final PrintStream replies;
    private final PrintStream err;
    private final String prog;

    /**
     * @param sync      the process's mode: every run must then have window 1
     * @param latencies where each run's per-call latencies go, as an interval tagged with the run's TAG (null: nowhere)
     * @param replies   the protocol's output (stdout); nothing else may be written there
     * @param err       human messages, each starting with {@code prog}
     */
    public ControlLoop(ControlledClient client, boolean sync, int maxPayloadBytes, LatencyLog latencies, JitClock jit,
                       PrintStream replies, PrintStream err, String prog) {
        this.client = client;
        this.sync = sync;
        this.maxPayloadBytes = maxPayloadBytes;
        this.latencies = latencies;
        this.jit = jit;
        this.replies = replies;
        this.err = err;
        this.prog = prog;
    }

    /**
     * Takes the process's stdout for the protocol (UTF-8 whatever the locale) and points System.out at stderr, so
     * nothing a library prints (dbus-java logs through slf4j-simple to stderr anyway) can break the protocol. Call
     * it before connecting.
     */
    public static PrintStream claimStdout() {
        System.out.flush();
        System.setOut(System.err);
        return new PrintStream(new FileOutputStream(FileDescriptor.out), false, StandardCharsets.UTF_8);
    }

    /** Says ready, serves {@code commands} to their end or {@code quit}, and returns the exit code. */
    public int serve(InputStream commands) {
        ControlProtocolReader reader = new ControlProtocolReader(commands);
        if (!reply(new ControlProtocol.Ready())) {
            return EXIT_FATAL;
        }
        while (true) {
            Command command;
            try {
                String line = reader.readLine();
                if (line == null) {
                    return EXIT_QUIT; // the runner closed our stdin: same as quit, nobody is left to say bye to
                }
                command = ControlProtocol.parseCommand(line);
            } catch (ControlProtocolException e) {
                if (!reply(new CommandError(e.getMessage()))) {
                    return EXIT_FATAL;
                }
                continue;
            } catch (IOException e) {
                err.println(prog + ": error: cannot read commands: " + e.getMessage());
                return EXIT_FATAL;
            }
            if (!(command instanceof Run run)) {
                return reply(new ControlProtocol.Bye()) ? EXIT_QUIT : EXIT_FATAL;
            }
            String refusal = refusal(run);
            if (refusal != null) {
                if (!reply(new CommandError(refusal))) {
                    return EXIT_FATAL;
                }
                continue;
            }
            Integer exit = execute(run);
            if (exit != null) {
                return exit;
            }
        }
    }

    /** Why this process cannot make {@code run}, or null. */
    private String refusal(Run run) {
        if (sync && run.window() != 1) {
            return "run " + run.tag() + ": WINDOW must be 1 in sync mode, was " + run.window();
        }
        if (run.payloadBytes() > maxPayloadBytes) {
            return "run " + run.tag() + ": PAYLOAD_BYTES must be at most " + maxPayloadBytes + ", was "
                + run.payloadBytes();
        }
        if (run.window() > MAX_WINDOW) {
            return "run " + run.tag() + ": WINDOW must be at most " + MAX_WINDOW + ", was " + run.window();
        }
        long outstanding = (long) Math.min(run.window(), run.calls()) * Math.max(1, run.payloadBytes());
        if (outstanding > MAX_OUTSTANDING_BYTES) {
            return "run " + run.tag() + ": WINDOW x PAYLOAD_BYTES must be at most " + MAX_OUTSTANDING_BYTES
                + " bytes outstanding, was " + outstanding;
        }
        return null;
    }

    /** Makes one run and answers it; returns the exit code when the loop must end, else null. */
    private Integer execute(Run run) {
        Instant started = Instant.now();
        long jitBefore = jit.compiledMillis();
        PayloadGenerator payloads = new PayloadGenerator(run.payloadBytes(), run.seed());
        long allocatedBefore = allocated.read();
        RunResult result;
        try {
            result = client.run(run.window(), run.calls(), payloads);
        } catch (Exception e) {
            String why = e.getMessage() != null ? e.getMessage() : e.toString();
            reply(new Done(run.tag(), 1, run.calls(), 0, 0, run.calls(), -1, started, "the run failed: " + why));
            return fatal("run " + run.tag() + " failed: " + why);
        }
        long allocatedAfter = allocated.read();
        long jitAfter = jit.compiledMillis();
        long endMillis = System.currentTimeMillis();
        if (latencies != null) {
            try {
                latencies.append(run.tag(), result.latencies(), started.toEpochMilli(), endMillis);
            } catch (RuntimeException e) {
                return fatal(e.getMessage() != null ? e.getMessage() : e.toString());
            }
        }
        long jitMillis = jitBefore < 0 || jitAfter < 0 ? -1 : jitAfter - jitBefore;
        boolean answered = reply(new Done(run.tag(), Math.max(1, result.elapsedNanos()), result.calls(), result.lost(),
            result.mismatched(), result.errors(), jitMillis, started, result.firstProblem(),
            AllocatedBytes.delta(allocatedBefore, allocatedAfter)));
        if (!result.clean()) {
            err.println(prog + ": run " + run.tag() + ": lost " + result.lost() + ", mismatched " + result.mismatched()
                + ", errors " + result.errors() + "; first: " + result.firstProblem());
        }
        String lost = client.lostReason();
        if (lost != null) {
            return fatal("the connection is lost: " + lost);
        }
        return answered ? null : EXIT_FATAL;
    }

    /** Says why the client cannot go on, on stderr and as the last reply. */
    private int fatal(String text) {
        err.println(prog + ": error: " + text);
        reply(new Fatal(text));
        return EXIT_FATAL;
    }

    /** @return false when stdout is gone (the runner died): nobody reads us any more */
    private boolean reply(Reply reply) {
        replies.print(ControlProtocol.encode(reply) + "\n");
        replies.flush();
        if (replies.checkError()) {
            err.println(prog + ": error: cannot write replies to stdout; stopping");
            return false;
        }
        return true;
    }
}
