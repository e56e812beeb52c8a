package org.dbuslab.runner.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.dbuslab.format.CollapsedStacks;
import org.junit.jupiter.api.Test;

class AsyncProfilerOutputTest {

    @Test
    void allThreadsOrOneThreadOfAWallProfileWithoutItsThreadFrame() {
        List<String> lines = List.of(
            "[main tid=24843];Spin.main;java/lang/Thread.sleep;JVM_Sleep 7",
            "[Attach Listener tid=25065];clone3;start_thread 1212",
            "[main tid=24843];Spin.main 277",
            "[mainly tid=3];x 5",
            "garbage",
            "");
        CollapsedStacks.Builder main = new CollapsedStacks.Builder();
        lines.forEach(l -> AsyncProfilerOutput.add(l, "main", main));
        assertEquals(Map.of(List.of("Spin.main", "java/lang/Thread.sleep", "JVM_Sleep"), 7L, List.of("Spin.main"), 277L),
            main.build().stacks());
        CollapsedStacks.Builder all = new CollapsedStacks.Builder();
        lines.forEach(l -> AsyncProfilerOutput.add(l, null, all));
        assertEquals(7 + 1212 + 277 + 5, all.samples());
    }

    @Test
    void thisJvmIsAJvm() {
        assertTrue(AsyncProfilerOutput.isJvm(ProcessHandle.current().pid()));
        assertFalse(AsyncProfilerOutput.isJvm(Long.MAX_VALUE));
    }
}
