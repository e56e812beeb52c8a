package org.dbuslab.analysis.report;

import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.model.CellOrder;
import org.dbuslab.analysis.model.ClientLibraries;
import org.dbuslab.analysis.model.CpuPerCall;
import org.dbuslab.analysis.model.Numbers;
import org.dbuslab.analysis.model.Ranges;
import org.dbuslab.stats.SampleComparison;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The headline client-library result for Findings, read off the rows "Client libraries" shows: on dbus-daemon (else the
 * first transport with a libdbus&gt;libdbus cell), sync before async, smallest payload, each library against itself
 * (all pairs when no library ran against itself) as × libdbus&gt;libdbus with its 95% CI, and where the costliest pair's
 * time goes. None without a libdbus baseline to compare with.
 */
public final class ClientLibrariesFinding {

    private ClientLibrariesFinding() {
    }

    public static Optional<String> of(Analysis analysis) {
        Optional<ClientLibraries.Place> lead = analysis.libraries().places().stream()
                .filter(p -> p.rows().stream().anyMatch(r -> r.vsLibdbus() != null))
                .min(Comparator.comparing((ClientLibraries.Place p) -> !p.transport().equals(CellOrder.BASELINE_TRANSPORT))
                        .thenComparing(ClientLibraries.Place::mode, CellOrder.MODE)
                        .thenComparingInt(ClientLibraries.Place::payloadBytes));
        return lead.map(ClientLibrariesFinding::text);
    }

    private static String text(ClientLibraries.Place place) {
        List<ClientLibraries.Row> compared = place.rows().stream().filter(r -> r.vsLibdbus() != null).toList();
        List<ClientLibraries.Row> selves = compared.stream()
                .filter(r -> r.key().clientLibrary().equals(r.key().serverLibrary())).toList();
        List<ClientLibraries.Row> shown = selves.isEmpty() ? compared : selves;
        int blocks = shown.stream().mapToInt(r -> r.vsLibdbus().pairedBlocks()).min().orElse(0);
        boolean allPaired = shown.stream().allMatch(r -> r.vsLibdbus().paired());
        ClientLibraries.Row costliest = shown.stream().max(Comparator.comparingDouble(r -> r.vsLibdbus().ratioOfMedians())).orElseThrow();
        CpuPerCall cpu = costliest.cell().cpu();
        String where = cpu.measured() && Double.isFinite(cpu.client())
                ? "; the costliest, " + costliest.key().pair() + ", spends " + Numbers.microseconds(cpu.client()) + " µs of its "
                + Numbers.microseconds(costliest.cell().usPerCallMedian()) + " µs/call in client CPU (libdbus>libdbus: "
                + Numbers.microseconds(place.libdbus().cpu().client()) + " of " + Numbers.microseconds(place.libdbus().usPerCallMedian()) + ")"
                : "";
        return "Client libraries" + (selves.isEmpty() ? "" : ", each against itself,") + " on " + place.transport() + " "
                + place.mode() + " " + place.payloadBytes() + " B, × libdbus>libdbus" + (allPaired && blocks > 0
                ? " (paired over ≥ " + blocks + " blocks)" : "") + ": "
                + shown.stream().map(ClientLibrariesFinding::ratio).collect(Collectors.joining(", ")) + where + ".";
    }

    /** The lab's own pair, which a reader could take for dbus-java as a user gets it (that is dbus-java-stock). */
    private static final String LAB_PATH = "dbus-java>dbus-java";
    private static final String LAB_PATH_NOTE = " (the lab's path: dbus-java connects, the lab marshals the echo itself)";

    /** "glib>glib 1.21× (95% CI 1.15–1.28)", "sd-bus>sd-bus no significant difference, 1.02 (0.97–1.08)" */
    private static String ratio(ClientLibraries.Row row) {
        SampleComparison r = row.vsLibdbus();
        String ci = "(" + Ranges.ratioCi(95, r.ratioInterval()) + ")";
        return row.key().pairName() + (LAB_PATH.equals(row.key().pairName()) ? LAB_PATH_NOTE : "") + " " + switch (r.direction()) {
            case HIGHER, LOWER -> Numbers.factor(r.ratioOfMedians()) + "× " + ci;
            case NOT_SIGNIFICANT -> ComparisonText.notSignificant(r) + ", " + Numbers.factor(r.ratioOfMedians()) + " " + ci;
        };
    }
}
