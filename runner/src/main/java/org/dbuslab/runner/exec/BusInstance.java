package org.dbuslab.runner.exec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.dbuslab.bus.BusScript;

/**
 * One private bus of a session, started by {@link BusScript} (the lab's one way to start a bus): {@code up} prints the
 * address and writes DIR/pids ("PID STARTTIME ROLE" lines); {@code down} stops it. The bus's own processes —
 * dbus-daemon (role dbus-daemon:bus), or dbus-broker and its launcher — are the ones whose death ends its
 * cells and whose CPU is the run's bus CPU; dbus-broker's throw-away parent bus is neither.
 */
public final class BusInstance {

    /** bus.sh's own bound for 'up' is 10 s (LAB_BUS_READY_TIMEOUT); this one only guards against a hang. */
    private static final Duration UP_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration DOWN_TIMEOUT = Duration.ofSeconds(30);

    record Recorded(long pid, long startTime, String role) {
        boolean isBus() {
            return role.equals("dbus-daemon:bus") || role.equals("dbus-broker-launch") || role.equals("dbus-broker");
        }
    }

    private final String label;
    private final BusScript busScript;
    private final Path dir;
    private final Path logDir;
    private final String address;
    private final List<Recorded> busProcesses;

    private BusInstance(String label, BusScript busScript, Path dir, Path logDir, String address, List<Recorded> bus) {
        this.label = label;
        this.busScript = busScript;
        this.dir = dir;
        this.logDir = logDir;
        this.address = address;
        this.busProcesses = bus;
    }

    /** Why a bus did not start (bus.sh's one line). */
    public static final class StartFailed extends Exception {
        StartFailed(String reason) {
            super(reason);
        }
    }

    /**
     * bus.sh up TRANSPORT in a fresh DIR under TMP (short: sun_path), with extra ENV (LAB_BUS_MAX_REPLIES);
     * its stderr to LOGDIR/bus-up.err; close() copies the bus's logs to LOGDIR/bus.
     */
    public static BusInstance up(Supervisor supervisor, Path busScript, String transport, String label, Path tmp,
                                 Path logDir, Map<String, String> env, CpuPlacement.Cpus cpus)
        throws IOException, StartFailed, InterruptedException {
        return up(supervisor, busScript, transport, label, tmp, logDir, env, cpus, List.of());
    }

    /** As above, bus.sh (and so the bus) started under PREFIX after taskset, e.g. ip netns exec NAME. */
    public static BusInstance up(Supervisor supervisor, Path busScript, String transport, String label, Path tmp,
                                 Path logDir, Map<String, String> env, CpuPlacement.Cpus cpus, List<String> prefix)
        throws IOException, StartFailed, InterruptedException {
        Files.createDirectories(logDir);
        Path dir = ShortTemp.create(tmp, label + ".").resolve("bus");
        Files.createDirectory(dir);
        BusScript script = new BusScript(busScript);
        // down is idempotent: register it before up, so nothing is ever left behind
        BusInstance pending = new BusInstance(label, script, dir, logDir, "", List.of());
        supervisor.onClose("bus.sh down " + label, pending::down);
        String address;
        try {
            List<String> under = new ArrayList<>(cpus.tasksetPrefix());
            under.addAll(prefix);
            address = script.up(transport, dir, under, env, logDir.resolve("bus-up.err"), UP_TIMEOUT);
        } catch (BusScript.StartFailed e) {
            throw new StartFailed("bus did not start: " + e.getMessage().replaceFirst("^bus\\.sh: ", ""));
        }
        List<Recorded> bus = readPids(dir.resolve("pids")).stream().filter(Recorded::isBus).toList();
        return new BusInstance(label, script, dir, logDir, address, bus);
    }

    static List<Recorded> readPids(Path pids) throws IOException {
        List<Recorded> all = new ArrayList<>();
        if (!Files.exists(pids)) {
            return all;
        }
        for (String line : Files.readAllLines(pids, StandardCharsets.UTF_8)) {
            String[] f = line.trim().split(" +");
            if (f.length == 3 && f[0].matches("[0-9]{1,9}") && f[1].matches("[0-9]{1,19}")) {
                all.add(new Recorded(Long.parseLong(f[0]), Long.parseLong(f[1]), f[2]));
            }
        }
        return all;
    }

    public String label() {
        return label;
    }

    public String address() {
        return address;
    }

    /** The pids whose CPU is the bus's: dbus-daemon, or dbus-broker-launch and dbus-broker. */
    public List<Long> cpuPids() {
        return busProcesses.stream().map(Recorded::pid).toList();
    }

    /** Null while every bus process runs; otherwise which one is gone and the last thing the bus logged. */
    public String deathReason() {
        if (busProcesses.isEmpty()) {
            return "its pid file is gone";
        }
        for (Recorded r : busProcesses) {
            if (!ProcStat.runningSince(r.pid(), r.startTime())) {
                String msg = lastJournalMessage();
                if (msg.isEmpty()) {
                    msg = Logs.lastLine(dir.resolve("bus.log"));
                }
                if (msg.isEmpty()) {
                    msg = Logs.lastLine(dir.resolve("broker-launch.log"));
                }
                return r.role() + " (pid " + r.pid() + ") is no longer running"
                    + (msg.isEmpty() ? "" : "; last logged: " + msg);
            }
        }
        return null;
    }

    private String lastJournalMessage() {
        try {
            Path journal = dir.resolve("broker-journal.log");
            if (!Files.exists(journal)) {
                return "";
            }
            String last = "";
            for (String line : Files.readAllLines(journal, StandardCharsets.ISO_8859_1)) {
                if (line.startsWith("MESSAGE=")) {
                    last = line.substring("MESSAGE=".length());
                }
            }
            return Logs.oneLine(last);
        } catch (IOException e) {
            return "";
        }
    }

    /**
     * bus.sh down, then its logs and config into LOGDIR/bus (down completes the logs). Idempotent. The bus is stopped
     * first: copying its logs fails on a full results disk (and down removes DIR/address, so it is read before).
     */
    void down() {
        try {
            Path addressFile = dir.resolve("address");
            byte[] address = Files.isRegularFile(addressFile) ? Files.readAllBytes(addressFile) : null;
            busScript.down(dir, DOWN_TIMEOUT);
            keepLogs(address);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The bus's address, logs and config into LOGDIR/bus, as far as they fit: a full disk is the session's to say. */
    private void keepLogs(byte[] address) throws IOException {
        Path keep = logDir.resolve("bus");
        try {
            Files.createDirectories(keep);
            if (address != null) {
                Files.write(keep.resolve("address"), address);
            }
            if (Files.isDirectory(dir)) {
                try (var files = Files.list(dir)) {
                    for (Path f : files.toList()) {
                        String n = f.getFileName().toString();
                        if (n.endsWith(".log") || n.endsWith(".conf") || n.endsWith(".mode")) {
                            copy(f, keep);
                        }
                    }
                }
            }
        } catch (IOException e) {
            if (!String.valueOf(e.getMessage()).contains("No space left on device")) {
                throw e;
            }
        }
    }

    private static void copy(Path file, Path toDir) throws IOException {
        if (Files.isRegularFile(file)) {
            Files.copy(file, toDir.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING,
                StandardCopyOption.COPY_ATTRIBUTES);
        }
    }
}
