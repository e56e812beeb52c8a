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

    private TestJvm() {
    }

    /** {@code JAVA_HOME/bin/java -XX:-OmitStackTraceInFastThrow}, to which the caller adds its flags and main. */
    public static List<String> java() {
        return new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            KEEP_STACK_TRACES));
    }
}
