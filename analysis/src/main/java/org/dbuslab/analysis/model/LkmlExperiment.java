package org.dbuslab.analysis.model;

import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.stats.Bootstrap;
import org.dbuslab.stats.SampleComparison;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The 2015 experiment (series lkml): the GLib client and server, seconds per run per mode, payload and transport, and
 * the shapes that compare with the seed's table across hardware (see {@link Lkml2015}): each transport's 10000 B ÷ 1000 B
 * and each bus ÷ p2p-unix (the seed's dbus-daemon ÷ kdbus). Ratios are {@link RunBlocks#compare} of the cells' time per
 * call, which is the ratio of seconds per run when both cells make the same calls per run (the experiment's 20000 sync,
 * 128 async). Pure computation on the cells, done once per report by {@link Analysis#of}: every reader takes
 * {@link Analysis#lkml}.
 *
 * @param rows   one per mode and payload, sync first
 * @param sizes  per mode and transport with both sizes: 10000 B against 1000 B
 * @param buses  per mode, payload and bus with a p2p-unix cell beside it: the bus against p2p-unix
 */
public record LkmlExperiment(List<Row> rows, List<SizeRatio> sizes, List<BusRatio> buses) {

    public static final String P2P = "p2p-unix";
    public static final int SMALL = 1000;
    public static final int LARGE = 10000;

    /** @param byTransport the lkml cell of each transport, in {@link CellOrder#TRANSPORT} order */
    public record Row(String mode, int payloadBytes, Map<String, CellSummary> byTransport) {

        public Optional<CellSummary> cell(String transport) {
            return Optional.ofNullable(byTransport.get(transport));
        }
    }

    public record SizeRatio(String mode, String transport, CellSummary large, CellSummary small, SampleComparison result) {
    }

    public record BusRatio(String mode, int payloadBytes, String bus, CellSummary busCell, CellSummary p2p, SampleComparison result) {
    }

    /** @param lkmlCells the session's lkml cells ({@link Analysis#lkmlCells}); computed once per report by {@link Analysis#of} */
    public static LkmlExperiment of(List<CellSummary> lkmlCells, Bootstrap bootstrap, double alpha) {
        List<CellSummary> cells = lkmlCells.stream().filter(c -> c.runs() > 0)
                .sorted(Comparator.comparing(CellSummary::key, CellOrder.CELLS)).toList();
        Map<String, Map<String, CellSummary>> byShape = new LinkedHashMap<>();
        cells.forEach(c -> byShape.computeIfAbsent(c.key().mode() + " " + c.key().payloadBytes(), k -> new LinkedHashMap<>())
                .putIfAbsent(c.key().transport(), c));
        List<Row> rows = new ArrayList<>();
        byShape.values().forEach(m -> {
            CellKey key = m.values().iterator().next().key();
            rows.add(new Row(key.mode(), key.payloadBytes(), m));
        });
        List<SizeRatio> sizes = new ArrayList<>();
        List<BusRatio> buses = new ArrayList<>();
        for (String mode : CellOrder.MODES) {
            Optional<Row> small = row(rows, mode, SMALL);
            Optional<Row> large = row(rows, mode, LARGE);
            transports(rows).forEach(t -> small.flatMap(s -> s.cell(t)).ifPresent(s -> large.flatMap(l -> l.cell(t)).ifPresent(l ->
                    sizes.add(new SizeRatio(mode, t, l, s, RunBlocks.compare(l, s, bootstrap, alpha))))));
            rows.stream().filter(r -> r.mode().equals(mode)).forEach(r -> r.cell(P2P).ifPresent(p2p ->
                    r.byTransport().values().stream().filter(c -> c.key().hasBus()).forEach(bus ->
                            buses.add(new BusRatio(mode, r.payloadBytes(), bus.key().transport(), bus, p2p,
                                    RunBlocks.compare(bus, p2p, bootstrap, alpha))))));
        }
        return new LkmlExperiment(List.copyOf(rows), List.copyOf(sizes), List.copyOf(buses));
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    /** Every transport with an lkml cell, in {@link CellOrder#TRANSPORT} order. */
    public static List<String> transports(List<Row> rows) {
        return rows.stream().flatMap(r -> r.byTransport().keySet().stream()).distinct().sorted(CellOrder.TRANSPORT).toList();
    }

    public List<String> transports() {
        return transports(rows);
    }

    public static Optional<Row> row(List<Row> rows, String mode, int payload) {
        return rows.stream().filter(r -> r.mode().equals(mode) && r.payloadBytes() == payload).findFirst();
    }

    public Optional<BusRatio> bus(String mode, int payload, String bus) {
        return buses.stream().filter(b -> b.mode().equals(mode) && b.payloadBytes() == payload && b.bus().equals(bus)).findFirst();
    }

    public Optional<SizeRatio> size(String mode, String transport) {
        return sizes.stream().filter(s -> s.mode().equals(mode) && s.transport().equals(transport)).findFirst();
    }
}
