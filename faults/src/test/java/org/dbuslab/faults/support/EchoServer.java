package org.dbuslab.faults.support;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.dbuslab.format.Transport;

/** The packaged echo server, on a bus (--bus) or listening peer-to-peer (--listen), once it printed its ready line. */
public final class EchoServer implements AutoCloseable {

    private final LabProcess process;
    private final String address;

    private EchoServer(LabProcess process, String address) {
        this.process = process;
        this.address = address;
    }

    /** The server's --listen address on a peer-to-peer transport, inside the case's private folder. */
    static String listenAddress(Transport transport, Path dir) {
        return switch (transport) {
            case P2P_UNIX -> "unix:path=" + dir + "/p2p.sock";
            case P2P_TCP -> "tcp:host=127.0.0.1,port=0";
            default -> throw new IllegalArgumentException(transport + " is not peer-to-peer");
        };
    }

    /**
     * @param bus the bus to serve on; null for a peer-to-peer transport
     * @param options more of the server's options, e.g. --handshake-timeout
     */
    public static EchoServer start(Transport transport, FaultBus bus, Path dir, String... options) {
        List<String> args = new ArrayList<>(transport.isBus()
            ? List.of("--bus", bus.address())
            : List.of("--listen", listenAddress(transport, dir)));
        args.addAll(List.of(options));
        if (transport.isBus() && !args.contains("--connect-timeout")) {
            args.addAll(List.of("--connect-timeout", Long.toString(Budget.defaultConnectTimeoutMs())));
        }
        LabProcess process = LabProcess.start("server", LabJars.server(args.toArray(String[]::new)), dir);
        return new EchoServer(process, awaitReady(process));
    }

    /** Starts a server whose start may fail (e.g. its bus is stalled): no ready line is awaited. */
    public static LabProcess launch(List<String> args, Path dir) {
        return LabProcess.start("server", LabJars.server(args.toArray(String[]::new)), dir);
    }

    private static String awaitReady(LabProcess process) {
        Duration timeout = Duration.ofMillis(Budget.millis(30_000));
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            for (String line : process.stdoutLines()) {
                if (line.startsWith("ready ")) {
                    return line.substring("ready ".length()).trim();
                }
            }
            if (!process.isAlive()) {
                throw new IllegalStateException("the server exited before it was ready: " + process.stderr());
            }
            Pause.millis(20);
        }
        process.close();
        throw new IllegalStateException("the server printed no ready line within " + timeout + ": "
            + process.stderr());
    }

    /** The bus address on a bus, else the real listening address (with the kernel-chosen port). */
    public String address() {
        return address;
    }

    public LabProcess process() {
        return process;
    }

    @Override
    public void close() {
        process.close();
    }
}
