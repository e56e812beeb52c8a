package org.dbuslab.faults.support;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

import org.dbuslab.format.Transport;
import org.dbuslab.labio.ConnectClock;

/**
 * One fault case: its private folder, and every process it started, stopped in reverse order at the end (resumed
 * first if stalled), so a failing case leaves nothing running.
 */
public final class FaultCase implements AutoCloseable {

    private final Path dir;
    private final Deque<AutoCloseable> started = new ArrayDeque<>();

    public FaultCase(Path dir) {
        this.dir = dir;
    }

    public Path dir() {
        return dir;
    }

    public FaultBus bus(Transport transport) {
        return track(FaultBus.start(transport));
    }

    public EchoServer server(Transport transport, FaultBus bus, String... options) {
        return track(EchoServer.start(transport, bus, dir, options));
    }

    /** A server given its own arguments, e.g. --bus of a stalled bus, whose start may fail. */
    public LabProcess serverProcess(List<String> args) {
        return track(EchoServer.launch(args, dir));
    }

    /** A client of {@code server}: through the bus, or straight to the server's address on p2p. */
    public EchoClient client(String name, Transport transport, FaultBus bus, EchoServer server, EchoClient.Spec spec) {
        return client(name, transport, transport.isBus() ? bus.address() : server.address(), spec);
    }

    public EchoClient client(String name, Transport transport, String address, EchoClient.Spec spec) {
        return track(EchoClient.start(name, transport, address, spec, dir));
    }

    /** A scale tool (scale/README.md) in a process of its own, stopped with the case. */
    public LabProcess scale(String name, String... args) {
        return track(LabProcess.start(name, LabJars.scale(args), dir));
    }

    /** A server and a client of it, the client's first run (the warm-up) recorded: calls are flowing. */
    public record Served(EchoServer server, EchoClient client) {
    }

    /** Starts a server on {@code transport} and a client with {@link EchoClient.Spec#forMode} (2 runs). */
    public Served servedClient(Transport transport, FaultBus bus, String mode) {
        return servedClient(server(transport, bus), transport, bus, mode);
    }

    /** As above with a running server (e.g. a {@link ServerPool}'s, which this case does not stop). */
    public Served servedClient(EchoServer server, Transport transport, FaultBus bus, String mode) {
        EchoClient client = client("client", transport, bus, server, EchoClient.Spec.forMode(transport, mode, 2));
        awaitFirstRun(client);
        return new Served(server, client);
    }

    /**
     * Freezes the client, applies {@code fault} to another party, and returns the client's CSV lines at that moment,
     * before the client is resumed: so the fault lands while the client still has runs to make (it cannot finish
     * meanwhile), whatever the machine's speed. Fails if the client had already recorded every run.
     */
    public static List<String> whileFrozen(EchoClient client, Runnable fault) {
        client.process().stall();
        try {
            fault.run();
            List<String> before = client.csv().lines();
            int rows = Math.max(0, before.size() - 1);
            if (rows >= client.spec().totalRuns()) {
                throw new AssertionError("the client recorded all " + rows + " runs before the fault: make its runs "
                    + "longer");
            }
            return before;
        } finally {
            client.process().resume();
        }
    }

    /**
     * The first row is the warm-up run: the client is connected and its calls are flowing. The wait outlasts the
     * client's own bounds (its local set-up, then its connect timeout), so a client that cannot connect says why
     * itself: a p2p-tcp client once printed nothing in 73 s with the fault and e2e forks side by side.
     */
    public static void awaitFirstRun(EchoClient client) {
        client.awaitRows(1, Duration.ofSeconds(ConnectClock.LOCAL_SETUP_SECONDS)
            .plusMillis(Budget.defaultConnectTimeoutMs()).plus(Budget.run()).plus(Budget.slack()));
    }

    private <T extends AutoCloseable> T track(T resource) {
        started.push(resource);
        return resource;
    }

    @Override
    public void close() throws Exception {
        Exception first = null;
        while (!started.isEmpty()) {
            try {
                started.pop().close();
            } catch (Exception e) {
                if (first == null) {
                    first = e;
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
