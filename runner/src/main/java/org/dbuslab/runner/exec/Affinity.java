package org.dbuslab.runner.exec;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Moves a running process to other CPUs, every thread of it (as taskset -a -p does: threads it starts later inherit
 * from the thread that starts them; in this process through sched_setaffinity, else with taskset), and reads back
 * where each of its threads may run (/proc/PID/task/TID/status).
 */
public final class Affinity {

    private static final long TASKSET_TIMEOUT_S = 10;

    private Affinity() {
    }

    /**
     * How often pin tries while the process lives: with taskset, a thread that ended during its walk failed it ("failed
     * to get pid N's affinity: No such process", and a default session's block lost its one-cpu runs).
     */
    static final int PIN_ATTEMPTS = 3;

    /** How processes are moved here, for the session log: sched_setaffinity, or taskset and why. */
    public static String how() {
        String problem = NativeAffinity.problem();
        return problem == null ? "sched_setaffinity from the runner, thread by thread"
            : "a taskset -a -p process per move (" + problem + ")";
    }

    /**
     * Pins every thread of PID to CPUS (ANY: to every CPU in ALLOWED); null when done, else what failed, tried again
     * while the process lives.
     */
    public static String pin(long pid, CpuPlacement.Cpus cpus, List<Integer> allowed) throws InterruptedException {
        String complaint = null;
        for (int attempt = 1; attempt <= PIN_ATTEMPTS; attempt++) {
            complaint = pinOnce(pid, cpus, allowed);
            if (complaint == null || !Files.isDirectory(Path.of("/proc", Long.toString(pid)))) {
                return complaint;
            }
        }
        return complaint;
    }

    private static String pinOnce(long pid, CpuPlacement.Cpus cpus, List<Integer> allowed) throws InterruptedException {
        String list = expectedList(cpus, allowed);
        if (NativeAffinity.problem() == null) {
            String complaint = pinNative(pid, list);
            if (NativeAffinity.problem() == null) {
                return complaint;
            } // the binding failed on its first use: taskset from now on
        }
        return pinWithTaskset(pid, list);
    }

    /** The most walks over a process's threads {@link #pinNative} makes while each finds threads the last did not. */
    static final int MOST_WALKS = 10;

    /**
     * As taskset -a does, in this process: every thread of PID (/proc/PID/task) to LIST, walked again while a walk
     * finds threads the walks before did not (a thread started meanwhile by one not yet moved kept the old CPUs). A
     * thread that ended during the walk is no complaint; null when done, else what failed.
     */
    static String pinNative(long pid, String list) {
        long[] mask = NativeAffinity.mask(AllowedCpus.parse(list));
        java.util.Set<Long> moved = new java.util.HashSet<>();
        for (int walk = 1; walk <= MOST_WALKS; walk++) {
            boolean found = false;
            List<Long> tids;
            try {
                tids = threadIds(pid);
            } catch (IOException e) {
                return "cannot list the threads of pid " + pid + ": " + e.getMessage();
            }
            for (long tid : tids) {
                if (!moved.add(tid)) {
                    continue;
                }
                found = true;
                int errno = NativeAffinity.set(tid, mask);
                if (errno < 0) {
                    return NativeAffinity.problem();
                }
                if (errno != 0 && errno != NativeAffinity.ESRCH) {
                    return "sched_setaffinity of pid " + pid + " thread " + tid + " to CPUs " + list + ": errno " + errno
                        + (errno == NativeAffinity.EINVAL ? " (none of those CPUs is allowed here)" : "");
                }
            }
            if (!found) {
                return moved.isEmpty() ? "pid " + pid + " has no threads (it ended)" : null;
            }
        }
        return "pid " + pid + " kept starting threads over " + MOST_WALKS + " walks to CPUs " + list;
    }

    /** The thread ids of PID; empty when the process is gone. */
    static List<Long> threadIds(long pid) throws IOException {
        List<Long> tids = new ArrayList<>();
        try (DirectoryStream<Path> threads = Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "task"))) {
            for (Path t : threads) {
                tids.add(Long.parseLong(t.getFileName().toString()));
            }
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (java.nio.file.DirectoryIteratorException e) {
            if (e.getCause() instanceof NoSuchFileException) {
                return List.of(); // gone while its threads were listed
            }
            throw e.getCause();
        }
        return tids;
    }

    static String pinWithTaskset(long pid, String list) throws InterruptedException {
        try {
            Process p = new ProcessBuilder("taskset", "-a", "-p", "-c", list, Long.toString(pid))
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.PIPE).start();
            String out = new String(p.getInputStream().readAllBytes()).strip();
            if (!p.waitFor(TASKSET_TIMEOUT_S, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "taskset -a -p -c " + list + " " + pid + " took more than " + TASKSET_TIMEOUT_S + " s";
            }
            return p.exitValue() == 0 ? null : "taskset -a -p -c " + list + " " + pid + ": " + Logs.oneLine(out);
        } catch (IOException e) {
            return "taskset: " + e.getMessage();
        }
    }

    /** The CPU list a process pinned to CPUS must show. */
    public static String expectedList(CpuPlacement.Cpus cpus, List<Integer> allowed) {
        return cpus.list().isEmpty() ? AllowedCpus.format(allowed) : cpus.list();
    }

    /** Cpus_allowed_list of every thread of PID, by thread id; empty when the process is gone. */
    public static Map<Long, String> threadLists(long pid) throws IOException {
        Map<Long, String> lists = new LinkedHashMap<>();
        Path tasks = Path.of("/proc", Long.toString(pid), "task");
        for (long tid : threadIds(pid)) {
            try {
                Path status = tasks.resolve(Long.toString(tid)).resolve("status");
                String list = AllowedCpus.allowedListOf(Files.readString(status));
                if (list != null) {
                    lists.put(tid, list);
                }
            } catch (NoSuchFileException e) {
                // the thread ended while we looked
            }
        }
        return lists;
    }

    /**
     * The threads whose CPUs are not EXPECTED (a CPU list), as "tid T on L" lines; compares CPU sets, so "0-1"
     * and "0,1" agree.
     */
    public static List<String> offCpu(Map<Long, String> threadLists, String expected) {
        List<Integer> want = AllowedCpus.parse(expected);
        List<String> off = new ArrayList<>();
        threadLists.forEach((tid, list) -> {
            if (!AllowedCpus.parse(list).equals(want)) {
                off.add("tid " + tid + " on " + list);
            }
        });
        return off;
    }
}
