package org.dbuslab.runner.exec;

import org.dbuslab.cli.AllocationProbe;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;

/**
 * One thing a cell needs running: a bus (bus:T), a Java server (srv:T), a libdbus echo (echo:T), a raw
 * server (raw:T), another library's server (glib:T, sdbus:T, stock:T) or a client program (prog:NAME). Either usable (with the address clients use) or dead with the reason; {@link #check()}
 * notices a bus or server that died since it started, so a session reports it instead of hanging on it.
 */
public final class Service {

    private final String name;
    private final BusInstance bus;
    private final Child process;
    private final boolean withChildren;
    private final Path allocSocket;
    private String address;
    private String dead;
    private boolean diedMidSession;

    /** How long a reading of the allocation probe may take: it answers at once, or the server is in trouble. */
    static final Duration ALLOC_PROBE_TIMEOUT = Duration.ofSeconds(2);

    private Service(String name, BusInstance bus, Child process, String address, String dead) {
        this(name, bus, process, address, dead, false, null);
    }

    private Service(String name, BusInstance bus, Child process, String address, String dead, boolean withChildren,
                    Path allocSocket) {
        this.name = name;
        this.bus = bus;
        this.process = process;
        this.withChildren = withChildren;
        this.allocSocket = allocSocket;
        this.address = address;
        this.dead = dead;
    }

    static Service ofBus(String name, BusInstance bus) {
        return new Service(name, bus, null, bus.address(), null);
    }

    static Service ofProcess(String name, Child process) {
        return new Service(name, null, process, null, null);
    }

    /** A JVM server of the lab's, started with {@code --alloc-socket ALLOCSOCKET} (its allocation probe). */
    static Service ofJvmServer(String name, Child process, Path allocSocket) {
        return new Service(name, null, process, null, null, false, allocSocket);
    }

    /** A route's program (route:T); WITHCHILDREN: its CPU is also its children's (one bridge per connection). */
    static Service ofRoute(String name, Child process, boolean withChildren) {
        return new Service(name, null, process, null, null, withChildren, null);
    }

    /** Something a cell needs that is not a process of its own (a program on disk): usable as long as it exists. */
    static Service available(String name) {
        return new Service(name, null, null, "", null);
    }

    static Service failed(String name, String reason) {
        return new Service(name, null, null, null, reason);
    }

    public String name() {
        return name;
    }

    public String address() {
        return address;
    }

    void ready(String address) {
        this.address = address;
    }

    void fail(String reason) {
        if (dead == null) {
            dead = reason;
        }
    }

    /** Its pids for the CPU columns: the bus's processes, or the server (or route) process and, for a bridge, its children. */
    public List<Long> cpuPids() {
        if (bus != null) {
            return bus.cpuPids();
        }
        if (process == null) {
            return List.of();
        }
        if (!withChildren) {
            return List.of(process.pid());
        }
        List<Long> pids = new java.util.ArrayList<>(List.of(process.pid()));
        pids.addAll(ProcChildren.of(Path.of("/proc"), process.pid()));
        return pids;
    }

    Child process() {
        return process;
    }

    /**
     * The bytes the server's threads have allocated so far, from its allocation probe (AllocationProbe), read within
     * {@link #ALLOC_PROBE_TIMEOUT}; empty for a service without one (a bus, libdbus's echo, the GLib and sd-bus servers)
     * and when it does not answer. Read around a run, never inside its timed window or CPU readings.
     */
    public OptionalLong allocatedBytes() {
        if (allocSocket == null || process == null || !process.alive()) {
            return OptionalLong.empty();
        }
        return AllocationProbe.read(allocSocket, ALLOC_PROBE_TIMEOUT);
    }

    /** Null while usable; else why not. A death found here is remembered as mid-session. */
    public String check() {
        if (dead != null) {
            return dead;
        }
        if (bus != null) {
            String why = bus.deathReason();
            if (why != null) {
                dead = "bus died mid-session: " + why;
                diedMidSession = true;
            }
        } else if (process != null && !process.alive()) {
            dead = name.substring(0, name.indexOf(':')) + " server (" + name + ") exited mid-session: "
                + process.lastComplaint();
            diedMidSession = true;
        }
        return dead;
    }

    /** It was usable after start-up and then died (its cells fail) rather than never starting (skipped). */
    public boolean diedMidSession() {
        return diedMidSession;
    }
}
