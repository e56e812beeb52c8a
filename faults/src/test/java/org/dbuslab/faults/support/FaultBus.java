package org.dbuslab.faults.support;

import org.dbuslab.format.Transport;
import org.dbuslab.testkit.CiRequirement;
import org.dbuslab.testkit.LabPaths;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A private bus started by lab/bus.sh, as the lab starts it, whose message-routing process can be stalled or
 * killed: the pid comes from the launcher's DIR/pids. (testkit's PrivateBus starts buses the same way but keeps
 * its pids to itself.) A bus that cannot start fails the test under CI=true and skips it elsewhere.
 */
public final class FaultBus implements AutoCloseable {

    private final Transport transport;
    private final Path dir;
    private final String address;
    private final long routerPid;

    private FaultBus(Transport transport, Path dir, String address, long routerPid) {
        this.transport = transport;
        this.dir = dir;
        this.address = address;
        this.routerPid = routerPid;
    }

    public static FaultBus start(Transport transport) {
        return start(transport, Map.of());
    }

    /** @param env extra environment for bus.sh, e.g. LAB_BUS_MAX_REPLIES */
    public static FaultBus start(Transport transport, Map<String, String> env) {
        if (!transport.isBus()) {
            throw new IllegalArgumentException(transport + " has no bus");
        }
        try {
            Path dir = Files.createTempDirectory("dbus-lab-faults-bus-");
            ProcessBuilder builder = new ProcessBuilder("bash", LabPaths.busScript().toString(), "up",
                transport.label(), dir.toString());
            builder.environment().putAll(env);
            Process up = builder.redirectError(dir.resolve("bus-up.err").toFile()).start();
            String out = new String(up.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            boolean finished = up.waitFor(60, TimeUnit.SECONDS);
            if (!finished || up.exitValue() != 0) {
                up.destroyForcibly();
                String reason = finished ? Files.readString(dir.resolve("bus-up.err")).trim() : "bus.sh up timed out";
                down(dir);
                CiRequirement.unavailable(transport + " could not start: " + reason);
            }
            return new FaultBus(transport, dir, out, routerPid(transport, dir));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** DIR/pids lines are "pid starttime name"; the router is dbus-daemon:bus, or the broker itself. */
    private static long routerPid(Transport transport, Path dir) throws IOException {
        String wanted = transport == Transport.DBUS_BROKER ? "dbus-broker" : "dbus-daemon:bus";
        List<String> lines = Files.readAllLines(dir.resolve("pids"));
        return lines.stream().map(line -> line.split(" "))
            .filter(f -> f.length >= 3 && f[2].equals(wanted))
            .mapToLong(f -> Long.parseLong(f[0]))
            .findFirst()
            .orElseThrow(() -> new IllegalStateException("no " + wanted + " in " + dir.resolve("pids") + ": " + lines));
    }

    public Transport transport() {
        return transport;
    }

    /** What the bus logged so far (bus.log; dbus-broker's journal receiver writes broker-journal.log beside it). */
    public String log() {
        StringBuilder text = new StringBuilder();
        for (String name : java.util.List.of("bus.log", "broker-journal.log")) {
            try {
                if (Files.isRegularFile(dir.resolve(name))) {
                    text.append(Files.readString(dir.resolve(name)));
                }
            } catch (java.io.IOException e) {
                text.append("(").append(name).append(" unreadable: ").append(e.getMessage()).append(")\n");
            }
        }
        return text.toString();
    }

    public String address() {
        return address;
    }

    public void stall() {
        Signals.stop(routerPid);
    }

    public void resume() {
        Signals.cont(routerPid);
    }

    public void kill() {
        Signals.kill(routerPid);
    }

    @Override
    public void close() {
        Signals.cont(routerPid); // a stalled bus would sit out bus.sh's TERM grace
        down(dir);
    }

    private static void down(Path dir) {
        try {
            new ProcessBuilder("bash", LabPaths.busScript().toString(), "down", dir.toString())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start()
                .waitFor(30, TimeUnit.SECONDS);
            LabPaths.deleteTree(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
