package org.dbuslab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.output.SummaryJsonTest;
import org.dbuslab.analysis.profile.Categories;
import org.dbuslab.analysis.profile.FrameCategory;
import org.dbuslab.analysis.profile.PairProfile;
import org.dbuslab.analysis.profile.ProfileSet;
import org.dbuslab.analysis.profile.StockCosts;
import org.dbuslab.analysis.read.ResultsFolderReader;
import org.dbuslab.format.CollapsedStacks;
import org.dbuslab.format.ProfilesTsv;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * "Why it costs" and the flame graphs (issue 25): the libraries fixture with a profiles/ folder as the profiling pass
 * writes it, for the lab's pair and dbus-java as shipped, sync.
 */
class WhyItCostsReportTest {

    @TempDir
    Path dir;

    private static final String LAB = "dbus-java>dbus-java";
    private static final String STOCK = "dbus-java-stock>dbus-java-stock";

    /** One profile: its file, its stacks (frame list and count), its CPU and calls. */
    private static ProfilesTsv.Row profile(Path profiles, String pair, String shortName, String role, String kind,
                                           long cpuNs, long calls, Object... stacks) {
        CollapsedStacks.Builder b = new CollapsedStacks.Builder().header("what", role + " of " + pair);
        for (int i = 0; i < stacks.length; i += 2) {
            b.add(List.of(((String) stacks[i]).split(";")), (Integer) stacks[i + 1]);
        }
        CollapsedStacks s = b.build();
        String file = ProfilesTsv.fileName("dbus-daemon", shortName, "sync", 1000, role, kind);
        s.write(profiles.resolve(file));
        boolean wall = kind.equals(ProfilesTsv.WALL);
        return new ProfilesTsv.Row(file, "dbus-daemon", pair, "sync", 1000, 1, role, role.equals("bus") ? "dbus-daemon"
            : pair.substring(0, pair.indexOf('>')), kind, wall || !role.equals("bus") ? "async-profiler 4.2" : "perf 6.1",
            wall ? "wall" : "cpu-clock", 1_000_000, s.samples(), 3_000_000_000L, cpuNs, calls, wall ? "main" : "");
    }

    private static final String CALL = "org/dbuslab/client/run/EchoRun.call";
    private static final String SWITCH = "futex_wait_[k];schedule_[k];finish_task_switch.isra.0_[k]";

    private Path folderWithProfiles() throws Exception {
        Path folder = Fixtures.copy(Fixtures.libraries(), dir.resolve("session"));
        Path profiles = Files.createDirectories(folder.resolve(ProfilesTsv.FOLDER));
        List<ProfilesTsv.Row> rows = new ArrayList<>();
        // the lab's pair: 100 µs of CPU per call in each process, mostly waiting and socket I/O
        rows.add(profile(profiles, LAB, "java", "client", "cpu", 1_000_000_000L, 10_000,
            CALL + ";org/dbuslab/labio/BufferedMessageReader.fill;__GI_read;unix_stream_recvmsg_[k]", 40,
            CALL + ";org/freedesktop/dbus/messages/Message.appendOne", 20, CALL + ";" + SWITCH, 30,
            CALL + ";org/dbuslab/client/run/ReplyVerifier.verify", 10));
        rows.add(profile(profiles, LAB, "java", "server", "cpu", 1_000_000_000L, 10_000,
            "org/dbuslab/server/fastpath/ReaderDispatch.run;java/nio/HeapByteBuffer.<init>", 50,
            "org/dbuslab/server/fastpath/ReaderDispatch.run;" + SWITCH, 50));
        rows.add(profile(profiles, LAB, "java", "bus", "cpu", 1_000_000_000L, 10_000, "[dbus-daemon];[libdbus-1.so]", 10,
            "[dbus-daemon];_dbus_marshal_read_basic", 40, "[dbus-daemon];epoll_wait;" + SWITCH, 50));
        rows.add(profile(profiles, LAB, "java", "client", "wall", -1, 7_000,
            CALL + ";org/dbuslab/client/callpath/LeanCallPath.readReply;__GI_read", 900,
            "org/dbuslab/client/control/ControlLoop.serve;org/dbuslab/format/ControlProtocolReader.readLine;__GI_read", 20,
            CALL + ";org/freedesktop/dbus/messages/Message.appendOne", 80));
        // dbus-java as shipped: 500 µs in the client, 400 in the server, the bus as above
        String proxy = CALL + ";jdk/proxy2/$Proxy10.Echo;org/freedesktop/dbus/RemoteInvocationHandler.invoke";
        rows.add(profile(profiles, STOCK, "stock-stock", "client", "cpu", 1_500_000_000L, 3_000,
            proxy + ";org/freedesktop/dbus/Marshalling.deSerializeParameters;org/freedesktop/dbus/Marshalling.deSerializeParameter",
            500, proxy + ";org/freedesktop/dbus/messages/MethodCall.getReply;java/lang/Object.wait;" + SWITCH, 300,
            "[unknown]", 30));
        rows.add(profile(profiles, STOCK, "stock-stock", "server", "cpu", 1_200_000_000L, 3_000,
            "java/util/concurrent/ThreadPoolExecutor.runWorker;java/lang/reflect/Method.invoke", 100,
            "java/util/concurrent/ThreadPoolExecutor.runWorker;org/freedesktop/dbus/Marshalling.deSerializeParameter", 300,
            "java/lang/Thread.run;unix_stream_sendmsg_[k]", 200));
        rows.add(profile(profiles, STOCK, "stock-stock", "bus", "cpu", 300_000_000L, 3_000,
            "[dbus-daemon];_dbus_marshal_read_basic", 40, "[dbus-daemon];epoll_wait;" + SWITCH, 60));
        rows.add(profile(profiles, STOCK, "stock-stock", "client", "wall", -1, 2_000,
            proxy + ";org/freedesktop/dbus/messages/MethodCall.getReply;java/lang/Object.wait;__futex_abstimed_wait_common", 700,
            proxy + ";org/freedesktop/dbus/Marshalling.deSerializeParameter", 300));
        ProfilesTsv.FORMAT.write(profiles, rows);
        return folder;
    }

    private String report(Path folder) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        assertEquals(0, AnalysisMain.run(new PrintWriter(out), new PrintWriter(err), "report", folder.toString()), err.toString());
        return out.toString();
    }

    @Test
    void theReportLinksOneFlameGraphPerProfileAndEveryLinkedFileIsThere() throws Exception {
        Path folder = folderWithProfiles();
        String printed = report(folder);
        String html = Files.readString(folder.resolve("report.html"));
        String md = Files.readString(folder.resolve("report.md"));
        assertTrue(md.contains("## Why it costs"), md);
        Matcher links = Pattern.compile("href=\"(profiles/[^\"]+\\.svg)\"").matcher(html);
        List<String> linked = new ArrayList<>();
        while (links.find()) {
            linked.add(links.group(1));
        }
        assertEquals(8, linked.size(), "4 profiles of each pair: " + linked);
        for (String link : linked) {
            Path svg = folder.resolve(link);
            assertTrue(Files.isRegularFile(svg), link);
            assertTrue(Files.readString(svg).startsWith("<?xml"), link);
            assertTrue(printed.contains(svg.toString()), "its path is printed: " + link);
        }
        assertTrue(html.contains("href=\"profiles/dbus-daemon.stock-stock.sync.1000.client.wall.svg\""));
    }

    @Test
    void everyPairGetsItsCategoriesTheirShareNamedAndOneSentence() throws Exception {
        Path folder = folderWithProfiles();
        report(folder);
        String md = Files.readString(folder.resolve("report.md"));
        String section = md.substring(md.indexOf("## Why it costs"), md.indexOf("\n## ", md.indexOf("## Why it costs") + 3));
        // the lab's client: 100 µs CPU per call, 40 % socket I/O; its server 50 % allocation; named: everything
        assertTrue(section.contains("| dbus-java>dbus-java | sync |"), section);
        assertTrue(section.contains("- dbus-java>dbus-java sync 1000 B: "), section);
        assertTrue(section.contains("its calling thread waited 90.0 % of the time"), section);
        assertTrue(section.contains("- dbus-java-stock>dbus-java-stock sync 1000 B: "), section);
        assertTrue(section.contains("### Top frames by self time"), section);
        assertTrue(section.contains("### dbus-java as shipped against the lab's path"), section);
    }

    @Test
    void dbusJavaAsShippedItsLargestCostsAgainstTheLabsPathWithTheirExperiments() throws Exception {
        Path folder = folderWithProfiles();
        Analysis analysis = Analysis.of(ResultsFolderReader.read(folder), SummaryJsonTest.GENERATED);
        ProfileSet profiles = analysis.profiles().orElseThrow();
        PairProfile stock = profiles.find(STOCK, "sync").orElseThrow();
        PairProfile lab = profiles.find(LAB, "sync").orElseThrow();
        assertEquals(100.0, lab.cpu().get("client").cpuUsPerCall(), 1e-9);
        assertEquals(0.4, lab.cpu().get("client").share(FrameCategory.SOCKET_IO), 1e-9);
        assertEquals(1.0, lab.categorisedShare(), 1e-9);
        assertEquals(1 - 30.0 / (830 + 600 + 100), stock.categorisedShare(), 1e-9, "the client's [unknown] is other");
        assertEquals(0.9, lab.waitingShare(), 1e-9);
        StockCosts costs = StockCosts.of(stock, lab, 900, 300);
        assertEquals(600, costs.wallExcessUs(), 1e-9);
        StockCosts.Cost first = costs.largest().get(0);
        assertEquals(Categories.AY_BOXED, first.part().part());
        // client 500 of 830 samples of 500 µs, server 300 of 600 samples of 400 µs
        assertEquals(500.0 / 830 * 500 + 300.0 / 600 * 400, first.excessUs(), 1e-6);
        assertEquals("client, server", first.roles());
        assertTrue(first.experiment().contains("EchoBodyBenchmarks.decodeReplyAsProxy"), first.experiment());
        assertEquals(3, costs.largest().size());
        assertTrue(costs.largest().stream().anyMatch(c -> c.part().part().equals(Categories.THREADS)));
    }

    @Test
    void withoutProfilesThereIsNoSectionAndNoFlameGraph() throws Exception {
        Path folder = Fixtures.copy(Fixtures.libraries(), dir.resolve("plain"));
        report(folder);
        assertFalse(Files.readString(folder.resolve("report.md")).contains("Why it costs"));
        assertFalse(Files.exists(folder.resolve(ProfilesTsv.FOLDER)));
        assertEquals(Optional.empty(), Analysis.of(ResultsFolderReader.read(folder), SummaryJsonTest.GENERATED).profiles());
    }

    @Test
    void aProfileThatCannotBeReadIsSaidNotFailed() throws Exception {
        Path folder = folderWithProfiles();
        Files.writeString(folder.resolve(ProfilesTsv.FOLDER).resolve("dbus-daemon.java.sync.1000.bus.cpu.collapsed"), "oops\n");
        report(folder);
        String md = Files.readString(folder.resolve("report.md"));
        assertTrue(md.contains("Profiles that could not be read: profiles/dbus-daemon.java.sync.1000.bus.cpu.collapsed"), md);
    }
}
