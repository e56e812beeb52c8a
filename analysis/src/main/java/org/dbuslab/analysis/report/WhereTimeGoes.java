package org.dbuslab.analysis.report;

import org.dbuslab.analysis.charts.Charts;
import org.dbuslab.analysis.doc.Section;
import org.dbuslab.analysis.doc.Table;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.analysis.model.CpuPerCall;
import org.dbuslab.analysis.model.Numbers;
import org.dbuslab.analysis.read.CellKey;

import java.util.ArrayList;
import java.util.List;

/**
 * "Where the time goes": per cell of the Java pair's matrix and of the libdbus pairs, the wall time per call beside
 * the CPU time per call of client, bus and server (runs.csv's cpu_*_ns), their sum, and what the sum leaves over; in
 * sessions that recorded it, beside them the bytes per call the client's and the server's JVM threads allocated
 * (runs.csv's alloc_*_bytes). Text and table for both reports; the chart is {@link CpuChart}.
 */
public final class WhereTimeGoes {

    public static final String TITLE = "Where the time goes";

    public static final String ID = "where-the-time-goes";

    private WhereTimeGoes() {
    }

    public static Section of(Analysis analysis) {
        Section.Builder section = Section.builder(ID, TITLE);
        if (!analysis.cpuRecorded()) {
            return section.text(noCpu()).build();
        }
        section.note(intro());
        if (allocRecorded(analysis)) {
            section.note(allocNote());
        }
        section.table(table(analysis), "details");
        if (anySpam(analysis)) {
            section.note(spamNote());
        }
        return section.charts(Charts.cpu(analysis)).build();
    }

    public static String intro() {
        return "Each row puts a cell's wall time per call (the median µs/call of the headline and lab health) beside the CPU "
                + "time per call each process spent during the same runs: the client, the bus (dbus-daemon, or dbus-broker with "
                + "its launcher; 0 for p2p and raw sockets, where there is none) and the server, each the median over the "
                + "measured runs of that process's CPU time (user + sys, all threads, from /proc/PID/task/*/schedstat) divided "
                + "by the run's calls. \"not CPU\" is wall − (client + bus + server): time in which no process of the call "
                + "computed, i.e. waiting for the other side and waking up (scheduler latency, idle vCPUs). In a sync call the "
                + "three take turns, so the sum is at most the wall time; when calls are pipelined they work at the same time "
                + "on the two CPUs and the sum can exceed it, which shows as a negative \"not CPU\". A large client share is the "
                + "client library's own cost; compare the Java pair's row with libdbus>libdbus on the same bus to see it.";
    }

    public static String noCpu() {
        return "Not recorded in this session (runs.csv has no cpu_client_ns, cpu_bus_ns, cpu_server_ns values).";
    }

    public static String allocNote() {
        return "\"alloc B/call\" is what the client's and the server's JVM threads allocated on the heap per call: the median "
                + "over the measured runs of the bytes HotSpot counted for the process's threads during the run (read outside "
                + "its timed window) divided by its calls. It is the garbage the collector must clear per call; the client's "
                + "includes its share of the run's set-up (the lab's Java client writes each payload into arrays it keeps from "
                + "run to run, as do the stock and raw-floor clients). — where that side "
                + "is not a JVM of the lab (libdbus, GLib, sd-bus).";
    }

    /** Whether any measured cell of the table has an allocation figure (runs.csv's alloc_*_bytes). */
    public static boolean allocRecorded(Analysis analysis) {
        return analysis.timeCells().stream().anyMatch(c -> c.alloc().measured());
    }

    /** Spam rows: what of a spam process's life each figure covers. */
    public static String spamNote() {
        return "‡ libdbus spam rows (one process per run): the bus's, the server's and a path program's CPU µs/call are "
                + "their CPU over the whole process's life / calls, its connecting and leaving included, so they are a "
                + "little high and \"not CPU\" a little low. The wall µs/call and the client's CPU are the calls' own "
                + "(libdbus-spam times them, method spam-timed); in rows timed from outside (method spam) the wall "
                + "µs/call is (elapsed − fixed cost) / (calls − 1) and the client's CPU includes its start-up.";
    }

    /** One row per cell; a placement column where the session measured more than one (the same cell twice). */
    public static Table table(Analysis analysis) {
        boolean placed = analysis.placementIsAFactor();
        boolean alloc = allocRecorded(analysis);
        List<String> header = new ArrayList<>(List.of("transport", "pair", "mode", "payload", "window"));
        List<Boolean> numeric = new ArrayList<>(List.of(false, false, false, true, true));
        if (placed) {
            header.add("placement");
            numeric.add(false);
        }
        header.addAll(List.of("wall µs/call", "client CPU µs/call", "bus CPU µs/call", "server CPU µs/call",
                "CPU sum µs/call", "not CPU µs/call (waiting, wake-ups)"));
        numeric.addAll(List.of(true, true, true, true, true, true));
        if (alloc) {
            header.addAll(List.of("client alloc B/call", "server alloc B/call"));
            numeric.addAll(List.of(true, true));
        }
        List<List<String>> rows = new ArrayList<>();
        for (CellSummary cell : analysis.timeCells()) {
            CellKey key = cell.key();
            CpuPerCall cpu = cell.cpu();
            List<String> row = new ArrayList<>(List.of(key.transport(), key.pair() + (key.spamProcess() ? " ‡" : ""),
                    key.mode(), key.payloadBytes() + " B", String.valueOf(key.window())));
            if (placed) {
                row.add(key.placement());
            }
            row.addAll(List.of(Numbers.microseconds(cell.usPerCallMedian()), Numbers.microseconds(cpu.client()),
                    Numbers.microseconds(cpu.bus()), Numbers.microseconds(cpu.server()), Numbers.microseconds(cpu.sum()),
                    Numbers.signedMicroseconds(cpu.unaccounted(cell.usPerCallMedian()))));
            if (alloc) {
                row.addAll(List.of(bytes(cell.alloc().client()), bytes(cell.alloc().server())));
            }
            rows.add(row);
        }
        return new Table(header, numeric, rows);
    }

    /** Whole bytes per call; — for a side without a figure (not a JVM of the lab). */
    private static String bytes(double perCall) {
        return Double.isFinite(perCall) ? Numbers.fixed(perCall, 0) : Numbers.ABSENT;
    }

    public static boolean anySpam(Analysis analysis) {
        return analysis.timeCells().stream().anyMatch(c -> c.key().spamProcess());
    }
}
