package org.dbuslab.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CollapsedStacksTest {

    @TempDir
    Path dir;

    @Test
    void writesTheHeaderThenOneLinePerStackAndReadsItBack() {
        CollapsedStacks stacks = new CollapsedStacks.Builder()
            .header("what", "client of dbus-daemon glib>glib sync 1000 B")
            .header("event", "cpu-clock")
            .add(List.of("main", "run", "g_variant_new"), 3)
            .add(List.of("main", "run", "[libglib-2.0.so]"), 1)
            .add(List.of("main", "run", "g_variant_new"), 2)
            .build();
        Path file = dir.resolve("x.collapsed");
        stacks.write(file);
        assertEquals(List.of(CollapsedStacks.MAGIC, "# what: client of dbus-daemon glib>glib sync 1000 B", "# event: cpu-clock",
            "# samples: 6", "main;run;g_variant_new 5", "main;run;[libglib-2.0.so] 1"), Tsv.readLines(file));
        CollapsedStacks back = CollapsedStacks.read(file);
        assertEquals(6, back.samples());
        assertEquals("6", back.get("samples"));
        assertEquals(stacks.stacks(), back.stacks());
        assertEquals("cpu-clock", back.get("event"));
    }

    @Test
    void framesWithSpacesKeepThemOnlyTheLastSpaceSeparatesTheCount() {
        List<String> lines = List.of(CollapsedStacks.MAGIC, "# samples: 4",
            "start_thread;AccessBarrier<544868ul, G1BarrierSet>::oop_access_barrier 4");
        CollapsedStacks s = CollapsedStacks.parse("f", lines);
        assertEquals(List.of("start_thread", "AccessBarrier<544868ul, G1BarrierSet>::oop_access_barrier"),
            s.stacks().keySet().iterator().next());
    }

    @Test
    void separatorsInsideAFrameAreReplacedSoTheFileStaysReadable() {
        CollapsedStacks s = new CollapsedStacks.Builder().add(List.of("a;b", "c\nd"), 1).build();
        assertEquals("a_b;c_d 1", s.lines().get(s.lines().size() - 1));
    }

    @Test
    void refusesFilesThatAreNotCollapsedStacks() throws Exception {
        assertThrows(FormatException.class, () -> CollapsedStacks.parse("f", List.of("main;run 3")));
        FormatException count = assertThrows(FormatException.class,
            () -> CollapsedStacks.parse("f", List.of(CollapsedStacks.MAGIC, "main;run three")));
        assertTrue(count.getMessage().startsWith("f line 2: "), count.getMessage());
        assertThrows(FormatException.class, () -> CollapsedStacks.parse("f", List.of(CollapsedStacks.MAGIC, "main;run 0")));
        assertThrows(FormatException.class, () -> CollapsedStacks.parse("f", List.of(CollapsedStacks.MAGIC, "#what no colon")));
        FormatException sum = assertThrows(FormatException.class,
            () -> CollapsedStacks.parse("f", List.of(CollapsedStacks.MAGIC, "# samples: 9", "main;run 3")));
        assertTrue(sum.getMessage().contains("9 samples"), sum.getMessage());
        Files.writeString(dir.resolve("empty.collapsed"), "", StandardCharsets.UTF_8);
        assertThrows(FormatException.class, () -> CollapsedStacks.read(dir.resolve("empty.collapsed")));
    }

    @Test
    void aProfileWithoutSamplesIsValidAndSaysSo() {
        CollapsedStacks none = new CollapsedStacks.Builder().header("what", "idle").build();
        assertEquals(List.of(CollapsedStacks.MAGIC, "# what: idle", "# samples: 0"), none.lines());
        assertEquals(0, CollapsedStacks.parse("f", none.lines()).samples());
    }

    @Test
    void profilesTsvRoundTripsAndNamesFilesByCellRoleAndKind() {
        String file = ProfilesTsv.fileName("dbus-daemon", "stock-stock", "sync", 1000, ProfilesTsv.CLIENT, ProfilesTsv.WALL);
        assertEquals("dbus-daemon.stock-stock.sync.1000.client.wall.collapsed", file);
        List<ProfilesTsv.Row> rows = List.of(new ProfilesTsv.Row(file, "dbus-daemon", "dbus-java-stock>dbus-java-stock",
            "sync", 1000, 1, "client", "dbus-java-stock", "wall", "async-profiler", "wall", 1_000_000, 2000, 2_000_000_000L,
            -1, 5000, "main"));
        ProfilesTsv.FORMAT.write(dir, rows);
        assertEquals(rows, ProfilesTsv.FORMAT.read(dir));
    }

    @Test
    void profilesTsvRefusesUnknownRolesKindsAndPaths() throws Exception {
        String header = ProfilesTsv.FORMAT.headerLine() + "\n";
        String good = "a.collapsed\tdbus-daemon\tglib>glib\tsync\t1000\t1\tclient\tglib\tcpu\tperf\tcpu-clock\t1000000\t10"
            + "\t1\t1\t1\t\n";
        Files.writeString(dir.resolve("profiles.tsv"), header + good, StandardCharsets.UTF_8);
        assertEquals(1, ProfilesTsv.FORMAT.read(dir).size());
        for (String bad : List.of(good.replace("\tclient\t", "\tproxy\t"), good.replace("\tcpu\t", "\talloc\t"),
                good.replace("a.collapsed", "../a.collapsed"))) {
            Files.writeString(dir.resolve("profiles.tsv"), header + bad, StandardCharsets.UTF_8);
            assertThrows(FormatException.class, () -> ProfilesTsv.FORMAT.read(dir), bad);
        }
    }
}
