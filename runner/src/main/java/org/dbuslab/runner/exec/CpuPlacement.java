package org.dbuslab.runner.exec;

import org.dbuslab.format.Placement;

import java.util.List;
import java.util.Optional;

/**
 * The CPUs of each process under a {@link Placement}, chosen among the CPUs the lab is allowed (A, B, C: the
 * first, second and third of them):
 * <ul>
 *   <li>free: no affinity, the scheduler decides;</li>
 *   <li>one-cpu: every process on A;</li>
 *   <li>cross: every wake-up of a sync call crosses CPUs. On 2 CPUs the client and a bus's server on A and the bus
 *       on B; p2p: the client on A, the server on B. On 3 or more, the client on A, the bus on B, the server on C;</li>
 *   <li>split: the client on A, the bus and the server on B.</li>
 * </ul>
 * Extra processes (the spam timer and what it forks, a route's proxy or bridge, the scale session's delay relays)
 * run on the bus's CPU. Where a placement leaves a CPU free (one-cpu
 * on 2 or more CPUs, cross on 4 or more), the clients that are not making the current run wait there
 * ({@link #parking}). Set at start with taskset (util-linux),
 * which sets the affinity and execs, so the process keeps its pid and its children (the broker its launcher forks)
 * inherit it; later changed thread by thread as taskset -a -p does ({@link Affinity}).
 */
public final class CpuPlacement {

    /** The role of a process, for its CPU. */
    public enum Role { CLIENT, BUS, SERVER, EXTRA }

    /** A CPU list for taskset -c, or ANY (no affinity of the lab's own). */
    public record Cpus(String list) {
        public static final Cpus ANY = new Cpus("");

        List<String> tasksetPrefix() {
            return list.isEmpty() ? List.of() : List.of("taskset", "-c", list);
        }
    }

    /** The CPUs of each role under one placement. */
    public interface Pinning {
        /** Where nothing is pinned (free placement). */
        Pinning NONE = (role, onBus) -> Cpus.ANY;

        /** @param onBus whether the process belongs to a bus transport (a p2p server is placed apart from its client) */
        Cpus cpus(Role role, boolean onBus);
    }

    private final List<Integer> allowed;

    /** ALLOWED: the CPUs the lab may use, ascending (AllowedCpus). */
    public CpuPlacement(List<Integer> allowed) {
        if (allowed.isEmpty()) {
            throw new IllegalArgumentException("no CPUs allowed");
        }
        this.allowed = List.copyOf(allowed);
    }

    public static CpuPlacement ofThisProcess() {
        return new CpuPlacement(AllowedCpus.ofThisProcess());
    }

    public List<Integer> allowed() {
        return allowed;
    }

    /** The CPUs a pinned placement may run a measured process on (A, B and C at most): what HostSpeedProbe reads. */
    public List<Integer> measuring() {
        return allowed.subList(0, Math.min(3, allowed.size()));
    }

    /** Whether PLACEMENT runs a measured process (client, bus, server, extra) on CPU; free may use any. */
    public boolean inUse(Placement placement, int cpu) {
        int index = allowed.indexOf(cpu);
        return switch (placement) {
            case FREE -> index >= 0;
            case ONE_CPU -> index == 0;
            case SPLIT -> index == 0 || index == 1;
            case CROSS -> index >= 0 && index <= 2;
        };
    }

    public Pinning pinning(Placement placement) {
        return (role, onBus) -> cpus(placement, role, onBus);
    }

    public Cpus cpus(Placement placement, Role role, boolean onBus) {
        if (unusableReason(placement, true) != null) {
            throw new IllegalStateException(unusableReason(placement, true));
        }
        return switch (placement) {
            case FREE -> Cpus.ANY;
            case ONE_CPU -> cpu(0);
            case SPLIT -> cpu(role == Role.CLIENT ? 0 : 1);
            case CROSS -> switch (role) {
                case CLIENT -> cpu(0);
                case BUS, EXTRA -> cpu(1);
                case SERVER -> allowed.size() >= 3 ? cpu(2) : cpu(onBus ? 0 : 1);
            };
        };
    }

    /**
     * The CPU where the clients not making the current run wait, empty when PLACEMENT uses every allowed CPU. Idle
     * persistent clients (57 in a default session) still compile, collect and tick: on the measured CPU they stood in
     * the queue of every wake-up of the measured call (docs/EXPERIMENTS.md, pinned placements).
     */
    public Optional<Cpus> parking(Placement placement) {
        return switch (placement) {
            case ONE_CPU -> allowed.size() >= 2 ? Optional.of(cpu(1)) : Optional.empty();
            case CROSS -> allowed.size() >= 4 ? Optional.of(cpu(3)) : Optional.empty();
            case FREE, SPLIT -> Optional.empty();
        };
    }

    private Cpus cpu(int index) {
        return new Cpus(Integer.toString(allowed.get(index)));
    }

    /** Why PLACEMENT cannot be used with these CPUs, or null when it can. */
    public String unusableReason(Placement placement, boolean tasksetFound) {
        if (placement == Placement.FREE) {
            return null;
        }
        if (!tasksetFound) {
            return "--placement " + placement.label() + " needs taskset (util-linux), which is not on PATH";
        }
        if ((placement == Placement.SPLIT || placement == Placement.CROSS) && allowed.size() < 2) {
            return "--placement " + placement.label() + " needs 2 CPUs, the lab is allowed only CPU "
                + AllowedCpus.format(allowed);
        }
        return null;
    }

    /** For environment.json and the session log. */
    public String describe(Placement placement) {
        String a = Integer.toString(allowed.get(0));
        String b = allowed.size() > 1 ? Integer.toString(allowed.get(1)) : "?";
        String where = switch (placement) {
            case FREE -> "free: client, bus and server on any of CPUs " + AllowedCpus.format(allowed);
            case ONE_CPU -> "one-cpu: client, bus and server on CPU " + a + parked(placement);
            case SPLIT -> "split: client on CPU " + a + ", bus and server on CPU " + b;
            case CROSS -> allowed.size() >= 3
                ? "cross: client on CPU " + a + ", bus on CPU " + b + ", server on CPU " + allowed.get(2)
                : "cross: client on CPU " + a + ", bus on CPU " + b + ", a bus's server on CPU " + a
                    + ", a p2p server on CPU " + b;
        };
        return placement == Placement.CROSS ? where + parked(placement) : where;
    }

    private String parked(Placement placement) {
        return parking(placement).map(c -> "; the clients not making the current run wait on CPU " + c.list()).orElse("");
    }
}
