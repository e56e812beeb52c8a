package org.dbuslab.runner.exec;

import org.dbuslab.format.Placement;

import java.util.List;

/**
 * The CPUs of each process under --placement: free (the scheduler decides), same-cpu (every process on CPU 0)
 * or split (the client on CPU 0, the bus and the server on CPU 1). Set with taskset (util-linux), which sets
 * the affinity and execs, so the process keeps its pid and its children (the broker its launcher forks)
 * inherit it.
 */
public final class CpuPlacement {

    /** The role of a process, for its CPU. */
    public enum Role { CLIENT, BUS, SERVER }

    /** A CPU list for taskset -c, or ANY. */
    public record Cpus(String list) {
        public static final Cpus ANY = new Cpus("");

        List<String> tasksetPrefix() {
            return list.isEmpty() ? List.of() : List.of("taskset", "-c", list);
        }
    }

    private CpuPlacement() {
    }

    public static Cpus cpusFor(Placement placement, Role role) {
        return switch (placement) {
            case FREE -> Cpus.ANY;
            case SAME_CPU -> new Cpus("0");
            case SPLIT -> new Cpus(role == Role.CLIENT ? "0" : "1");
        };
    }

    /** Why PLACEMENT cannot be used on a machine with CPUS online CPUs, or null when it can. */
    public static String unusableReason(Placement placement, int cpus, boolean tasksetFound) {
        if (placement == Placement.FREE) {
            return null;
        }
        if (!tasksetFound) {
            return "--placement " + placement.label() + " needs taskset (util-linux), which is not on PATH";
        }
        if (placement == Placement.SPLIT && cpus < 2) {
            return "--placement split needs 2 CPUs, this machine has " + cpus;
        }
        return null;
    }

    /** For environment.json and the session log. */
    public static String describe(Placement placement) {
        return switch (placement) {
            case FREE -> "free: client, bus and server on any CPU";
            case SAME_CPU -> "same-cpu: client, bus and server on CPU 0";
            case SPLIT -> "split: client on CPU 0, bus and server on CPU 1";
        };
    }
}
