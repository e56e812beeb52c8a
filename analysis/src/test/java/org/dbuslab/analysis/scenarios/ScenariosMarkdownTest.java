package org.dbuslab.analysis.scenarios;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ScenariosMarkdownTest {

    @TempDir
    Path dir;

    @Test
    void noScenarioFolderRendersNothing() throws Exception {
        assertEquals("", ScenariosMarkdown.render(dir));
    }

    @Test
    void rendersOurNumbersBesideTheSeeds() throws Exception {
        Path s = Files.createDirectories(dir.resolve("scenarios"));
        Files.writeString(s.resolve("cold-start.csv"), """
                bus,contender,phase,run,wall_ns,user_us,sys_us,max_rss_kb,exit_code,ok,started_utc
                dbus-daemon,busctl,warmup,1,9000000,3000,0,7000,0,true,x
                dbus-daemon,busctl,measure,1,4000000,3000,1000,7168,0,true,x
                dbus-daemon,busctl,measure,2,6000000,3000,1000,7168,0,true,x
                dbus-daemon,java,measure,1,500000000,400000,50000,65536,0,true,x
                dbus-daemon,java,measure,2,700000000,400000,50000,65536,0,true,x
                """);
        Files.writeString(s.resolve("property-reads.csv"), """
                bus,strategy,phase,run,reads,products,ok,connect_ns,setup_ns,reads_ns,total_ns,msgs_connect_sent,msgs_connect_received,msgs_setup_sent,msgs_setup_received,msgs_reads_sent,msgs_reads_received,msgs_total_sent,msgs_total_received,sent_by_member,started_utc
                dbus-daemon,cached,measure,1,100,10,true,1000000,2000000,50000,3050000,,,,,,,,,,x
                dbus-daemon,cached,count,1,100,10,true,1000000,2000000,50000,3050000,1,2,3,3,0,0,4,5,AddMatch=1 GetAll=1 GetNameOwner=1 Hello=1,x
                """);
        Files.writeString(s.resolve("freshness.csv"), """
                bus,strategy,changes,signals_seen,changes_seen,changes_missed,reads,stale_reads,signal_mismatches,max_pause_us,read_interval_us,set_to_read_p50_us,set_to_read_p90_us,set_to_read_p99_us,set_to_read_max_us,set_to_signal_p50_us,set_to_signal_p90_us,set_to_signal_p99_us,set_to_signal_max_us,duration_ms,latency_log,writer_error,started_utc
                dbus-broker,cached,1000,1000,998,2,9000,0,0,2000,100,800.5,2000.0,7000.0,9000.0,700.0,1900.0,6900.0,8900.0,2400,scenarios/latency/f.hlog,,x
                """);
        Files.writeString(s.resolve("skipped.tsv"), "cold-start\tdbus-daemon\tzbus\tno crates.io\n");
        String md = ScenariosMarkdown.render(dir);
        assertTrue(md.contains("| busctl | 2/2 | 5.0 | "), md);
        assertTrue(md.contains("| java | 2/2 | 600.0 | "), md);
        assertTrue(md.contains("| 120.0 ("), "java is 120x busctl, with a CI: " + md);
        assertTrue(md.contains("| cached | 1 | 0.05 | 0.5 | 2.00 | 3.1 | 4 / 5 | 0 / 0 | AddMatch=1 GetAll=1 GetNameOwner=1 Hello=1 |"), md);
        assertTrue(md.contains("| dbus-broker | cached | 1000 | 1000 | 998 | 2 | 9000 | **0** | 801 / 2000 / 7000 / 9000 |"), md);
        assertTrue(md.contains("Agama blog, 2023, their hardware"), md);
        assertTrue(md.contains("| ruby 3.1 + ruby-dbus | 40.491 | 18.599 |"), md);
        assertTrue(md.contains("| ruby-dbus | 10.529 |"), md);
        assertTrue(md.contains("- cold-start, zbus: no crates.io"), md);
    }

    @Test
    void theLeanContendersStandBesideTheDbusJavaOnesEachWithItsRatio() throws Exception {
        Path s = Files.createDirectories(dir.resolve("scenarios"));
        StringBuilder csv = new StringBuilder("bus,contender,phase,run,wall_ns,user_us,sys_us,max_rss_kb,exit_code,ok,started_utc\n");
        // In the order a session runs them; the table groups the Java ones by client, archived before plain.
        String[][] medians = {{"busctl", "10000000"}, {"java", "600000000"}, {"java-cds", "400000000"},
            {"java25-aot", "350000000"}, {"java-lean", "90000000"}, {"java25-lean-aot", "80000000"}};
        for (String[] c : medians) {
            for (int run = 1; run <= 3; run++) {
                long wall = Long.parseLong(c[1]) + (run - 2) * 1_000_000L;
                csv.append("dbus-daemon,").append(c[0]).append(",measure,").append(run).append(',').append(wall)
                    .append(",1000,1000,7000,0,true,x\n");
            }
        }
        Files.writeString(s.resolve("cold-start.csv"), csv);
        String md = ScenariosMarkdown.render(dir);
        java.util.List<String> rows = md.lines().filter(l -> l.startsWith("| java") || l.startsWith("| busctl")).toList();
        assertEquals(java.util.List.of("busctl", "java25-lean-aot", "java-lean", "java25-aot", "java-cds", "java"),
            rows.stream().map(r -> r.split(" \\| ")[0].substring(2)).toList(), md);
        assertTrue(rows.get(1).startsWith("| java25-lean-aot | 3/3 | 80.0 | "), rows.get(1));
        assertTrue(rows.get(1).contains("| 8.0 ("), "80 ms over busctl's 10 ms, with its CI: " + rows.get(1));
        assertTrue(rows.get(2).contains("| 9.0 ("), rows.get(2));
        assertTrue(md.contains("*java-lean*, *java25-lean-aot*: the same call on the JDK alone"), md);
    }
}
