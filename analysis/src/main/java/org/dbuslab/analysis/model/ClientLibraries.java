package org.dbuslab.analysis.model;

import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.analysis.read.SkippedTransport;
import org.dbuslab.stats.Bootstrap;
import org.dbuslab.stats.SampleComparison;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * The client-library view (issue 14): per transport, mode, payload and window where the client-library matrix (series
 * libraries) ran, every library pair measured there — the matrix's cells, the reference series' libdbus pairs and the
 * Java pair of the matrix too, which are client-library cells as well — against libdbus&gt;libdbus and against the
 * raw-socket floor. Both ratios are compared by {@link RunBlocks#compare}: paired over the blocks that hold runs of both
 * cells (the session runs non-matrix cells in rotating groups, so a cell is absent from many blocks), unpaired when
 * fewer than {@value RunBlocks#MIN_BLOCKS} such blocks exist; the comparisons Lab health made of the same two cells are
 * taken from it ({@link LabHealth#comparison}). Pure computation on the cells, done once per report by
 * {@link Analysis#of}: every reader takes {@link Analysis#libraries}.
 */
public record ClientLibraries(List<Place> places) {

    /** The library names in the order the reports list them (issue 14). */
    public static final List<String> LIBRARIES = List.of("libdbus", "dbus-java", "dbus-java-stock", "dbus-java-stock-5.1.1", "glib",
            "sd-bus");

    /**
     * One pair at one place.
     *
     * @param vsLibdbus    this cell against libdbus&gt;libdbus at the same place; null for that cell itself or without it
     * @param libdbusBlocks blocks holding runs of both this cell and libdbus&gt;libdbus
     * @param floor        the raw-socket cell ({@link LabHealth#floorOf}); null when the session has none
     * @param vsFloor      this cell against the floor; null without one
     * @param floorBlocks  blocks holding runs of both this cell and the floor
     */
    public record Row(CellSummary cell, SampleComparison vsLibdbus, int libdbusBlocks, CellSummary floor, SampleComparison vsFloor,
               int floorBlocks) {

        public CellKey key() {
            return cell.key();
        }
    }

    /**
     * @param libdbus the libdbus&gt;libdbus cell the ratios are taken to; null when it did not run here
     * @param rows    libdbus&gt;libdbus first, then by client and server library
     */
    public record Place(String transport, String mode, int payloadBytes, int window, CellSummary libdbus, List<Row> rows) {

        public String label() {
            return transport + " " + mode + " " + payloadBytes + " B window " + window;
        }
    }

    /**
     * @param allCells every cell of the session ({@link Analysis#allCells})
     * @param health   Lab health of the same cells: its comparisons of the same two cells are reused, not recomputed
     */
    public static ClientLibraries of(List<CellSummary> allCells, LabHealth health, Bootstrap bootstrap, double alpha) {
        List<CellSummary> measured = allCells.stream().filter(c -> c.runs() > 0).toList();
        Map<String, List<CellSummary>> byPlace = new LinkedHashMap<>();
        measured.stream().filter(c -> c.key().role() == CellKey.Role.LIBRARY)
                .sorted(Comparator.comparing((CellSummary c) -> c.key().transport(), CellOrder.TRANSPORT)
                        .thenComparing(c -> c.key().mode(), CellOrder.MODE)
                        .thenComparingInt(c -> c.key().payloadBytes()).thenComparingInt(c -> c.key().window()))
                .forEach(c -> byPlace.computeIfAbsent(placeOf(c.key()), p -> new ArrayList<>()));
        measured.stream().filter(ClientLibraries::inView)
                .forEach(c -> Optional.ofNullable(byPlace.get(placeOf(c.key()))).ifPresent(cells -> cells.add(c)));
        List<Place> places = new ArrayList<>();
        BiFunction<CellSummary, CellSummary, SampleComparison> compare = (cell, baseline) -> health.comparison(cell, baseline)
                .orElseGet(() -> RunBlocks.compare(cell, baseline, bootstrap, alpha));
        byPlace.values().forEach(cells -> places.add(place(cells, measured, compare)));
        return new ClientLibraries(List.copyOf(places));
    }

    public boolean isEmpty() {
        return places.isEmpty();
    }

    /** The comparisons of "Client libraries" and "The 2015 experiment" by group, for Precision's "which are paired". */
    public static Map<String, List<SampleComparison>> comparisonGroups(ClientLibraries libraries, LkmlExperiment lkml) {
        List<Row> rows = libraries.places().stream().flatMap(p -> p.rows().stream()).toList();
        List<SampleComparison> lkmlRatios = new ArrayList<>(lkml.sizes().stream().map(LkmlExperiment.SizeRatio::result).toList());
        lkml.buses().forEach(b -> lkmlRatios.add(b.result()));
        Map<String, List<SampleComparison>> groups = new LinkedHashMap<>();
        groups.put("client libraries × libdbus", rows.stream().map(Row::vsLibdbus).filter(java.util.Objects::nonNull).toList());
        groups.put("client libraries × raw floor", rows.stream().map(Row::vsFloor).filter(java.util.Objects::nonNull).toList());
        groups.put("2015 experiment ratios", lkmlRatios);
        return groups;
    }

    /** The client-library cells: the matrix of series libraries, the reference libdbus pairs and the Java pair. */
    public static boolean inView(CellSummary cell) {
        CellKey key = cell.key();
        return key.role() == CellKey.Role.LIBRARY || key.subject()
                || key.role() == CellKey.Role.REFERENCE && CellKey.LIBDBUS_PAIRS.contains(key.pair());
    }

    /**
     * Where a row belongs: its placement too, so that the matrix's Java pair of another placement (cross, 3-4x
     * slower per sync call) never sits in a table of one-cpu library cells, compared with their libdbus pair.
     */
    private static String placeOf(CellKey key) {
        return key.transport() + " " + key.mode() + " " + key.payloadBytes() + " " + key.window() + " " + key.placement();
    }

    private static Place place(List<CellSummary> cells, List<CellSummary> measured,
                               BiFunction<CellSummary, CellSummary, SampleComparison> compare) {
        List<CellSummary> ordered = cells.stream().sorted(Comparator
                .comparingInt((CellSummary c) -> libraryIndex(c.key().clientLibrary()))
                .thenComparingInt(c -> libraryIndex(c.key().serverLibrary()))
                .thenComparing(c -> c.key().pair())
                .thenComparing(CellSummary::key, CellOrder.CELLS)).toList();
        CellKey first = ordered.get(0).key();
        CellSummary libdbus = ordered.stream().filter(c -> c.key().pair().equals(CellKey.LIBDBUS_PAIR)).findFirst().orElse(null);
        List<Row> rows = ordered.stream().map(cell -> {
            SampleComparison vsLibdbus = libdbus == null || cell == libdbus ? null
                    : compare.apply(cell, libdbus);
            CellSummary floor = LabHealth.floorOf(cell, measured).orElse(null);
            return new Row(cell, vsLibdbus, libdbus == null ? 0 : RunBlocks.commonBlocks(cell, libdbus),
                    floor, floor == null ? null : compare.apply(cell, floor),
                    floor == null ? 0 : RunBlocks.commonBlocks(cell, floor));
        }).toList();
        return new Place(first.transport(), first.mode(), first.payloadBytes(), first.window(), libdbus, rows);
    }

    /**
     * skipped.tsv lines about the client libraries: the first field names a library other than the lab's two (glib,
     * sd-bus, dbus-java-stock…), a pair with one, or the series ("libraries", "lkml"), as a word or a side of a pair.
     */
    public static List<SkippedTransport> skipped(List<SkippedTransport> skipped) {
        return mentioning(skipped, SKIP_WORDS);
    }

    /** skipped.tsv lines about the 2015 experiment: GLib or the lkml series. */
    public static List<SkippedTransport> skippedLkml(List<SkippedTransport> skipped) {
        return mentioning(skipped, List.of("glib", CellKey.LKML));
    }

    private static List<SkippedTransport> mentioning(List<SkippedTransport> skipped, List<String> words) {
        return skipped.stream().filter(s -> java.util.Arrays.stream(s.transport().split("[\\s>]+")).anyMatch(words::contains))
                .toList();
    }

    private static final List<String> SKIP_WORDS = List.of("dbus-java-stock", "dbus-java-stock-5.1.1", "glib", "sd-bus",
            CellKey.LIBRARIES, CellKey.LKML);

    /** A known library's place in {@link #LIBRARIES}; unknown names after them. */
    public static int libraryIndex(String library) {
        int index = LIBRARIES.indexOf(library);
        return index < 0 ? LIBRARIES.size() : index;
    }
}
