package org.dbuslab.analysis.report;

import org.dbuslab.analysis.doc.Section;
import org.dbuslab.analysis.doc.Table;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.model.CrossingPrice;
import org.dbuslab.analysis.model.Numbers;
import org.dbuslab.analysis.model.Ranges;
import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.analysis.read.Placements;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Issue 21's headline subsections: which placement each series was measured in and why ("Placements"), and the price
 * of crossing CPUs. Shown only for sessions whose runs name a placement other than free (older sessions do not).
 */
public final class PlacementSections {

    public static final String PLACEMENTS_ID = "placements";
    public static final String CROSSING_ID = "crossing";

    /** What each placement measures: the reason a series is measured there. */
    private static final Map<String, String> WHY = Map.of(
            Placements.ONE_CPU, "client, bus and server on one CPU: the transport's own CPU path, without the scheduler's "
                    + "lottery of where each wake-up lands, so the most repeatable figure",
            Placements.CROSS, "every wake-up of a sync call crosses CPUs: what a call costs when its processes run apart",
            Placements.SPLIT, "the client on one CPU, bus and server on the other",
            Placements.FREE, "as scheduled: a draw over wake-up placements, run by run");

    /** The comparison each series serves. */
    private static final Map<CellKey.Role, String> SERVES = Map.of(
            CellKey.Role.REFERENCE, "the lab's overhead over libdbus and its raw-socket floor, against the matrix cells of the same "
                    + "placement",
            CellKey.Role.LIBRARY, "client libraries against libdbus>libdbus, a difference of CPU per call",
            CellKey.Role.LKML, "the 2015 ratio dbus-daemon ÷ p2p-unix",
            CellKey.Role.SWEEP, "the pipelining depth at which calls per second stop growing");

    private static final Map<CellKey.Role, String> NAMES = Map.of(
            CellKey.Role.REFERENCE, "Reference rows (libdbus pairs, raw-socket floor)",
            CellKey.Role.LIBRARY, "Client libraries",
            CellKey.Role.LKML, "The 2015 experiment",
            CellKey.Role.SWEEP, "The sweep");

    private PlacementSections() {
    }

    static boolean recorded(Analysis analysis) {
        return analysis.allCells().stream().anyMatch(c -> !c.key().placement().equals(Placements.FREE));
    }

    public static Optional<Section> placements(Analysis analysis) {
        if (!recorded(analysis)) {
            return Optional.empty();
        }
        List<String> lines = new ArrayList<>();
        lines.add("The matrix: " + String.join(" and ", analysis.placements()) + ", in the same blocks (each comparison stays "
                + "within one placement). " + whyEach(analysis.placements()));
        for (CellKey.Role role : List.of(CellKey.Role.REFERENCE, CellKey.Role.LIBRARY, CellKey.Role.LKML, CellKey.Role.SWEEP)) {
            List<String> placements = analysis.placementsOf(role);
            if (!placements.isEmpty()) {
                lines.add(NAMES.get(role) + ": " + String.join(" and ", placements) + ", for " + SERVES.get(role) + ". "
                        + whyEach(placements));
            }
        }
        return Optional.of(Section.builder(PLACEMENTS_ID, "Placements").bullets(lines).build());
    }

    private static String whyEach(List<String> placements) {
        return String.join("; ", placements.stream()
                .map(p -> capitalised(p) + ": " + WHY.getOrDefault(p, "a placement this version does not describe")).toList()) + ".";
    }

    private static String capitalised(String word) {
        return word.isEmpty() ? word : Character.toUpperCase(word.charAt(0)) + word.substring(1);
    }

    public static Optional<Section> crossing(Analysis analysis) {
        if (analysis.crossing().isEmpty()) {
            return Optional.empty();
        }
        List<String> header = List.of("transport", "mode", "payload", "window", "one-cpu µs/call", "cross µs/call",
                "crossing wake-ups", "price (95% CI)");
        List<List<String>> rows = new ArrayList<>();
        for (CrossingPrice p : analysis.crossing()) {
            CellKey key = p.key();
            String price = p.perWakeup()
                    ? Numbers.signedMicroseconds(p.price()) + " µs per wake-up (" + Ranges.signed(p.priceInterval()) + ")"
                    : Numbers.signedMicroseconds(p.price()) + " µs/call (" + Ranges.signed(p.priceInterval()) + "), undivided";
            rows.add(List.of(key.transport(), key.mode(), key.payloadBytes() + " B", String.valueOf(key.window()),
                    Numbers.microseconds(p.oneCpu().usPerCallMedian()), Numbers.microseconds(p.cross().usPerCallMedian()),
                    p.perWakeup() ? String.valueOf(p.wakeups()) : Numbers.ABSENT, price + Ranges.paired(p.result())));
        }
        return Optional.of(Section.builder(CROSSING_ID, "The price of crossing CPUs")
                .note("Cross − one-cpu per call, paired by block. Sync cells: divided by the wake-ups that cross CPUs per call "
                        + "(" + CrossingPrice.BUS_WAKEUPS + " through a bus, " + CrossingPrice.PEER_WAKEUPS + " peer-to-peer), the "
                        + "price of one cross-CPU wake-up on this machine; no published benchmark gives it. Pipelined cells: the "
                        + "difference undivided, since there cross also buys parallelism (it can be negative).")
                .table(new Table(header, List.of(false, false, true, true, true, true, true, true), rows), "crossing")
                .build());
    }
}
