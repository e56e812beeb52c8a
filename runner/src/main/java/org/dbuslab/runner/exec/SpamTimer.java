package org.dbuslab.runner.exec;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * One {@code lab/timed-run.py --serve} process for the whole session: each spam run is one JSON line to its
 * stdin and one result line back, so no run pays a python start (about 1 s per spam run on the loaded 2-core
 * machine). It forks, times and reaps each command exactly as the one-shot mode did (from before the fork to
 * after wait4, the fixed cost included). The Supervisor stops it with everything else (Ctrl-C too); a timer
 * that does not answer in time is stopped, and the next command starts a fresh one.
 */
public final class SpamTimer implements AutoCloseable {

    /** What stands for the end of the timer's stdout in the reply queue. */
    private static final String END = "\u0000end";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Supervisor supervisor;
    private final List<String> command;
    private final Path logBase;
    private final CpuPlacement.Cpus cpus;
    private Child child;
    private BlockingQueue<String> replies;
    private int started;

    /**
     * @param command the timer's command line, e.g. {@code python3 lab/timed-run.py --serve}
     * @param logBase where its .cmd and .err go
     * @param cpus    where it and so every command it forks may run (the client's CPUs)
     */
    public SpamTimer(Supervisor supervisor, List<String> command, Path logBase, CpuPlacement.Cpus cpus) {
        this.supervisor = supervisor;
        this.command = List.copyOf(command);
        this.logBase = logBase;
        this.cpus = cpus;
    }

    /** How many timer processes were started so far (1 for a session in which none failed). */
    public synchronized int processesStarted() {
        return started;
    }

    /**
     * Runs ARGV and waits at most WAIT for its result line; null when the timer did not answer in time or
     * ended (it is then stopped). The line is timed-run.py's: {@code elapsed_ns=N cpu_ns=N status=N timed_out=0|1},
     * or {@code error=TEXT} when the timer could not run the command.
     */
    public synchronized String time(List<String> argv, Duration timeout, Path stdin, Path stdout, Path stderr,
                                    Map<String, String> env, Duration wait) throws IOException, InterruptedException {
        if (child == null || !child.alive()) {
            start();
        }
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("timeout", Math.max(1, timeout.toMillis()) / 1000.0);
        line.put("argv", argv);
        line.put("stdin", stdin.toString());
        line.put("stdout", stdout.toString());
        line.put("stderr", stderr.toString());
        line.put("env", env);
        try {
            child.stdin().write(JSON.writeValueAsString(line));
            child.stdin().newLine();
            child.stdin().flush();
        } catch (IOException e) {
            stopChild();
            return null;
        }
        String reply = replies.poll(wait.toNanos(), TimeUnit.NANOSECONDS);
        if (reply == null || reply.equals(END)) {
            stopChild();
            return null;
        }
        return reply;
    }

    private void start() throws IOException {
        stopChild();
        child = supervisor.start("spam-timer", Launch.of(logBase, command).withPipes().on(cpus));
        started++;
        BlockingQueue<String> queue = new LinkedBlockingQueue<>();
        replies = queue;
        BufferedReader reader = new BufferedReader(new InputStreamReader(child.stdout(), StandardCharsets.UTF_8));
        Thread t = new Thread(() -> {
            try {
                String l;
                while ((l = reader.readLine()) != null) {
                    queue.add(l);
                }
            } catch (IOException e) {
                // stdout closed under us: the timer is being stopped
            }
            queue.add(END);
        }, "replies-spam-timer");
        t.setDaemon(true);
        t.start();
    }

    private void stopChild() {
        if (child != null) {
            supervisor.stop(child);
            child = null;
        }
    }

    /** Ends the timer (its stdin closes, it exits); the Supervisor would stop it anyway at the session's end. */
    @Override
    public synchronized void close() {
        stopChild();
    }
}
