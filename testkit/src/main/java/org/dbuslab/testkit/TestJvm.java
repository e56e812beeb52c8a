package org.dbuslab.testkit;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

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
