package org.dbuslab.runner.exec;

import org.dbuslab.format.ControlProtocol;
import org.dbuslab.format.ControlProtocolException;
import org.dbuslab.format.ControlProtocolReader;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * One persistent client (the Java client or the raw-floor client in --control mode), driven run by run over
 * the control channel (org.dbuslab.format.ControlProtocol): started once, {@link #awaitReady} after it has
 * connected, then {@link #run} per run, {@link #quit} at the end. Its replies are read by a thread of their
 * own, so every wait here is bounded: a client that does not answer within the run's timeout is killed and
 * the run counts as failed, and one that died is reported with its last complaint.
 */
public final class ClientProcess {

    /** How a run ended. DONE: the client's done line; every other kind has no done line. */
    public enum Ending { DONE, TIMED_OUT, DIED, REFUSED }

    /** A run's outcome: the done line (null unless DONE), the CPU of client, bus and server around it. */
    public record Outcome(Ending ending, ControlProtocol.Done done, CpuMeter.Cpu cpu, String problem) {
        public boolean finished() {
            return ending == Ending.DONE;
        }
    }

    /** The client did not get to 'ready' (exited, timed out, or said something else). */
    public static final class NotReady extends Exception {
        NotReady(String reason) {
            super(reason);
        }
    }

    private static final Object END = new Object();

    private final Supervisor supervisor;
    private final Child child;
    private final BlockingQueue<Object> replies = new LinkedBlockingQueue<>();
    private String fatal;

    private ClientProcess(Supervisor supervisor, Child child) {
        this.supervisor = supervisor;
        this.child = child;
        Thread reader = new Thread(this::readReplies, "replies-" + child.name());
        reader.setDaemon(true);
        reader.start();
    }

    /** Starts the client (LAUNCH gets pipes); then {@link #awaitReady}. */
    public static ClientProcess start(Supervisor supervisor, String name, Launch launch) throws IOException {
        return new ClientProcess(supervisor, supervisor.start(name, launch.withPipes()));
    }

    public Child child() {
        return child;
    }

    public long pid() {
        return child.pid();
    }

    /** Replies (or a line that is not one, as a String problem) in order; END when stdout closes. */
    private void readReplies() {
        ControlProtocolReader reader = new ControlProtocolReader(child.stdout());
        try {
            String line;
            while ((line = reader.readLine()) != null) {
                try {
                    replies.add(ControlProtocol.parseReply(line));
                } catch (ControlProtocolException e) {
                    replies.add("not a control reply (" + e.getMessage() + ")");
                }
            }
        } catch (ControlProtocolException e) {
            replies.add("unreadable reply: " + e.getMessage());
        } catch (IOException e) {
            // stdout closed under us: the process is being stopped
        }
        replies.add(END);
    }

    /** Waits at most TIMEOUT for 'ready'; a client that does not get there is stopped. */
    public void awaitReady(Duration timeout) throws NotReady, InterruptedException {
        Object reply = replies.poll(timeout.toNanos(), TimeUnit.NANOSECONDS);
        if (reply instanceof ControlProtocol.Ready) {
            return;
        }
        String reason;
        if (reply == null) {
            reason = "no ready line within " + timeout.toSeconds() + " s: " + child.lastComplaint();
        } else {
            reason = describeEnd(reply);
        }
        supervisor.stop(child);
        throw new NotReady(reason);
    }

    /**
     * One run: CPU of the client (its pid), BUSPIDS and SERVERPIDS read before the command and after its done
     * line. A client that takes longer than TIMEOUT is killed (TIMED_OUT); one that exits is DIED.
     */
    public Outcome run(ControlProtocol.Run command, Duration timeout, CpuMeter meter, List<Long> busPids,
                       List<Long> serverPids) throws InterruptedException {
        if (fatal != null || !child.alive()) {
            return new Outcome(Ending.DIED, null, CpuMeter.Cpu.UNKNOWN, deadReason());
        }
        CpuMeter.Reading cpu = meter.start(List.of(child.pid()), busPids, serverPids);
        try {
            child.stdin().write(ControlProtocol.encode(command));
            child.stdin().write('\n');
            child.stdin().flush();
        } catch (IOException e) {
            return new Outcome(Ending.DIED, null, CpuMeter.Cpu.UNKNOWN, deadReason());
        }
        Object reply = replies.poll(timeout.toNanos(), TimeUnit.NANOSECONDS);
        CpuMeter.Cpu used = cpu.stop();
        if (reply == null) {
            supervisor.stop(child);
            fatal = "killed: run " + command.tag() + " took longer than " + timeout.toSeconds() + " s";
            return new Outcome(Ending.TIMED_OUT, null, used, "timed out after " + timeout.toSeconds() + " s: "
                + child.lastComplaint());
        }
        if (reply instanceof ControlProtocol.Done done) {
            if (!done.tag().equals(command.tag())) {
                supervisor.stop(child);
                fatal = "answered run " + command.tag() + " with the done line of " + done.tag();
                return new Outcome(Ending.DIED, null, used, fatal);
            }
            return new Outcome(Ending.DONE, done, used, done.problem());
        }
        if (reply instanceof ControlProtocol.CommandError error) {
            return new Outcome(Ending.REFUSED, null, used, "client refused the command: " + error.text());
        }
        return new Outcome(Ending.DIED, null, used, describeEnd(reply));
    }

    /** 'quit', 'bye' within TIMEOUT and the exit; the client is stopped in any case. */
    public boolean quit(Duration timeout) throws InterruptedException {
        boolean clean = false;
        if (fatal == null && child.alive()) {
            try {
                child.stdin().write(ControlProtocol.encode(new ControlProtocol.Quit()));
                child.stdin().write('\n');
                child.stdin().flush();
                Object reply = replies.poll(timeout.toNanos(), TimeUnit.NANOSECONDS);
                clean = reply instanceof ControlProtocol.Bye && child.waitFor(timeout).orElse(-1) == 0;
            } catch (IOException e) {
                // it is gone: stop() reaps it
            }
        }
        supervisor.stop(child);
        return clean;
    }

    /** Why the client is no longer usable. */
    private String deadReason() {
        if (fatal != null) {
            return fatal;
        }
        return "client exited (status " + child.exitCode().orElse(-1) + "): " + child.lastComplaint();
    }

    private String describeEnd(Object reply) throws InterruptedException {
        if (reply instanceof ControlProtocol.Fatal f) {
            fatal = "client gave up: " + f.text();
            child.waitFor(Duration.ofSeconds(5));
            return fatal;
        }
        if (reply instanceof String problem) {
            supervisor.stop(child);
            fatal = "client broke the control protocol: " + problem;
            return fatal;
        }
        if (reply == END) {
            child.waitFor(Duration.ofSeconds(5));
            fatal = "client exited (status " + child.exitCode().orElse(-1) + "): " + child.lastComplaint();
            return fatal;
        }
        supervisor.stop(child);
        fatal = "client sent an unexpected " + reply.getClass().getSimpleName().toLowerCase() + " reply";
        return fatal;
    }
}
