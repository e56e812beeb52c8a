package org.dbuslab.analysis.read;

import org.dbuslab.format.Phase;
import org.dbuslab.format.RunsCsv;
import org.dbuslab.format.RunsCsvHeader;
import org.dbuslab.format.RunsCsvRow;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Reads runs.csv (docs/RESULTS-FORMAT.md) through its one definition, {@link RunsCsvHeader} of the format module:
 * columns are found by header name, so extra, reordered or absent optional columns (older folders have 16 or 22)
 * do not break the contract; a missing {@code phase} column means every row was measured. What the analysis makes
 * of the optional columns: {@code started_utc} is the run order; {@code latency_log}/{@code latency_tag} where the
 * run's per-call latency histogram is; {@code method}, {@code pair}, {@code series} are part of the cell (absent or
 * empty: echo, dbus-java>dbus-java, matrix); {@code fixed_ns} is spam rows' fixed cost; {@code reference} is only
 * checked against pair and series, which decide; {@code round} is the block (paired comparisons); the
 * {@code cpu_*_ns} are the CPU time per component ({@code cpu_path_ns}: a real-world path's program); {@code placement} is part of the cell (absent or empty: the
 * session's placement, see {@link Placements}).
 *
 * <p>A folder may come from someone else: a row that cannot be read (a wrong field count, NaN, a negative or
 * overflowing number, a line over {@link LineStream#MAX_LINE_CHARS}) and a duplicate (the same cell, phase and run
 * number as an earlier row, which is kept) are set aside with one warning that counts them. Only a file with no
 * sound row left, or without the contract columns, is refused.
 */
public final class RunsCsvReader {

    public static final String FILE = RunsCsv.FILE;

    private RunsCsvReader() {
    }

    /** What makes a row a duplicate of an earlier one. */
    private record RunId(CellKey key, Phase phase, int run) {
    }

    /**
     * @param warnings receives one message per tolerated problem (a truncated last line, rows set aside, unknown
     *                 columns, unreadable started_utc values: those only cost the run order, not the statistics)
     */
    public static List<RunRecord> read(Path file, Consumer<String> warnings) {
        return read(file, Placements.FREE, warnings);
    }

    /** @param defaultPlacement the placement of rows that name none (the column is absent or empty) */
    public static List<RunRecord> read(Path file, String defaultPlacement, Consumer<String> warnings) {
        String name = file.getFileName().toString();
        RunsCsvHeader[] header = {null};
        long[] referenceDisagreements = {0};
        Set<RunId> seen = new HashSet<>();
        SetAsideRows setAside = new SetAsideRows(name);
        Shared shared = new Shared();
        List<RunRecord> runs = LineParser.parse(file, (number, line) -> {
            if (header[0] == null) {
                header[0] = header(name, number, line);
                return null;
            }
            RunsCsvRow row = header[0].parseRow(line);
            RunRecord run = record(row, header[0].has("phase"), defaultPlacement, shared);
            if (!seen.add(new RunId(run.key(), run.phase(), run.run()))) {
                throw new IllegalArgumentException("a duplicate: same cell, phase and run " + run.run()
                        + " as an earlier row, which is kept");
            }
            if (row.reference() != null && row.reference() != (run.key().referenceFlag())) {
                referenceDisagreements[0]++;
            }
            return run;
        }, setAside, warnings);
        if (header[0] == null) {
            throw new ResultsInputException(name + ": empty file, expected a header line");
        }
        if (!header[0].has("placement")) {
            runs = withoutOlderRounds(runs);
        }
        if (setAside.count() > 0) {
            if (runs.isEmpty()) {
                throw setAside.nothingSound(file.toString());
            }
            warnings.accept(setAside.warning(runs.size()));
        }
        List<String> unknown = header[0].columns().stream().filter(c -> !RunsCsv.COLUMNS.contains(c)).toList();
        if (!unknown.isEmpty()) {
            warnings.accept(name + ": column(s) " + String.join(", ", unknown.stream().limit(SetAsideRows.NAMED).toList())
                    + (unknown.size() > SetAsideRows.NAMED ? " and " + (unknown.size() - SetAsideRows.NAMED) + " more" : "")
                    + " unknown to this version, ignored");
        }
        if (referenceDisagreements[0] > 0) {
            warnings.accept(name + ": the reference column disagrees with pair and series in " + referenceDisagreements[0]
                    + " row(s); pair and series decide (reference = every pair but " + CellKey.SUBJECT_PAIR
                    + ", and series other than matrix)");
        }
        long unreadable = header[0].has("started_utc") ? runs.stream().filter(run -> run.startedUtc() == null).count() : 0;
        if (unreadable > 0) {
            warnings.accept(name + ": started_utc missing or unreadable in " + unreadable + " of " + runs.size()
                    + " rows; the run order falls back to the order of the rows");
        }
        return runs;
    }

    /**
     * Folders before the placement column (issue 21) whose rounds held several runs of one client process: those
     * cells' runs lose their round, so they are resampled run by run as they always were. Since then a block may hold
     * several runs of a cell on purpose (the runner's extra runs of a path's cell whose price is not yet within its target), and they stay.
     */
    private static List<RunRecord> withoutOlderRounds(List<RunRecord> runs) {
        Map<List<Object>, Integer> perRound = new HashMap<>();
        runs.stream().filter(r -> r.block() != null)
                .forEach(r -> perRound.merge(List.of(r.key(), r.phase(), r.block()), 1, Integer::sum));
        Set<CellKey> several = new HashSet<>();
        perRound.forEach((k, n) -> {
            if (n > 1) {
                several.add((CellKey) k.get(0));
            }
        });
        return several.isEmpty() ? runs
                : runs.stream().map(r -> several.contains(r.key()) ? r.withoutBlock() : r).toList();
    }

    private static RunsCsvHeader header(String name, int number, String line) {
        try {
            return RunsCsvHeader.parse(line);
        } catch (IllegalArgumentException e) {
            throw ResultsInputException.at(name, number, e.getMessage());
        }
    }

    /**
     * One instance of each equal cell key, counts and latency log name: a folder of 10^6 runs has a few hundred
     * cells, and a copy of each per row would hold most of the heap (issue 26, item 7).
     */
    private static final class Shared {
        private final Map<Object, Object> instances = new HashMap<>();

        @SuppressWarnings("unchecked")
        <T> T of(T value) {
            return value == null ? null : (T) instances.computeIfAbsent(value, v -> v);
        }
    }

    private static RunRecord record(RunsCsvRow row, boolean hasPhase, String defaultPlacement, Shared shared) {
        CellKey key = shared.of(new CellKey(row.transport(), row.mode(), row.payloadBytes(), row.window(), row.calls(),
                Objects.requireNonNullElse(row.pair(), CellKey.SUBJECT_PAIR),
                Objects.requireNonNullElse(row.series(), CellKey.MATRIX),
                Objects.requireNonNullElse(row.method(), CellKey.ECHO),
                Placements.normalize(row.placement(), defaultPlacement)));
        Counts counts = shared.of(new Counts(row.lost(), row.mismatched(), row.errors()));
        Phase phase = hasPhase ? Phase.parse(Objects.requireNonNullElse(row.phase(), "")) : Phase.MEASURE;
        LatencyRef latency = row.latencyLog() == null ? null
                : new LatencyRef(shared.of(row.latencyLog()), Objects.requireNonNullElse(row.latencyTag(), ""));
        return new RunRecord(key, row.run(), row.elapsedNanos(), counts, phase, row.startedUtc(), latency,
                row.fixedNanos(), shared.of(Objects.requireNonNullElse(row.expected(), "")), shared.of(row.jitMillis()),
                row.round() == null || row.round() < 1 ? null : row.round(),
                new CpuNs(row.cpuClientNanos(), row.cpuBusNanos(), row.cpuServerNanos(), row.cpuPathNanos()),
                AllocBytes.of(row.allocClientBytes(), row.allocServerBytes()));
    }
}
