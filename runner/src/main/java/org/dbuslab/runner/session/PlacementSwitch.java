package org.dbuslab.runner.session;

import org.dbuslab.format.Placement;
import org.dbuslab.runner.exec.Affinity;
import org.dbuslab.runner.exec.ClientProcess;
import org.dbuslab.runner.exec.CpuPlacement;
import org.dbuslab.runner.exec.Service;
import org.dbuslab.runner.exec.Services;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Moves the session's persistent processes (buses, servers, clients) between placements, between the halves of a
 * block: only the processes whose CPUs differ are moved (every thread, {@link Affinity#pin}), then every thread of every
 * process is checked (Cpus_allowed_list). A placement that cannot be set up is refused: no run is made under it.
 * Where the placement leaves a CPU free ({@link CpuPlacement#parking}), the clients wait there and only the client
 * making the current run is on its placement's CPU ({@link #focus}).
 */
public final class PlacementSwitch {

    /** One persistent process (or the bus's processes) and its role for its CPU. */
    public record Target(String name, Supplier<List<Long>> pids, CpuPlacement.Role role, boolean onBus) {

        /** Persistent client KEY ("client:KEY"), whose process CURRENT gives (null once it failed): its pid while it runs. */
        public static Target client(String key, Supplier<ClientProcess> current, boolean onBus) {
            return new Target("client:" + key, () -> {
                ClientProcess c = current.get();
                return c == null || !c.child().alive() ? List.of() : List.of(c.pid());
            }, CpuPlacement.Role.CLIENT, onBus);
        }
    }

    private final CpuPlacement cpus;
    private final List<Target> targets;
    private Placement current;
    /** What each target was last pinned to, by name: a move skips the targets already there. */
    private final Map<String, CpuPlacement.Cpus> pinned = new HashMap<>();
    /** The target name of the client making the current run, off the parking CPU; null: every client parked. */
    private String focused;
    private int processesChecked;
    private int threadsChecked;

    /**
     * CURRENT: the placement the buses and servers were started in. The clients were started on every allowed CPU
     * (Session#startClients), so the first {@link #moveTo} pins each of them.
     */
    public PlacementSwitch(CpuPlacement cpus, List<Target> targets, Placement current) {
        this(cpus, targets);
        this.current = current;
        for (Target t : targets) { // as started: taskset in the first placement
            if (t.role() != CpuPlacement.Role.CLIENT) {
                this.pinned.put(t.name(), cpus.cpus(current, t.role(), t.onBus()));
            }
        }
    }

    /** Processes started anywhere, or some of them: the first {@link #moveTo} moves every one. */
    public static PlacementSwitch startedAnywhere(CpuPlacement cpus, List<Target> targets) {
        return new PlacementSwitch(cpus, targets);
    }

    private PlacementSwitch(CpuPlacement cpus, List<Target> targets) {
        this.cpus = cpus;
        this.targets = List.copyOf(targets);
    }

    /**
     * Puts every process where PLACEMENT wants it; an empty list when every thread is there, else what is not
     * (after one more try at moving every process).
     */
    public List<String> moveTo(Placement placement) throws InterruptedException {
        focused = null; // a half starts with every client parked, where the placement leaves a CPU for them
        List<String> problems = move(placement, false);
        if (problems.isEmpty()) {
            problems = offCpu(placement);
        }
        if (!problems.isEmpty()) {
            problems = move(placement, true);
            if (problems.isEmpty()) {
                problems = offCpu(placement);
            }
        }
        current = problems.isEmpty() ? placement : null; // unknown: the next move moves everything
        return problems;
    }

    /**
     * Before a run: where the current placement parks clients, the client of the run (CLIENT_KEY, a ClientKey's name;
     * empty for a spam run, which has none) goes to its placement's CPU, and the previous run's back to the parking
     * CPU; the moved client's threads are checked. An empty list when all is in place, else what is not.
     */
    public List<String> focus(Optional<String> clientKey) throws InterruptedException {
        if (current == null || cpus.parking(current).isEmpty()) {
            return List.of();
        }
        String target = clientKey.map(k -> "client:" + k).orElse(null);
        if (Objects.equals(target, focused)) {
            return List.of();
        }
        String previous = focused;
        focused = target;
        List<String> problems = new ArrayList<>();
        for (Target t : targets) {
            if (t.name().equals(previous) || t.name().equals(target)) {
                problems.addAll(pin(t, want(t, current)));
            }
            if (t.name().equals(target)) {
                problems.addAll(check(t, current));
            }
        }
        if (!problems.isEmpty()) {
            pinned.clear(); // unknown: the next half moves everything
        }
        return problems;
    }

    /**
     * Every running service of SERVICES as a target: a bus (its own processes: dbus-daemon, or dbus-broker and its
     * launcher) on the bus's CPU, a route's program (proxy, bridges) where the extra processes run (the bus's CPU),
     * every other process a server.
     */
    public static List<Target> targetsOf(Services services) {
        List<Target> targets = new ArrayList<>();
        for (Service s : services.all()) {
            if (s.name().startsWith("prog:")) {
                continue; // a program on disk, no process
            }
            CpuPlacement.Role role = s.name().startsWith("bus:") ? CpuPlacement.Role.BUS
                : s.name().startsWith("route:") ? CpuPlacement.Role.EXTRA : CpuPlacement.Role.SERVER;
            targets.add(new Target(s.name(), () -> s.check() == null ? s.cpuPids() : List.of(), role,
                services.startedOnBus(s.name())));
        }
        return targets;
    }

    /** Where PLACEMENT wants T now: a client not making the current run on the parking CPU, if there is one. */
    private CpuPlacement.Cpus want(Target t, Placement placement) {
        if (t.role() == CpuPlacement.Role.CLIENT && !t.name().equals(focused)) {
            Optional<CpuPlacement.Cpus> parking = cpus.parking(placement);
            if (parking.isPresent()) {
                return parking.get();
            }
        }
        return cpus.cpus(placement, t.role(), t.onBus());
    }

    private List<String> move(Placement placement, boolean all) throws InterruptedException {
        List<String> problems = new ArrayList<>();
        for (Target t : targets) {
            CpuPlacement.Cpus want = want(t, placement);
            if (!all && want.equals(pinned.get(t.name()))) {
                continue;
            }
            problems.addAll(pin(t, want));
        }
        return problems;
    }

    private List<String> pin(Target t, CpuPlacement.Cpus want) throws InterruptedException {
        List<String> problems = new ArrayList<>();
        for (long pid : t.pids().get()) {
            String why = Affinity.pin(pid, want, cpus.allowed());
            if (why != null && isRunning(pid)) {
                problems.add(t.name() + ": " + why);
            }
        }
        if (problems.isEmpty()) {
            pinned.put(t.name(), want);
        } else {
            pinned.remove(t.name());
        }
        return problems;
    }

    /** Every thread of every process not on its CPUs under PLACEMENT, one line per process. */
    public List<String> offCpu(Placement placement) {
        List<String> problems = new ArrayList<>();
        processesChecked = 0;
        threadsChecked = 0;
        for (Target t : targets) {
            problems.addAll(check(t, placement));
        }
        return problems;
    }

    /** T's threads not where PLACEMENT wants them now, one line per process. */
    private List<String> check(Target t, Placement placement) {
        List<String> problems = new ArrayList<>();
        String expected = Affinity.expectedList(want(t, placement), cpus.allowed());
        for (long pid : t.pids().get()) {
            try {
                Map<Long, String> threads = Affinity.threadLists(pid);
                processesChecked += threads.isEmpty() ? 0 : 1;
                threadsChecked += threads.size();
                List<String> off = Affinity.offCpu(threads, expected);
                if (!off.isEmpty()) {
                    problems.add(t.name() + " (pid " + pid + "): " + off.size() + " thread(s) not on CPU " + expected
                        + ", e.g. " + off.get(0));
                }
            } catch (IOException e) {
                problems.add(t.name() + " (pid " + pid + "): cannot read its threads: " + e.getMessage());
            }
        }
        return problems;
    }

    /** What the last check read, for the session log: "P processes, T threads". */
    public String lastCheck() {
        return processesChecked + " processes, " + threadsChecked + " threads";
    }

    private static boolean isRunning(long pid) {
        return java.nio.file.Files.exists(java.nio.file.Path.of("/proc", Long.toString(pid)));
    }
}
