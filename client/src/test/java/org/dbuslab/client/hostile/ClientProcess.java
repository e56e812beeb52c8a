package org.dbuslab.client.hostile;

import org.dbuslab.testkit.TestJvm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The client in a JVM of its own, as the lab starts it: everything it prints on stderr is seen, dbus-java's logging
 * and uncaught exceptions in its threads included, which an in-process run cannot capture.
 */
final class ClientProcess {

    private final Process process;
    private final Path stderr;
    private final long startNanos = System.nanoTime();

    private ClientProcess(Process process, Path stderr) {
        this.process = process;
        this.stderr = stderr;
    }

    /** Starts {@code org.dbuslab.client.ClientMain args} with this JVM's class path; stderr goes to a file in {@code dir}. */
    static ClientProcess start(Path dir, String... args) throws IOException {
        List<String> command = TestJvm.java();
        command.addAll(TestJvm.LEAN_FLAGS);
        command.addAll(List.of("--add-exports", "java.base/sun.nio.ch=ALL-UNNAMED",
            "-cp", System.getProperty("java.class.path"), "org.dbuslab.client.ClientMain"));
        command.addAll(List.of(args));
        Path err = Files.createTempFile(dir, "client", ".stderr");
        Process process = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectError(err.toFile()).start();
        return new ClientProcess(process, err);
    }

    /** Waits for the exit; a client still running after {@code seconds} is killed and the test fails. */
    int exitCode(long seconds) throws Exception {
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
            Process jstack = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jstack").toString(),
                String.valueOf(process.pid())).redirectErrorStream(true).start();
            String dump = new String(jstack.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            process.destroyForcibly().waitFor();
            throw new AssertionError("client still running after " + seconds + " s; stderr: " + stderr()
                + "\nits threads then:\n" + dump);
        }
        return process.exitValue();
    }

    /** Milliseconds from the start to now (call after {@link #exitCode}). */
    long tookMillis() {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
    }

    String stderr() throws IOException {
        return Files.readString(stderr, StandardCharsets.UTF_8);
    }

    boolean isAlive() {
        return process.isAlive();
    }
}
