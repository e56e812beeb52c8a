package org.dbuslab.runner.exec;

import java.io.BufferedWriter;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;

/** A process the {@link Supervisor} started and will stop. */
public final class Child {

    private final String name;
    private final Process process;
    private final Launch launch;
    private final BufferedWriter stdin;
    private final InputStream stdout;

    Child(String name, Process process, Launch launch) {
        this.name = name;
        this.process = process;
        this.launch = launch;
        if (launch.piped()) {
            stdin = new BufferedWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8));
            stdout = process.getInputStream();
        } else {
            stdin = null;
            stdout = null;
        }
    }

    public String name() {
        return name;
    }

    public long pid() {
        return process.pid();
    }

    Process process() {
        return process;
    }

    public Launch launch() {
        return launch;
    }

    public boolean alive() {
        return process.isAlive();
    }

    /** The exit status once it has ended (128 + N for a signal N, as a shell reports it). */
    public OptionalInt exitCode() {
        return process.isAlive() ? OptionalInt.empty() : OptionalInt.of(process.exitValue());
    }

    /** Waits at most TIMEOUT for the process to end; its status, or empty if it still runs. */
    public OptionalInt waitFor(Duration timeout) throws InterruptedException {
        if (process.waitFor(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
            return OptionalInt.of(process.exitValue());
        }
        return OptionalInt.empty();
    }

    /** Its last complaint on stderr (see {@link Logs#lastLine}), or "no output" when it printed none. */
    public String lastComplaint() {
        String last = Logs.lastLine(launch.err());
        return last.isBlank() ? "no output" : last;
    }

    public Path out() {
        return launch.out();
    }

    /** The command pipe of a piped child. */
    public BufferedWriter stdin() {
        if (stdin == null) {
            throw new IllegalStateException(name + " was not started with pipes");
        }
        return stdin;
    }

    /** The reply pipe of a piped child. */
    public InputStream stdout() {
        if (stdout == null) {
            throw new IllegalStateException(name + " was not started with pipes");
        }
        return stdout;
    }

    @Override
    public String toString() {
        return name + " (pid " + pid() + ")";
    }
}
