package org.dbuslab.analysis.output;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.analysis.model.ClientLibraries;
import org.dbuslab.analysis.model.Lkml2015;
import org.dbuslab.analysis.model.LkmlExperiment;
import org.dbuslab.analysis.model.RunBlocks;
import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.analysis.read.Counts;
import org.dbuslab.analysis.report.Verdicts;
import org.dbuslab.stats.SampleComparison;

/**
 * summary.json's keys of issue 14: {@code library_cells} and {@code lkml_cells} (cell objects as in {@code cells}, plus
 * {@code client_library} and {@code server_library}), {@code client_libraries} (the rows of "Client libraries": ratios
 * to libdbus&gt;libdbus and to the raw floor) and {@code lkml} (the shapes of "The 2015 experiment").
 */
public final class LibraryJson {

    private LibraryJson() {
    }

    public static void write(ObjectNode root, Analysis analysis) {
        ArrayNode libraryCells = root.putArray("library_cells");
        analysis.libraryCells().forEach(cell -> libraryCells.add(withLibraries(cell, analysis)));
        ArrayNode lkmlCells = root.putArray("lkml_cells");
        analysis.lkmlCells().forEach(cell -> lkmlCells.add(withLibraries(cell, analysis)));
        clientLibraries(root.putArray("client_libraries"), analysis.libraries());
        LkmlExperiment lkml = analysis.lkml();
        if (lkml.isEmpty()) {
            root.putNull("lkml");
        } else {
            lkml(root.putObject("lkml"), lkml);
        }
    }

    private static ObjectNode withLibraries(CellSummary cell, Analysis analysis) {
        return CellJson.cell(cell, analysis).put("client_library", cell.key().clientLibrary())
                .put("server_library", cell.key().serverLibrary());
    }

    private static void clientLibraries(ArrayNode array, ClientLibraries libraries) {
        for (ClientLibraries.Place place : libraries.places()) {
            ObjectNode node = array.addObject().put("transport", place.transport()).put("mode", place.mode())
                    .put("payload_bytes", place.payloadBytes()).put("window", place.window());
            ArrayNode pairs = node.putArray("pairs");
            for (ClientLibraries.Row row : place.rows()) {
                CellKey key = row.key();
                ObjectNode p = pairs.addObject().put("pair", key.pair()).put("series", key.series())
                        .put("client_library", key.clientLibrary()).put("server_library", key.serverLibrary())
                        .put("calls_per_run", key.calls()).put("runs", row.cell().runs()).put("empty_reply", key.emptyReply());
                JsonValues.number(p, "us_per_call_median", row.cell().usPerCallMedian());
                JsonValues.interval(p, "us_per_call_median_ci95", row.cell().usPerCallMedianCi95());
                ratio(p, "vs_libdbus", row.vsLibdbus(), row.libdbusBlocks());
                if (row.floor() != null) {
                    ratio(p, "vs_floor", row.vsFloor(), row.floorBlocks()).put("floor_transport", row.floor().key().transport());
                } else {
                    p.putNull("vs_floor");
                }
                Counts c = row.cell().counts();
                p.put("lost", c.lost()).put("mismatched", c.mismatched()).put("errors", c.errors());
            }
        }
    }

    /** {ratio, ratio_ci95_low/high, diff_us_per_call(+ci), test fields, common_blocks}, or null. */
    private static ObjectNode ratio(ObjectNode parent, String key, SampleComparison r, int commonBlocks) {
        if (r == null) {
            parent.putNull(key);
            return parent;
        }
        ObjectNode node = parent.putObject(key);
        JsonValues.number(node, "ratio", r.ratioOfMedians());
        JsonValues.interval(node, "ratio_ci95", r.ratioInterval());
        JsonValues.number(node, "diff_us_per_call", r.difference());
        JsonValues.interval(node, "diff_us_per_call_ci95", r.differenceInterval());
        JsonValues.test(node, r);
        node.put("verdict", Verdicts.of(r.direction())).put("common_blocks", commonBlocks);
        return node;
    }

    private static void lkml(ObjectNode node, LkmlExperiment lkml) {
        node.put("seed", Lkml2015.SOURCE);
        ArrayNode sizes = node.putArray("size_ratios");
        lkml.sizes().forEach(s -> ratio(sizes.addObject().put("mode", s.mode()).put("transport", s.transport())
                .put("numerator_bytes", s.large().key().payloadBytes()).put("denominator_bytes", s.small().key().payloadBytes()),
                "ratio", s.result(), RunBlocks.commonBlocks(s.large(), s.small())));
        ArrayNode buses = node.putArray("bus_ratios");
        lkml.buses().forEach(b -> ratio(buses.addObject().put("mode", b.mode()).put("payload_bytes", b.payloadBytes())
                .put("bus", b.bus()).put("against", LkmlExperiment.P2P), "ratio", b.result(), RunBlocks.commonBlocks(b.busCell(), b.p2p())));
        ObjectNode seed = node.putObject("seed_ratios");
        seed.put("mode", Lkml2015.MODE).put("calls_per_run", Lkml2015.CALLS);
        JsonValues.number(seed, "dbus_daemon_10000_over_1000", Lkml2015.sizeRatio(Lkml2015::dbusDaemon));
        JsonValues.number(seed, "kdbus_10000_over_1000", Lkml2015.sizeRatio(Lkml2015::kdbus));
        for (int size : Lkml2015.SIZES) {
            JsonValues.number(seed, "dbus_daemon_over_kdbus_" + size, Lkml2015.busRatio(size));
        }
    }
}
