package org.dbuslab.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.dbuslab.bus.BusScript;

/**
 * A private dbus-daemon started with the lab's own launcher, {@code lab/bus.sh up dbus-daemon DIR}.
 * Stopped by {@link #close()} (the benchmark's TearDown) and, should the JVM be interrupted before that, by a
 * shutdown hook. lab/run-jmh.sh also stops every bus under {@code LAB_JMH_BUS_ROOT} when it exits, which
 * covers a JVM killed outright.
 */
public final class PrivateDbusDaemon implements AutoCloseable {

    /** Folder for the bus directories (short, for the 107-byte socket path limit); default: java.io.tmpdir. */
    static final String ENV_BUS_ROOT = "LAB_JMH_BUS_ROOT";
    private static final Duration BUS_SH_TIMEOUT = Duration.ofSeconds(30);

    /** The bus could not be started here (bus.sh's one-line reason). */
    public static final class UnavailableException extends Exception {
        UnavailableException(String message) {
            super(message);
        }
    }

    private final BusScript busScript;
    private final Path dir;
    private final String address;
    private final Thread shutdownHook;
    private boolean closed;

    private PrivateDbusDaemon(BusScript busScript, Path dir, String address) {
        this.busScript = busScript;
        this.dir = dir;
        this.address = address;
        this.shutdownHook = new Thread(this::stopQuietly, "stop private dbus-daemon");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    public static PrivateDbusDaemon start() throws UnavailableException, IOException, InterruptedException {
        BusScript script = script();
        String rootEnv = System.getenv(ENV_BUS_ROOT);
        Path root = rootEnv != null && !rootEnv.isBlank() ? Path.of(rootEnv) : Path.of(System.getProperty("java.io.tmpdir"));
        Files.createDirectories(root);
        Path dir = Files.createTempDirectory(root, "jmh-bus-");
        try {
            return new PrivateDbusDaemon(script, dir,
                script.up("dbus-daemon", dir, List.of(), Map.of(), dir.resolve("up.err"), BUS_SH_TIMEOUT));
        } catch (BusScript.StartFailed e) {
            down(script, dir);
            throw new UnavailableException("dbus-daemon could not start: " + e.getMessage());
        }
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

    private static void down(BusScript script, Path dir) throws IOException, InterruptedException {
        script.down(dir, BUS_SH_TIMEOUT);
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException ignored) {
            // logs left behind in a temp folder are not worth failing a benchmark for
        }
    }

    /** $LAB_BUS_SH (lab/run-jmh.sh sets it), else lab/bus.sh above the working directory. */
    static BusScript script() throws UnavailableException {
        try {
            return BusScript.find();
        } catch (BusScript.StartFailed e) {
            throw new UnavailableException(e.getMessage());
        }
    }
}
