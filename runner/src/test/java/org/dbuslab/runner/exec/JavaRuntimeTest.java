package org.dbuslab.runner.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * The measuring JVMs' flags: LAB_JAVA_OPTS or the defaults, and that this JDK takes the defaults as meant (a fixed
 * young generation, the heap touched at start: docs/DESIGN.md, "The measuring JVMs"), with the two flags every JVM
 * of the lab gets.
 */
class JavaRuntimeTest {

    @Test
    void unsetGivesTheDefaultsAndEmptyGivesNone() {
        assertEquals(List.of("-XX:+UseSerialGC", "-Xms64m", "-Xmn32m", "-XX:+AlwaysPreTouch"),
            JavaRuntime.fromEnvironment(Map.of()).flags());
        assertEquals(List.of(), JavaRuntime.fromEnvironment(Map.of("LAB_JAVA_OPTS", "")).flags());
        assertEquals(List.of("-Xint", "-Xmx1g"),
            JavaRuntime.fromEnvironment(Map.of("LAB_JAVA_OPTS", "  -Xint   -Xmx1g ")).flags());
    }

    @Test
    void everyJvmKeepsItsStackTracesAndSharesNoPerfDataFile() {
        JavaRuntime none = new JavaRuntime("java", List.of());
        assertEquals(List.of("java", JavaRuntime.KEEP_STACK_TRACES, JavaRuntime.NO_SHARED_PERF_DATA, "-Xshare:dump"),
            none.vm(List.of("-Xshare:dump")));
        assertEquals(JavaRuntime.KEEP_STACK_TRACES + " " + JavaRuntime.NO_SHARED_PERF_DATA, none.flagsText());
    }

    @Test
    void theDefaultsFixTheYoungGenerationAndTouchTheHeap() throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(JavaRuntime.fromEnvironment(Map.of()).vm(List.of()));
        command.set(0, System.getProperty("java.home") + "/bin/java");
        command.addAll(List.of("-XX:+PrintFlagsFinal", "-version"));
        Process java = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(java.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(java.waitFor(60, TimeUnit.SECONDS), "java -version did not end");
        assertEquals(0, java.exitValue(), out);

        Map<String, String> flags = finalFlags(out);
        assertEquals("true", flags.get("UseSerialGC"));
        assertEquals("true", flags.get("PerfDisableSharedMem"), "no hsperfdata file another session's JVM may lock");
        assertEquals("true", flags.get("AlwaysPreTouch"));
        assertEquals(flags.get("NewSize"), flags.get("MaxNewSize"), "the young generation must not resize");
        assertEquals(String.valueOf(32L << 20), flags.get("NewSize"));
        assertEquals(String.valueOf(64L << 20), flags.get("InitialHeapSize"));
    }

    /** name -> value of -XX:+PrintFlagsFinal's lines ("  type name = value {origin}"). */
    private static Map<String, String> finalFlags(String out) {
        Pattern line = Pattern.compile("^\\s*\\S+\\s+(\\w+)\\s+:?=\\s+(\\S+)", Pattern.MULTILINE);
        Map<String, String> flags = new HashMap<>();
        Matcher m = line.matcher(out);
        while (m.find()) {
            flags.put(m.group(1), m.group(2));
        }
        return flags;
    }
}
