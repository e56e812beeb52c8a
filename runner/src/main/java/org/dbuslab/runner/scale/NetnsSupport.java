package org.dbuslab.runner.scale;

import org.dbuslab.format.SkippedTsv;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Whether the scale session can measure across a second network namespace, and what it does when it cannot: the
 * pure decisions (no side effects). Making namespaces needs root and iproute2's {@code ip}; where either is
 * missing, or making them fails, the namespace cells are skipped with the reason (one skipped.tsv line each), except
 * under {@code CI=true}, where a cell that cannot run fails the session (the lab's rule: in CI, what a test needs
 * must be there).
 */
public final class NetnsSupport {

    /** The Debian package of ip(8). */
    public static final String IP_PACKAGE = "iproute2";
    /** Where ip lives on Debian, also when PATH (an ordinary user's) lacks sbin. */
    static final List<String> SBIN = List.of("/usr/sbin", "/sbin", "/usr/bin", "/bin");

    private NetnsSupport() {
    }

    /** What to do with the namespace cells. */
    public enum Action { MEASURE, SKIP, FAIL }

    /** ACTION and, unless MEASURE, why the cells cannot run. */
    public record Decision(Action action, String reason) {
        public boolean measure() {
            return action == Action.MEASURE;
        }
    }

    /**
     * Before making the namespaces: EUID the effective uid, IP the ip binary (empty: not found), IPHASNETNS whether
     * {@code ip netns list} works (ignored without IP), CI whether CI=true.
     */
    public static Decision decide(long euid, Optional<Path> ip, boolean ipHasNetns, boolean ci) {
        List<String> missing = new ArrayList<>();
        if (euid != 0) {
            missing.add("making network namespaces needs root (running as uid " + euid + ")");
        }
        if (ip.isEmpty()) {
            missing.add("ip not found (install the Debian package " + IP_PACKAGE + ")");
        } else if (!ipHasNetns) {
            missing.add(ip.get() + " has no 'netns' command (install the Debian package " + IP_PACKAGE + ")");
        }
        return missing.isEmpty() ? new Decision(Action.MEASURE, null) : cannot(String.join("; ", missing), ci);
    }

    /** Making the namespaces failed with WHY (ip's message): skip, or fail under CI. */
    public static Decision failedToMake(String why, boolean ci) {
        return cannot("making the network namespaces failed: " + why, ci);
    }

    private static Decision cannot(String reason, boolean ci) {
        return new Decision(ci ? Action.FAIL : Action.SKIP, reason);
    }

    /** CI=true in ENV. */
    public static boolean ci(java.util.Map<String, String> env) {
        return "true".equals(env.get("CI"));
    }

    /** The effective uid from /proc/self/status ("Uid:\treal\teffective\tsaved\tfs"); -1 when it is not there. */
    public static long effectiveUid(List<String> procSelfStatus) {
        for (String line : procSelfStatus) {
            if (line.startsWith("Uid:")) {
                String[] f = line.substring(4).trim().split("\\s+");
                if (f.length >= 2 && f[1].matches("[0-9]{1,10}")) {
                    return Long.parseLong(f[1]);
                }
            }
        }
        return -1;
    }

    /** ip in the directories of PATH, then in the sbin directories; EXECUTABLE says whether a file is one. */
    public static Optional<Path> findIp(String path, Predicate<Path> executable) {
        List<String> dirs = new ArrayList<>(path == null || path.isEmpty() ? List.of() : List.of(path.split(":")));
        dirs.addAll(SBIN);
        return dirs.stream().filter(d -> !d.isEmpty()).map(d -> Path.of(d, "ip")).filter(executable).findFirst();
    }

    /**
     * The skipped.tsv lines of POINTS (the plan's namespace points), one per target and mode: {@code <target>
     * netns-<mode>} and REASON, e.g. "dbus-daemon-tcp netns-sync".
     */
    public static List<SkippedTsv.Row> skippedRows(List<ScaleStep.Distance> points, String reason) {
        return points.stream().map(p -> skippedCell(p.transport(), p.mode())).distinct()
            .map(cell -> new SkippedTsv.Row(cell, reason)).toList();
    }

    /** skipped.tsv's first field for a namespace cell. */
    public static String skippedCell(String transport, String mode) {
        return transport + " netns-" + mode;
    }
}
