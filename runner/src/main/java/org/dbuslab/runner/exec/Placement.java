package org.dbuslab.runner.exec;

import java.util.List;
import java.util.Locale;

/**
 * Where the session's processes may run (--placement): free (the scheduler decides), same-cpu (every
 * process on CPU 0) or split (the client on CPU 0, the bus and the server on CPU 1). Set with taskset
 * (util-linux), which sets the affinity and execs, so the process keeps its pid and its children (the
 * broker forked by its launcher) inherit it.
 */
public enum Placement {
    FREE, SAME_CPU, SPLIT;

    /** The role of a process, for its CPU. */
    public enum Role { CLIENT, BUS, SERVER }

    /** A CPU list for taskset -c, or ANY. */
    public record Cpus(String list) {
        public static final Cpus ANY = new Cpus("");

        List<String> tasksetPrefix() {
            return list.isEmpty() ? List.of() : List.of("taskset", "-c", list);
        }
    }

    public static Placement parse(String text) {
        for (Placement p : values()) {
            if (p.label().equals(text)) {
                return p;
            }
        }
        throw new IllegalArgumentException("--placement must be free, same-cpu or split, got '" + text + "'");
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public Cpus cpusFor(Role role) {
        return switch (this) {
            case FREE -> Cpus.ANY;
            case SAME_CPU -> new Cpus("0");
            case SPLIT -> new Cpus(role == Role.CLIENT ? "0" : "1");
        };
    }

    /** Why this placement cannot be used on a machine with CPUS online CPUs, or null when it can. */
    public String unusableReason(int cpus, boolean tasksetFound) {
        if (this == FREE) {
            return null;
        }
        if (!tasksetFound) {
            return "--placement " + label() + " needs taskset (util-linux), which is not on PATH";
        }
        if (this == SPLIT && cpus < 2) {
            return "--placement split needs 2 CPUs, this machine has " + cpus;
        }
        return null;
    }

    /** For environment.json: the placement and each role's CPUs ("any" when free). */
    public String describe() {
        return switch (this) {
            case FREE -> "free: client, bus and server on any CPU";
            case SAME_CPU -> "same-cpu: client, bus and server on CPU 0";
            case SPLIT -> "split: client on CPU 0, bus and server on CPU 1";
        };
    }
}
