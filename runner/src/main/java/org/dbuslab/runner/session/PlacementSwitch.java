package org.dbuslab.runner.session;

import org.dbuslab.format.Placement;
import org.dbuslab.runner.exec.Affinity;
import org.dbuslab.runner.exec.CpuPlacement;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Moves the session's persistent processes (buses, servers, clients) between placements, between the halves of a
 * block: only the processes whose CPUs differ are moved (taskset -a -p, every thread), then every thread of every
 * process is checked (Cpus_allowed_list). A placement that cannot be set up is refused: no run is made under it.
 */
final class PlacementSwitch {

    /** One persistent process (or the bus's processes) and its role for its CPU. */
    record Target(String name, Supplier<List<Long>> pids, CpuPlacement.Role role, boolean onBus) {
    }

    private final CpuPlacement cpus;
    private final List<Target> targets;
    private Placement current;
    private int processesChecked;
    private int threadsChecked;

    /** CURRENT: the placement the processes were started in. */
    PlacementSwitch(CpuPlacement cpus, List<Target> targets, Placement current) {
        this.cpus = cpus;
        this.targets = List.copyOf(targets);
        this.current = current;
    }

    /**
     * Puts every process where PLACEMENT wants it; an empty list when every thread is there, else what is not
     * (after one more try at moving every process).
     */
    List<String> moveTo(Placement placement) throws InterruptedException {
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

    private List<String> move(Placement placement, boolean all) throws InterruptedException {
        List<String> problems = new ArrayList<>();
        for (Target t : targets) {
            CpuPlacement.Cpus want = cpus.cpus(placement, t.role(), t.onBus());
            if (!all && current != null && want.equals(cpus.cpus(current, t.role(), t.onBus()))) {
                continue;
            }
            for (long pid : t.pids().get()) {
                String why = Affinity.pin(pid, want, cpus.allowed());
                if (why != null && isRunning(pid)) {
                    problems.add(t.name() + ": " + why);
                }
            }
        }
        return problems;
    }

    /** Every thread of every process not on its CPUs under PLACEMENT, one line per process. */
    List<String> offCpu(Placement placement) {
        List<String> problems = new ArrayList<>();
        processesChecked = 0;
        threadsChecked = 0;
        for (Target t : targets) {
            String expected = Affinity.expectedList(cpus.cpus(placement, t.role(), t.onBus()), cpus.allowed());
            for (long pid : t.pids().get()) {
                try {
                    java.util.Map<Long, String> threads = Affinity.threadLists(pid);
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
        }
        return problems;
    }

    /** What the last check read, for the session log: "P processes, T threads". */
    String lastCheck() {
        return processesChecked + " processes, " + threadsChecked + " threads";
    }

    private static boolean isRunning(long pid) {
        return java.nio.file.Files.exists(java.nio.file.Path.of("/proc", Long.toString(pid)));
    }
}
