package org.dbuslab.analysis.report;

import org.dbuslab.analysis.charts.CpuChart;
import org.dbuslab.analysis.charts.SvgExport;
import org.dbuslab.analysis.doc.Figure;
import org.dbuslab.analysis.doc.Section;
import org.dbuslab.analysis.doc.Table;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.analysis.model.ClientLibraries;
import org.dbuslab.analysis.model.CpuPerCall;
import org.dbuslab.analysis.model.LabHealth;
import org.dbuslab.analysis.model.Numbers;
import org.dbuslab.analysis.model.Ranges;
import org.dbuslab.analysis.model.RunBlocks;
import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.analysis.read.Counts;
import org.dbuslab.analysis.read.SkippedTransport;
import org.dbuslab.stats.SampleComparison;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * "Client libraries": per transport, mode, payload and window of {@link ClientLibraries}, a table of every library pair
 * (µs/call with its 95% CI, CPU per call of client, bus and server, × libdbus&gt;libdbus and × the raw-socket floor,
 * lost / mismatched / errors), one sentence per pair saying what its library costs on top of the transport, and a
 * stacked CPU chart ({@link CpuChart}). Absent when the session has neither client-library cells nor skipped libraries.
 */
public final class ClientLibrariesSection {

    public static final String ID = "client-libraries";
    public static final String TITLE = "Client libraries";
    private static final String CHART = "one horizontal bar per library pair (client>server); x axis: µs per call; stacked "
            + "segments: client CPU, bus CPU, server CPU, and in grey the wall time no process computed.";

    private ClientLibrariesSection() {
    }

    public static Optional<Section> of(Analysis analysis) {
        ClientLibraries libraries = analysis.libraries();
        List<SkippedTransport> skipped = ClientLibraries.skipped(analysis.folder().skipped());
        if (libraries.isEmpty() && skipped.isEmpty()) {
            return Optional.empty();
        }
        Section.Builder section = Section.builder(ID, TITLE);
        if (libraries.isEmpty()) {
            section.text("This session measured no client-library pairs (series " + CellKey.LIBRARIES + ").");
        } else {
            section.note(intro());
        }
        section.bullets(skippedLines(skipped));
        if (libraries.places().stream().flatMap(p -> p.rows().stream()).anyMatch(r -> r.key().spamProcess())) {
            section.note(WhereTimeGoes.spamNote());
        }
        double target = PrecisionMark.target(analysis);
        for (ClientLibraries.Place place : libraries.places()) {
            boolean cpu = place.rows().stream().anyMatch(r -> r.cell().cpu().measured());
            section.subsection(Section.builder(placeId(place), place.label())
                    .table(table(place, target), "details")
                    .bullets(place.rows().stream().map(ClientLibrariesSection::sentence).toList())
                    .charts(cpu ? List.of(chart(place)) : List.of()) // without CPU times the bars would be empty
                    .build());
        }
        return Optional.of(section.build());
    }

    public static String intro() {
        return "What a round trip costs with each client library (client>server: libdbus, the lab's lean path on dbus-java, "
                + "which marshals the echo call and its reply itself, "
                + "dbus-java as shipped (dbus-java-stock), GLib/GDBus, sd-bus), on the same transport, mode and size. "
                + "µs/call is the median over the runs with its 95% CI (block bootstrap when measured in blocks); CPU is "
                + "each process's median CPU µs per call (see Where the time goes). × libdbus is the ratio of medians to "
                + "libdbus>libdbus at the same place, × floor to the raw-socket cell (raw-unix for Unix-socket transports, "
                + "raw-tcp for TCP), each with its 95% CI; both are paired over the blocks that hold runs of both cells "
                + "(non-matrix cells run in rotating groups, so a pair is absent from many blocks) and unpaired when fewer "
                + "than " + RunBlocks.MIN_BLOCKS + " such blocks exist. The reference series' libdbus pairs and the matrix's "
                + CellKey.SUBJECT_PAIR + " are listed too. \"" + CellKey.EMPTY_REPLY.strip() + "\" marks pairs whose server answers "
                + "with an empty message (libdbus's dbus-test-tool echo, and every server answering libdbus's spam): they "
                + "move half the bytes of a true echo. ⚠ marks " + PrecisionMark.meaning("a cell", "the precision target") + ".";
    }

    public static List<String> skippedLines(List<SkippedTransport> skipped) {
        return skipped.stream().map(s -> s.transport() + ": not run — " + s.reason()).toList();
    }

    public static String placeId(ClientLibraries.Place place) {
        return ID + "-" + place.label().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
    }


    public static Table table(ClientLibraries.Place place, double targetPct) {
        List<String> header = List.of("pair (client>server)", "series", "runs", "µs/call (95% CI)", "client CPU µs/call",
                "bus CPU µs/call", "server CPU µs/call", "× libdbus>libdbus (95% CI)", "× raw floor (95% CI)",
                "lost / mismatched / errors");
        List<Boolean> numeric = List.of(false, false, true, true, true, true, true, true, true, true);
        List<List<String>> rows = new ArrayList<>();
        for (ClientLibraries.Row row : place.rows()) {
            CellSummary cell = row.cell();
            CpuPerCall cpu = cell.cpu();
            rows.add(List.of(row.key().pairName() + (row.key().spamProcess() ? " ‡" : ""), row.key().series(),
                    String.valueOf(cell.runs()),
                    Numbers.microseconds(cell.usPerCallMedian()) + " (" + Ranges.of(cell.usPerCallMedianCi95(), Numbers::microseconds)
                            + ")" + PrecisionMark.mark(cell, targetPct),
                    Numbers.microseconds(cpu.client()), Numbers.microseconds(cpu.bus()), Numbers.microseconds(cpu.server()),
                    row.cell() == place.libdbus() ? "1 (baseline)" : place.libdbus() == null ? "no libdbus>libdbus here"
                            : ratioCell(row.vsLibdbus(), row.libdbusBlocks()),
                    row.floor() == null ? "no " + LabHealth.floorTransport(row.key().transport()) + " cell"
                            : row.floor().key().transport() + " " + ratioCell(row.vsFloor(), row.floorBlocks()),
                    counts(cell)));
        }
        return new Table(header, numeric, rows);
    }

    /** "1.21× (1.15–1.28), paired over 6 blocks". */
    public static String ratioCell(SampleComparison r, int commonBlocks) {
        return Numbers.factor(r.ratioOfMedians()) + "× (" + Ranges.ratio(r.ratioInterval()) + "), " + pairing(r, commonBlocks);
    }

    /** "paired over 6 blocks", or why not: "unpaired (3 common blocks)". */
    public static String pairing(SampleComparison r, int commonBlocks) {
        return r.paired() ? "paired over " + r.pairedBlocks() + " blocks"
                : "unpaired (" + commonBlocks + " common block" + (commonBlocks == 1 ? "" : "s") + ")";
    }

    /** "0 / 0 / 0", with the warm-up runs' own counts when they are not clean: they are never dropped. */
    public static String counts(CellSummary cell) {
        Counts c = cell.counts();
        Counts w = cell.warmupCounts();
        return c.lost() + " / " + c.mismatched() + " / " + c.errors()
                + (w.isClean() ? "" : " (warm-up " + w.lost() + " / " + w.mismatched() + " / " + w.errors() + ")");
    }

    /**
     * What the library costs on top of the transport, e.g. "dbus-java-stock>dbus-java-stock costs 6.20× libdbus (95% CI
     * 5.80–6.70, paired over 6 blocks) and 24.1× the raw-unix floor: of its 860.0 µs/call, 810.0 µs is client CPU (bus
     * 30.0 µs, server 15.0 µs)."
     */
    public static String sentence(ClientLibraries.Row row) {
        CellSummary cell = row.cell();
        String pair = row.key().pairName();
        String versus;
        if (row.vsLibdbus() == null) {
            versus = row.key().pair().equals(CellKey.LIBDBUS_PAIR) ? pair + " is the baseline" : pair + " has no libdbus>libdbus to compare with";
        } else {
            SampleComparison r = row.vsLibdbus();
            String ci = " (" + Ranges.ratioCi(95, r.ratioInterval()) + ", " + pairing(r, row.libdbusBlocks()) + ")";
            versus = switch (r.direction()) {
                case HIGHER -> pair + " costs " + Numbers.factor(r.ratioOfMedians()) + "× libdbus" + ci;
                case LOWER -> pair + " is faster than libdbus, " + Numbers.factor(r.ratioOfMedians()) + "×" + ci;
                case NOT_SIGNIFICANT -> pair + (r.tooFewRunsToTell() ? ": " + ComparisonText.TOO_FEW_RUNS + " against libdbus, "
                        : " shows no significant difference from libdbus, ") + Numbers.factor(r.ratioOfMedians()) + "×" + ci;
            };
        }
        String floor = row.vsFloor() == null ? "" : " and " + Numbers.factor(row.vsFloor().ratioOfMedians()) + "× the "
                + row.floor().key().transport() + " floor";
        CpuPerCall cpu = cell.cpu();
        String where = cpu.measured()
                ? ": of its " + Numbers.microseconds(cell.usPerCallMedian()) + " µs/call, " + Numbers.microseconds(cpu.client())
                + " µs is client CPU (bus " + Numbers.microseconds(cpu.bus()) + " µs, server " + Numbers.microseconds(cpu.server()) + " µs)"
                : ": " + Numbers.microseconds(cell.usPerCallMedian()) + " µs/call, CPU not recorded";
        Counts c = cell.counts().plus(cell.warmupCounts());
        String failures = c.isClean() ? "" : " It lost " + c.lost() + ", mismatched " + c.mismatched() + " and errored on "
                + c.errors() + " call(s), warm-ups included.";
        return versus + floor + where + "." + failures;
    }

    public static Figure chart(ClientLibraries.Place place) {
        String title = "Client libraries, " + place.label();
        List<CellSummary> cells = place.rows().stream().map(ClientLibraries.Row::cell).toList();
        return SvgExport.figure("lib-" + placeId(place).substring(ID.length() + 1), title, CHART,
                CpuChart.of(title, cells, c -> c.key().pairName() + (c.key().role() == CellKey.Role.LIBRARY ? "" : " (" + c.key().series() + ")"),
                        "library pair (client>server)"));
    }
}
