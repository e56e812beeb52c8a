package org.dbuslab.testkit;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A child process spoken to in lines (for the modules' tests that run the lab's programs): its stdout is read by a thread into a queue, so every wait for a line has a
 * timeout; its stderr goes to a file, shown when something goes wrong. Closing it ends it (TERM, then KILL).
 */
public final class LineProcess implements AutoCloseable {

    private static final String END = "\u0000end";

    private final Process process;
    private final Path stderr;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final OutputStream stdin;

    private LineProcess(Process process, Path stderr) {
        this.process = process;
        this.stderr = stderr;
        this.stdin = process.getOutputStream();
        Thread reader = new Thread(this::readLines, "stdout of " + process.pid());
        reader.setDaemon(true);
        reader.start();
    }

    public static LineProcess start(List<String> command) throws IOException {
        Path err = Files.createTempFile("dbus-lab-stderr-", ".txt");
        Process process = new ProcessBuilder(command).redirectError(err.toFile()).start();
        return new LineProcess(process, err);
    }

    private void readLines() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
            StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lines.add(line);
            }
        } catch (IOException e) {
            // the process went; END says so
        }
        lines.add(END);
    }

    /** The next stdout line, or an IOException (with the process's stderr) when none comes in time. */
    public String nextLine(Duration timeout) throws IOException, InterruptedException {
        String line = lines.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (line == null || END.equals(line)) {
            if (END.equals(line)) {
                lines.add(END);
            }
            throw new IOException((line == null ? "no line within " + timeout : "stdout ended") + " from "
                + process.info().command().orElse("?") + "; stderr: " + stderr());
        }
        return line;
    }

    public void send(String line) throws IOException {
        stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        stdin.flush();
    }

    /** The exit code, waiting at most {@code timeout}; -1 if it is still running. */
    public int waitFor(Duration timeout) throws InterruptedException {
        return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS) ? process.exitValue() : -1;
    }

    public long pid() {
        return process.pid();
    }

    public String stderr() {
        try {
            return Files.readString(stderr).trim();
        } catch (IOException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }

    @Override
    public void close() throws InterruptedException, IOException {
        if (process.isAlive()) {
            process.destroy();
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        }
        Files.deleteIfExists(stderr);
    }
}
