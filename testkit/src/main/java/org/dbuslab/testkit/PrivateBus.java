package org.dbuslab.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.dbuslab.bus.BusScript;

/**
 * A real private bus started through the lab's own launcher ({@link BusScript}, lab/bus.sh), so tests and the lab
 * start buses the same way. When the bus cannot start, the test fails under CI=true and is skipped elsewhere, with
 * the launcher's reason either way.
 */
public final class PrivateBus implements AutoCloseable {

    private static final Duration BUS_SH_TIMEOUT = Duration.ofSeconds(30);

    private final Path dir;
    private final String address;

    private PrivateBus(Path dir, String address) {
        this.dir = dir;
        this.address = address;
    }

    /**
     * Starts {@code transport} (dbus-daemon, dbus-broker or dbus-daemon-tcp) in a fresh 0700 directory. A start that
     * fails is tried once more, in a new directory, and says why on stderr: with test classes starting buses in
     * parallel forks a fresh clone's dbus-broker twice failed to show its socket within bus.sh's 10 s, and the
     * bus is what a test stands on, not what it tests. Two failed starts fail the test (skip it outside CI).
     */
    public static PrivateBus start(String transport) throws IOException, InterruptedException {
        Attempt first = attempt(transport);
        if (first.bus() != null) {
            return first.bus();
        }
        System.err.println("PrivateBus: " + first.failure() + "; trying once more");
        Attempt second = attempt(transport);
        if (second.bus() == null) {
            CiRequirement.unavailable(second.failure());
        }
        return second.bus();
    }

    /** A started bus, or why it could not start. */
    private record Attempt(PrivateBus bus, String failure) {
    }

    private static Attempt attempt(String transport) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("dbus-lab-test-");
        try {
            String address = script().up(transport, dir, List.of(), Map.of(), dir.resolve("up.err"), BUS_SH_TIMEOUT);
            return new Attempt(new PrivateBus(dir, address), null);
        } catch (BusScript.StartFailed e) {
            stop(dir);
            return new Attempt(null, transport + " could not start: " + e.getMessage());
        }
    }

    private static BusScript script() {
        return new BusScript(LabPaths.busScript());
    }

    public String address() {
        return address;
    }

    @Override
    public void close() throws IOException, InterruptedException {
        stop(dir);
    }

    private static void stop(Path dir) throws IOException, InterruptedException {
        script().down(dir, BUS_SH_TIMEOUT);
        LabPaths.deleteTree(dir);
    }
}
