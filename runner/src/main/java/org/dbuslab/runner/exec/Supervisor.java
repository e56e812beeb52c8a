package org.dbuslab.runner.exec;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Owns every process of a session: it starts them (each in its own session, output to its log files),
 * remembers them, and stops all of them on {@link #close()}: TERM to every one (and its descendants) at once,
 * so their grace periods overlap, KILL to whatever still runs after the grace, then the cleanup actions
 * (bus.sh down), last registered first. Close runs once, whoever calls it first: the session at its end or on
 * a failure, or the shutdown hook on SIGINT/SIGTERM.
 */
public final class Supervisor implements AutoCloseable {

    /** setsid(1) when installed; without it the children stay in the runner's process group. */
    static final String SETSID = Files.isExecutable(Path.of("/usr/bin/setsid")) ? "/usr/bin/setsid"
        : Files.isExecutable(Path.of("/bin/setsid")) ? "/bin/setsid" : null;

    private final Duration grace;
    private final Consumer<String> say;
    private final List<Child> children = new ArrayList<>();
    private final Deque<Cleanup> cleanups = new ArrayDeque<>();
    private boolean closed;
    private Thread hook;
    private Path pidLog;

    private record Cleanup(String what, Runnable action) {
    }

    public Supervisor(Duration grace, Consumer<String> say) {
        this.grace = grace;
        this.say = say;
    }

    /** Starts LAUNCH; its command line goes to LOGBASE.cmd, stdout (unless piped) and stderr to .out/.err. */
    public synchronized Child start(String name, Launch launch) throws IOException {
        if (closed) {
            throw new IllegalStateException("the session is stopping: " + name + " not started");
        }
        Files.createDirectories(launch.logBase().toAbsolutePath().getParent());
        StringBuilder cmd = new StringBuilder();
        launch.environment().forEach((k, v) -> cmd.append(k).append('=').append(v).append(' '));
        Files.writeString(launch.cmd(), cmd + String.join(" ", launch.command()) + "\n", StandardCharsets.UTF_8);
        ProcessBuilder builder = new ProcessBuilder(launch.argv());
        builder.environment().putAll(launch.environment());
        builder.redirectError(launch.err().toFile());
        if (launch.piped()) {
            builder.redirectInput(ProcessBuilder.Redirect.PIPE).redirectOutput(ProcessBuilder.Redirect.PIPE);
        } else {
            builder.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .redirectOutput(launch.out().toFile());
        }
        Child child = new Child(name, builder.start(), launch);
        children.add(child);
        if (pidLog != null) {
            Files.writeString(pidLog, name + "\t" + child.pid() + "\t" + java.time.Instant.now() + "\t"
                + launch.logBase() + "\n", StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.CREATE,
                java.nio.file.StandardOpenOption.APPEND);
        }
        return child;
    }

    /** From now on every start is recorded in FILE: name, pid, start time, log base (logs/processes.tsv). */
    public synchronized Supervisor recordPidsIn(Path file) {
        this.pidLog = file;
        return this;
    }

    /** An action for close(), e.g. bus.sh down; run after every child has been stopped, last added first. */
    public synchronized void onClose(String what, Runnable action) {
        cleanups.push(new Cleanup(what, action));
    }

    /** Stops CHILD now (TERM, KILL after the grace) and forgets it. */
    public void stop(Child child) {
        stopAll(List.of(child));
        synchronized (this) {
            children.remove(child);
        }
    }

    /** SIGINT and SIGTERM (and any other exit) stop everything: the JVM runs close() before it exits. */
    public synchronized Supervisor installShutdownHook() {
        if (hook == null) {
            hook = new Thread(this::close, "supervisor-shutdown");
            Runtime.getRuntime().addShutdownHook(hook);
        }
        return this;
    }

    public synchronized List<Child> children() {
        return List.copyOf(children);
    }

    @Override
    public void close() {
        List<Child> toStop;
        List<Cleanup> toRun;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            toStop = new ArrayList<>(children);
            children.clear();
            toRun = new ArrayList<>(cleanups);
            cleanups.clear();
        }
        java.util.Collections.reverse(toStop);
        stopAll(toStop);
        for (Cleanup c : toRun) {
            try {
                c.action().run();
            } catch (RuntimeException e) {
                say.accept("  note: " + c.what() + " failed: " + Logs.oneLine(String.valueOf(e.getMessage())));
            }
        }
        removeHook();
    }

    private synchronized void removeHook() {
        if (hook != null && Thread.currentThread() != hook) {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // already shutting down
            }
        }
    }

    /** TERM to every process (and its descendants, taken before, as TERM may orphan them), then KILL. */
    private void stopAll(List<Child> targets) {
        List<ProcessHandle> all = new ArrayList<>();
        for (Child child : targets) {
            ProcessHandle handle = child.process().toHandle();
            List<ProcessHandle> tree = new ArrayList<>(handle.descendants().toList());
            tree.add(0, handle);
            all.addAll(tree);
        }
        all.forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + grace.toNanos();
        for (ProcessHandle h : all) {
            long left = deadline - System.nanoTime();
            if (left > 0) {
                try {
                    h.onExit().get(left, TimeUnit.NANOSECONDS);
                } catch (java.util.concurrent.TimeoutException | java.util.concurrent.ExecutionException e) {
                    // KILL below
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        for (ProcessHandle h : all) {
            if (h.isAlive()) {
                h.destroyForcibly();
            }
        }
        for (Child child : targets) {
            try {
                child.process().waitFor(grace.toMillis() + 1000, TimeUnit.MILLISECONDS); // reap
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            closeQuietly(child);
        }
    }

    private static void closeQuietly(Child child) {
        try {
            child.process().getOutputStream().close();
        } catch (IOException | UncheckedIOException e) {
            // it is gone anyway
        }
    }
}
