package org.dbuslab.bus;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The one way the lab starts a private bus: {@code lab/bus.sh up TRANSPORT DIR} prints the bus's address and
 * keeps everything of the instance in DIR (config, sockets, logs, DIR/pids); {@code down DIR} stops it and is
 * idempotent. The runner, the tests (testkit's PrivateBus) and the benchmarks all start their buses here, and
 * each adds only its own policy: the runner's CPU placement and logs, the tests' retry and skip, the
 * benchmarks' shutdown hook.
 */
public final class BusScript {

    /** bus.sh to use; lab/run-jmh.sh sets it, otherwise lab/bus.sh is looked for above the working directory. */
    public static final String ENV_BUS_SH = "LAB_BUS_SH";

    private final Path script;

    public BusScript(Path script) {
        this.script = script;
    }

    /** Why a bus did not start: bus.sh's one line on stderr, or that it hung. */
    public static final class StartFailed extends Exception {
        public StartFailed(String reason) {
            super(reason);
        }
    }

    /** $LAB_BUS_SH, else lab/bus.sh in the working directory or above it. */
    public static BusScript find() throws StartFailed {
        String env = System.getenv(ENV_BUS_SH);
        if (env != null && !env.isBlank()) {
            return new BusScript(Path.of(env));
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("lab").resolve("bus.sh");
            if (Files.isRegularFile(candidate)) {
                return new BusScript(candidate);
            }
        }
        throw new StartFailed("lab/bus.sh not found above " + Path.of("").toAbsolutePath() + " (set " + ENV_BUS_SH + ")");
    }

    public Path script() {
        return script;
    }

    /**
     * Starts TRANSPORT in DIR (which must exist; short, for the 107-byte socket path limit) and returns its address.
     * bus.sh stops what it started when it fails, but DIR stays: call {@link #down} either way.
     *
     * @param prefix  a command to run bus.sh under (taskset), or empty
     * @param env     extra environment (LAB_BUS_MAX_REPLIES)
     * @param errFile where bus.sh's stderr goes; its last line is the reason of a failed start
     * @param timeout how long 'up' may take; bus.sh bounds itself (LAB_BUS_READY_TIMEOUT), this guards a hang
     */
    public String up(String transport, Path dir, List<String> prefix, Map<String, String> env, Path errFile,
                     Duration timeout) throws IOException, InterruptedException, StartFailed {
        List<String> argv = new ArrayList<>(prefix);
        argv.addAll(List.of("bash", script.toString(), "up", transport, dir.toString()));
        ProcessBuilder builder = new ProcessBuilder(argv)
            .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
            .redirectError(errFile.toFile());
        builder.environment().putAll(env);
        Process up = builder.start();
        String address = new String(up.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        if (!up.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            up.destroyForcibly();
            throw new StartFailed("bus.sh up took more than " + timeout.toSeconds() + " s");
        }
        if (up.exitValue() != 0 || address.isEmpty()) {
            String reason = lastLine(errFile);
            throw new StartFailed(reason.isEmpty() ? "bus.sh up exited " + up.exitValue() : reason);
        }
        return address;
    }

    /** Stops whatever 'up' started in DIR (idempotent); DIR and its logs stay. */
    public void down(Path dir, Duration timeout) throws IOException, InterruptedException {
        Process down = new ProcessBuilder("bash", script.toString(), "down", dir.toString())
            .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (!down.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            down.destroyForcibly();
        }
    }

    private static String lastLine(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return "";
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8).stream()
            .filter(l -> !l.isBlank()).toList();
        return lines.isEmpty() ? "" : lines.get(lines.size() - 1).trim();
    }
}
