package org.dbuslab.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A private dbus-daemon started with the lab's own launcher, {@code lab/bus.sh up dbus-daemon DIR}.
 * Stopped by {@link #close()} (the benchmark's TearDown) and, should the JVM be interrupted before that, by a
 * shutdown hook. lab/run-jmh.sh also stops every bus under {@code LAB_JMH_BUS_ROOT} when it exits, which
 * covers a JVM killed outright.
 */
public final class PrivateDbusDaemon implements AutoCloseable {

    /** bus.sh to use; lab/run-jmh.sh sets it, otherwise lab/bus.sh is looked for above the working directory. */
    static final String ENV_BUS_SH = "LAB_BUS_SH";
    /** Folder for the bus directories (short, for the 107-byte socket path limit); default: java.io.tmpdir. */
    static final String ENV_BUS_ROOT = "LAB_JMH_BUS_ROOT";
    private static final long BUS_SH_TIMEOUT_S = 30;

    /** The bus could not be started here (bus.sh's one-line reason). */
    public static final class UnavailableException extends Exception {
        UnavailableException(String message) {
            super(message);
        }
    }

    private final Path busScript;
    private final Path dir;
    private final String address;
    private final Thread shutdownHook;
    private boolean closed;

    private PrivateDbusDaemon(Path busScript, Path dir, String address) {
        this.busScript = busScript;
        this.dir = dir;
        this.address = address;
        this.shutdownHook = new Thread(this::stopQuietly, "stop private dbus-daemon");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    public static PrivateDbusDaemon start() throws UnavailableException, IOException, InterruptedException {
        Path script = busScript();
        String rootEnv = System.getenv(ENV_BUS_ROOT);
        Path root = rootEnv != null && !rootEnv.isBlank() ? Path.of(rootEnv) : Path.of(System.getProperty("java.io.tmpdir"));
        Files.createDirectories(root);
        Path dir = Files.createTempDirectory(root, "jmh-bus-");
        Process process = new ProcessBuilder("bash", script.toString(), "up", "dbus-daemon", dir.toString()).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        boolean finished = process.waitFor(BUS_SH_TIMEOUT_S, TimeUnit.SECONDS);
        if (!finished || process.exitValue() != 0 || out.isEmpty()) {
            process.destroyForcibly();
            down(script, dir);
            throw new UnavailableException("dbus-daemon could not start: "
                + (finished ? (err.isEmpty() ? "bus.sh exit " + process.exitValue() : err) : "bus.sh timed out"));
        }
        return new PrivateDbusDaemon(script, dir, out);
    }

    public String address() {
        return address;
    }

    /** The bus.sh instance directory (logs, pids); removed by {@link #close()}. */
    Path dir() {
        return dir;
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException alreadyShuttingDown) {
            // the hook is running or about to run; stopping twice is harmless
        }
        stopQuietly();
    }

    private void stopQuietly() {
        try {
            down(busScript, dir);
        } catch (IOException | InterruptedException e) {
            System.err.println("PrivateDbusDaemon: could not stop the bus in " + dir + ": " + e.getMessage());
        }
    }

    private static void down(Path script, Path dir) throws IOException, InterruptedException {
        Process down = new ProcessBuilder("bash", script.toString(), "down", dir.toString())
            .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        down.waitFor(BUS_SH_TIMEOUT_S, TimeUnit.SECONDS);
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException ignored) {
            // logs left behind in a temp folder are not worth failing a benchmark for
        }
    }

    static Path busScript() throws UnavailableException {
        String env = System.getenv(ENV_BUS_SH);
        if (env != null && !env.isBlank()) {
            return Path.of(env);
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("lab").resolve("bus.sh");
            if (Files.isRegularFile(candidate)) {
                return candidate;
            }
        }
        throw new UnavailableException("lab/bus.sh not found above " + Path.of("").toAbsolutePath()
            + " (set " + ENV_BUS_SH + ")");
    }
}
