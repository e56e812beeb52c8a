package org.dbuslab.runner.profile;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Locale;
import java.util.Properties;

import com.sun.tools.attach.AgentInitializationException;
import com.sun.tools.attach.AgentLoadException;
import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;

/**
 * async-profiler (Maven Central's {@code tools.profiler:async-profiler}, whose jar carries the native agent; it is in
 * the runner's jar) loaded into a running JVM through the attach API, as {@code jcmd PID JVMTI.agent_load} would, and
 * driven with its agent commands: {@code start,event=cpu,interval=1ms} (perf_events' cpu-clock, a software event; the
 * itimer when perf_events is refused), {@code start,event=wall,interval=1ms,threads} (every thread, sleeping or not,
 * each stack under its thread's name), {@code stop,file=F,collapsed}. Its messages go to a log file, never to the
 * JVM's stdout, which is a client's control channel.
 */
public final class AsyncProfilerAgent {

    public static final String NAME = "async-profiler";
    public static final Duration INTERVAL = Duration.ofMillis(1);

    private final Path library;
    private final String version;

    private AsyncProfilerAgent(Path library, String version) {
        this.library = library;
        this.version = version;
    }

    /** The agent for this machine's architecture, copied out of the runner's jar into DIR; why not as the exception. */
    public static AsyncProfilerAgent extract(Path dir) throws IOException {
        String platform = platform();
        String resource = "/" + platform + "/libasyncProfiler.so";
        try (InputStream in = AsyncProfilerAgent.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("no " + resource + " in the runner's jar (tools.profiler:async-profiler)");
            }
            Files.createDirectories(dir);
            Path lib = dir.resolve("libasyncProfiler.so");
            Files.copy(in, lib, StandardCopyOption.REPLACE_EXISTING);
            return new AsyncProfilerAgent(lib, version());
        }
    }

    /** "async-profiler 4.2". */
    public String describe() {
        return NAME + (version.isEmpty() ? "" : " " + version);
    }

    /**
     * Starts CPU sampling in JVM PID, every {@link #INTERVAL} of CPU time: perf_events' cpu-clock, or the itimer
     * where the kernel refuses it. The event used.
     */
    public String startCpu(long pid, Path log) throws IOException {
        try {
            command(pid, "start,event=cpu,interval=" + interval() + ",log=" + log);
            return "cpu-clock";
        } catch (IOException e) {
            command(pid, "start,event=itimer,interval=" + interval() + ",log=" + log);
            return "itimer";
        }
    }

    /** Starts wall-clock sampling of every thread of JVM PID (each stack under its thread's name). */
    public void startWall(long pid, Path log) throws IOException {
        command(pid, "start,event=wall,interval=" + interval() + ",threads,log=" + log);
    }

    /** Stops the profiler in JVM PID and writes what it sampled to OUT as collapsed stacks. */
    public void stop(long pid, Path out, Path log) throws IOException {
        command(pid, "stop,file=" + out + ",collapsed,log=" + log);
        if (!Files.isRegularFile(out)) {
            throw new IOException("async-profiler wrote no " + out.getFileName() + " (see " + log + ")");
        }
    }

    private void command(long pid, String args) throws IOException {
        VirtualMachine vm;
        try {
            vm = VirtualMachine.attach(Long.toString(pid));
        } catch (AttachNotSupportedException e) {
            throw new IOException("cannot attach to JVM " + pid + ": " + e.getMessage(), e);
        }
        try {
            vm.loadAgentPath(library.toString(), args);
        } catch (AgentLoadException | AgentInitializationException e) {
            throw new IOException("async-profiler refused '" + args.substring(0, args.indexOf(",log=")) + "' in JVM " + pid
                + ": " + e.getMessage(), e);
        } finally {
            vm.detach();
        }
    }

    private static String interval() {
        return INTERVAL.toMillis() + "ms";
    }

    private static String platform() throws IOException {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        if (!os.contains("linux")) {
            throw new IOException("async-profiler's agent in the jar is for Linux, this is " + os);
        }
        return switch (arch) {
            case "amd64", "x86_64" -> "linux-x64";
            case "aarch64", "arm64" -> "linux-arm64";
            default -> throw new IOException("no async-profiler agent for " + arch);
        };
    }

    private static String version() {
        try (InputStream in = AsyncProfilerAgent.class.getResourceAsStream(
                "/META-INF/maven/tools.profiler/async-profiler/pom.properties")) {
            if (in == null) {
                return "";
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "");
        } catch (IOException e) {
            return "";
        }
    }
}
