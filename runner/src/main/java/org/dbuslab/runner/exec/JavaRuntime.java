package org.dbuslab.runner.exec;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The java binary and JVM flags of the measuring JVMs (servers, clients, environment capture): JAVA (default
 * java on PATH) and LAB_JAVA_OPTS, word-split. Unset, the flags are the serial collector: on 2 cores G1's own
 * threads cost a pipelined 10000 B client 8 us of CPU per call, as much as libdbus spends on the whole call
 * (docs/EXPERIMENTS.md, step 7); and a small heap touched at start: with the default 126 MB young generation a
 * client that runs one cell in five blocks never filled it once in a session, so each of its runs faulted in a few
 * hundred fresh pages, at a cost that varied run to run on a VM (docs/EXPERIMENTS.md, "A heap touched at start").
 * LAB_JAVA_OPTS= (empty) gives the JVM's defaults.
 */
public record JavaRuntime(String java, List<String> flags) {

    public static final String DEFAULT_FLAGS = "-XX:+UseSerialGC -Xms64m -Xmn32m -XX:+AlwaysPreTouch";
    /** Every JVM of the lab: a hot exception keeps its message and stack (else the JIT drops both). */
    public static final String KEEP_STACK_TRACES = "-XX:-OmitStackTraceInFastThrow";
    /**
     * Every JVM of the lab: no /tmp/hsperfdata_USER/PID file. Each session runs in its own PID namespace
     * (lab/run-all.sh), so two sessions' JVMs can have the same PID and one file; the JVM that finds it locked
     * prints a warning on stdout, the control channel, and the client fails to start (e2e LibrariesLabRunIT beside
     * another session, CI of 9a43efa). The attach API, which the profiling pass uses, does not need the file.
     */
    public static final String NO_SHARED_PERF_DATA = "-XX:+PerfDisableSharedMem";

    public JavaRuntime {
        flags = List.copyOf(flags);
    }

    public static JavaRuntime fromEnvironment(Map<String, String> env) {
        String java = env.getOrDefault("JAVA", "java");
        String text = env.containsKey("LAB_JAVA_OPTS") ? env.get("LAB_JAVA_OPTS") : DEFAULT_FLAGS;
        List<String> flags = Arrays.stream(text.trim().split("\\s+")).filter(s -> !s.isEmpty()).toList();
        return new JavaRuntime(java, flags);
    }

    /** The flags every JVM gets, as one string, for the session log and environment.json. */
    public String flagsText() {
        List<String> vm = vm(List.of());
        return String.join(" ", vm.subList(1, vm.size()));
    }

    /**
     * java -XX:-OmitStackTraceInFastThrow -XX:+PerfDisableSharedMem FLAGS EXTRA: the JVM with these flags, before
     * what it runs (or -Xshare:dump's options).
     */
    public List<String> vm(List<String> extraFlags) {
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.add(KEEP_STACK_TRACES);
        cmd.add(NO_SHARED_PERF_DATA);
        cmd.addAll(flags);
        cmd.addAll(extraFlags);
        return cmd;
    }

    /** java FLAGS EXTRA -jar JAR ARGS. */
    public List<String> jar(Path jar, List<String> extraFlags, List<String> args) {
        List<String> cmd = vm(extraFlags);
        cmd.add("-jar");
        cmd.add(jar.toString());
        cmd.addAll(args);
        return cmd;
    }

    /** java FLAGS -cp JAR MAINCLASS ARGS. */
    public List<String> main(Path jar, String mainClass, List<String> args) {
        List<String> cmd = vm(List.of());
        cmd.add("-cp");
        cmd.add(jar.toString());
        cmd.add(mainClass);
        cmd.addAll(args);
        return cmd;
    }
}
