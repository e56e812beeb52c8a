package org.dbuslab.runner.exec;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How to start one process: its command, extra environment, where its output goes (LOGBASE.out / .err, and
 * the command line in LOGBASE.cmd, as logs/ has always held them), whether the runner talks to it over
 * stdin/stdout (a persistent client), and the CPUs it may run on.
 */
public record Launch(List<String> command, Map<String, String> environment, Path logBase, boolean piped,
                     CpuPlacement.Cpus cpus) {

    public Launch {
        command = List.copyOf(command);
        environment = Map.copyOf(environment);
    }

    public static Launch of(Path logBase, List<String> command) {
        return new Launch(command, Map.of(), logBase, false, CpuPlacement.Cpus.ANY);
    }

    public Launch withEnvironment(String name, String value) {
        Map<String, String> env = new LinkedHashMap<>(environment);
        env.put(name, value);
        return new Launch(command, env, logBase, piped, cpus);
    }

    /** stdin and stdout are pipes to the runner; stderr still goes to LOGBASE.err. */
    public Launch withPipes() {
        return new Launch(command, environment, logBase, true, cpus);
    }

    public Launch on(CpuPlacement.Cpus cpus) {
        return new Launch(command, environment, logBase, piped, cpus);
    }

    public Path out() {
        return sibling(".out");
    }

    public Path err() {
        return sibling(".err");
    }

    public Path cmd() {
        return sibling(".cmd");
    }

    private Path sibling(String suffix) {
        return logBase.resolveSibling(logBase.getFileName() + suffix);
    }

    /**
     * The command as started: under taskset when pinned, and under setsid, so the terminal's Ctrl-C reaches
     * only the runner, which then stops everything in order (both exec, so the pid stays the process's own).
     */
    List<String> argv() {
        List<String> argv = new ArrayList<>();
        argv.addAll(cpus.tasksetPrefix());
        if (Supervisor.SETSID != null) {
            argv.add(Supervisor.SETSID);
        }
        argv.addAll(command);
        return argv;
    }
}
