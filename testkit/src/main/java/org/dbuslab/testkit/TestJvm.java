package org.dbuslab.testkit;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** How a test starts a JVM of its own: this JVM's java, with the flags every JVM of the lab and its tests gets. */
public final class TestJvm {

    /**
     * Exceptions keep their message and stack however often the JIT has seen them thrown: without it a hot
     * NullPointerException arrives message-less, and no one can tell dbus-java's use-after-close race from a bug.
     */
    public static final String KEEP_STACK_TRACES = "-XX:-OmitStackTraceInFastThrow";

    /**
     * Put before a command a test will signal: INT, QUIT and TERM at their defaults. A suite started in the background
     * of a non-interactive shell ({@code mvn verify &}) inherits INT and QUIT ignored, ignored signals survive exec,
     * and a JVM or a bash trap then never sees the SIGINT the test sends. env execs the command: the pid stays.
     */
    public static final List<String> DEFAULT_SIGNALS = List.of("env", "--default-signal=INT,QUIT,TERM");

    /**
     * C1 only and the serial collector, for the lab's JVMs a test starts: a JVM that lives seconds never pays back C2's
     * and G1's threads, and a test checks what the lab does, not how fast (CI is CPU-bound on 2 vCPUs).
     */
    public static final List<String> LEAN_FLAGS = List.of("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

    /** {@link #LEAN_FLAGS} as run-all.sh's LAB_JAVA_OPTS takes them. */
    public static final String LEAN_JAVA_OPTS = String.join(" ", LEAN_FLAGS);

    /**
     * What a session's environment adds so that its servers and clients get {@link #LEAN_FLAGS} and no CDS archive: a
     * small two-bus session took 31 s (14.4 s CPU) as shipped and 15 s (10 s CPU) so.
     */
    public static final Map<String, String> LEAN_LAB_ENV = Map.of("LAB_JAVA_OPTS", LEAN_JAVA_OPTS, "LAB_CDS", "0");

    /** This JVM's environment with {@link #LEAN_LAB_ENV} over it, for a session a test drives in-process. */
    public static Map<String, String> leanLabEnvironment() {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.putAll(LEAN_LAB_ENV);
        return env;
    }

    private TestJvm() {
    }

    /**
     * {@code env --default-signal=... JAVA_HOME/bin/java -XX:-OmitStackTraceInFastThrow}, to which the caller adds its
     * flags and main.
     */
    public static List<String> java() {
        List<String> command = new ArrayList<>(DEFAULT_SIGNALS);
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add(KEEP_STACK_TRACES);
        return command;
    }
}
