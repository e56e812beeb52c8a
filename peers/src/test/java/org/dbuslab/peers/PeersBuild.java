package org.dbuslab.peers;

import org.dbuslab.testkit.LabPaths;
import org.dbuslab.testkit.PeersMakeLock;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Builds the C peers with {@code make -C peers TARGET} once per test JVM and says where they are. When the build
 * cannot run (no compiler, pkg-config or library), the Makefile says why in one line; a test then fails under
 * CI=true and is skipped with that line elsewhere.
 */
final class PeersBuild {

    /** make's targets: the GLib peers, the sd-bus peers, the test tool payload-dump. */
    static final String GLIB = "glib";
    static final String SDBUS = "sdbus";
    static final String LIBDBUS = "libdbus";
    static final String TOOLS = "tools";

    private static final Map<String, String> FAILURES = new ConcurrentHashMap<>();
    private static final Map<String, Boolean> BUILT = new ConcurrentHashMap<>();

    private PeersBuild() {
    }

    static Path peersDir() {
        return LabPaths.repositoryRoot().resolve("peers");
    }

    /** The path of {@code program} (e.g. glib-echo-client) after building {@code target}, or a skip/failure. */
    static Path program(String target, String program) {
        ensureBuilt(target);
        return peersDir().resolve("build").resolve(program);
    }

    static synchronized void ensureBuilt(String target) {
        if (!BUILT.containsKey(target) && !FAILURES.containsKey(target)) {
            MakeResult result = makeAlone(target);
            if (result.exitCode() == 0) {
                BUILT.put(target, true);
            } else {
                FAILURES.put(target, result.reason());
            }
        }
        String failure = FAILURES.get(target);
        if (failure != null) {
            unavailable(failure, System.getenv("CI"));
        }
    }

    /** make TARGET while no other test JVM runs make in peers/ (testkit's PeersMakeLock). */
    private static MakeResult makeAlone(String target) {
        try {
            return PeersMakeLock.holding(() -> make(peersDir(), List.of(target), Map.of()));
        } catch (Exception e) {
            return new MakeResult(-1, e.getMessage());
        }
    }

    /** Under CI a peer that cannot be built is a failure; on a developer box it is a skip with the reason. */
    static void unavailable(String reason, String ci) {
        if ("true".equals(ci)) {
            Assertions.fail(reason);
        }
        Assumptions.abort(reason);
    }

    /** Runs make in the peers directory: {@code make --no-print-directory -C peers ARGUMENTS}. */
    static MakeResult make(Path dir, List<String> arguments, Map<String, String> environment) {
        List<String> command = new ArrayList<>(List.of("make", "--no-print-directory", "-C", dir.toString()));
        command.addAll(arguments);
        try {
            ForeignRun.Result r = ForeignRun.run(command, environment, 300);
            return new MakeResult(r.exitCode(), r.stderr());
        } catch (IOException e) {
            return new MakeResult(-1, "cannot run make: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new MakeResult(-1, "interrupted while running make");
        }
    }

    record MakeResult(int exitCode, String stderr) {
        /** The Makefile's one line, else the last line make printed. */
        String reason() {
            List<String> lines = stderr.lines().filter(l -> !l.isBlank()).toList();
            return lines.isEmpty() ? "make failed with exit code " + exitCode : lines.get(lines.size() - 1);
        }
    }
}
