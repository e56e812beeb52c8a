package org.dbuslab.runner.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.dbuslab.format.CollapsedStacks;
import org.junit.jupiter.api.Test;

/** perf script's text into collapsed stacks: real output of this machine (peers' GLib client, dbus-daemon). */
class PerfScriptTest {

    private static CollapsedStacks collapse(String resource) throws IOException {
        try (InputStream in = PerfScriptTest.class.getResourceAsStream("/profile/" + resource)) {
            CollapsedStacks.Builder b = new CollapsedStacks.Builder();
            long n = PerfScript.collapse(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)), b);
            CollapsedStacks s = b.build();
            assertEquals(n, s.samples());
            return s;
        }
    }

    @Test
    void everySampleIsOneStackRootFirstKernelFramesMarkedUnknownFramesByLibrary() throws IOException {
        CollapsedStacks s = collapse("perf-script-glib-client.txt");
        assertEquals(6, s.samples());
        List<String> sync = s.stacks().keySet().stream().filter(k -> k.contains("g_dbus_connection_call_sync")
            && k.get(k.size() - 1).equals("finish_task_switch.isra.0_[k]")).findFirst().orElseThrow();
        assertEquals(List.of("_start", "__libc_start_main_impl", "__libc_start_call_main", "main", "drive_runs", "run_once",
            "run", "run_sync", "g_dbus_connection_call_sync", "[libgio-2.0.so]", "g_dbus_connection_send_message_with_reply_sync",
            "g_main_loop_run", "[libglib-2.0.so]", "__GI___poll", "entry_SYSCALL_64_after_hwframe_[k]", "do_syscall_64_[k]",
            "__x64_sys_poll_[k]", "do_sys_poll_[k]", "poll_schedule_timeout.constprop.0_[k]",
            "schedule_hrtimeout_range_clock_[k]", "schedule_[k]", "__schedule_[k]", "finish_task_switch.isra.0_[k]"), sync);
    }

    @Test
    void aStrippedProgramIsShownAsItselfOneFramePerRun() throws IOException {
        CollapsedStacks s = collapse("perf-script-dbus-daemon.txt");
        assertEquals(3, s.samples());
        for (List<String> stack : s.stacks().keySet()) {
            assertEquals("[dbus-daemon]", stack.get(0), "the root: _start of the stripped dbus-daemon");
            for (int i = 1; i < stack.size(); i++) {
                assertTrue(!(stack.get(i).startsWith("[") && stack.get(i).equals(stack.get(i - 1))), "no repeated " + stack);
            }
        }
        assertTrue(s.stacks().keySet().stream().anyMatch(k -> k.contains("_dbus_validate_body_with_reason")
            && k.contains("[libdbus-1.so]")));
    }

    @Test
    void framesWithOrWithoutOffsetsAndDsos() {
        assertEquals("g_main_loop_run", PerfScript.frame("54cce g_main_loop_run+0x6e (/usr/lib/x86_64-linux-gnu/libglib-2.0.so.0.7400.6)"));
        assertEquals("g_main_loop_run", PerfScript.frame("54cce g_main_loop_run (/usr/lib/x86_64-linux-gnu/libglib-2.0.so.0.7400.6)"));
        assertEquals("[libglib-2.0.so]", PerfScript.frame("4021d [unknown] (/usr/lib/x86_64-linux-gnu/libglib-2.0.so.0.7400.6)"));
        assertEquals("schedule_[k]", PerfScript.frame("ffffffff822477f3 schedule+0x23 ([kernel.kallsyms])"));
        assertEquals("[unknown]", PerfScript.frame("bfffffffe [unknown] ([unknown])"));
        assertEquals("operator new(unsigned long)", PerfScript.frame("1234 operator new(unsigned long)+0x1 (/usr/lib/libstdc++.so.6)"));
        assertEquals("__GI___poll", PerfScript.frame("fc26f __GI___poll+0x4f (inlined)"));
        assertEquals("[dbus-daemon]", PerfScript.frame("29360 [unknown] (/usr/bin/dbus-daemon)"));
        assertNull(PerfScript.frame("not a frame"));
        assertEquals("libsystemd.so", PerfScript.library("/usr/lib/x86_64-linux-gnu/libsystemd.so.0.35.0"));
    }

    @Test
    void samplesWithoutBlankLinesOrFramesStillCount() throws IOException {
        String text = "prog 1 \n\t1 a (/x)\nprog 1 \nprog 1 \n\t2 b (/x)\n\t3 c (/x)";
        CollapsedStacks.Builder b = new CollapsedStacks.Builder();
        assertEquals(3, PerfScript.collapse(new BufferedReader(new StringReader(text)), b));
        assertEquals(Map.of(List.of("a"), 1L, List.of("[unknown]"), 1L, List.of("c", "b"), 1L), b.build().stacks());
    }
}
