package org.dbuslab.server.faults;

import org.dbuslab.testkit.TestJvm;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The real server, {@code dbus-lab-server}'s main class, in a process of its own (as the lab runs it), so a test
 * sees exactly what it prints on stderr, its exit code and its memory (RSS).
 */
final class ServerProcess implements AutoCloseable {

    private final Process process;
    private final Path stderr;
    private final String address;

    private ServerProcess(Process process, Path stderr, String address) {
        this.process = process;
        this.stderr = stderr;
        this.address = address;
    }

    /** Starts the server with {@code args}, its stderr in {@code dir}, and waits for its "ready" line. */
    static ServerProcess start(Path dir, String... args) throws IOException, InterruptedException {
        Process process = launch(dir, args);
        Path stderr = dir.resolve("server-stderr.txt");
        BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        CompletableFuture<String> ready = CompletableFuture.supplyAsync(() -> {
            try {
                return out.readLine();
            } catch (IOException e) {
                return null;
            }
        });
        String line;
        try {
            line = ready.get(30, TimeUnit.SECONDS);
        } catch (TimeoutException | java.util.concurrent.ExecutionException e) {
            line = null;
        }
        if (line == null || !line.startsWith("ready ")) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw new IOException("server did not start: " + line + " / " + Files.readString(stderr));
        }
        return new ServerProcess(process, stderr, line.substring("ready ".length()));
    }

    /** Starts the server and returns the process without waiting for it to be ready (it may fail at once). */
    static Process launch(Path dir, String... args) throws IOException {
        List<String> command = TestJvm.java();
        command.addAll(List.of("-Xmx192m", "-cp", System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
            "org.dbuslab.server.ServerMain"));
        command.addAll(List.of(args));
        return new ProcessBuilder(command)
            .redirectError(dir.resolve("server-stderr.txt").toFile())
            .start();
    }

    String address() {
        return address;
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** The server's resident memory now, in bytes, from /proc. */
    long rssBytes() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(process.pid()), "status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
            }
        }
        throw new IOException("no VmRSS for " + process.pid());
    }

    /** What the server has printed on stderr so far, line by line. */
    List<String> stderrLines() throws IOException {
        return Files.readAllLines(stderr, StandardCharsets.UTF_8);
    }

    /** Waits for the exit; null when it is still running after {@code millis}. */
    Integer awaitExit(long millis) throws InterruptedException {
        return process.waitFor(millis, TimeUnit.MILLISECONDS) ? process.exitValue() : null;
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
