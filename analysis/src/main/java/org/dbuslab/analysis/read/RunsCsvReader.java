package org.dbuslab.analysis.read;

import org.dbuslab.format.Phase;
import org.dbuslab.format.RunsCsv;
import org.dbuslab.format.RunsCsvHeader;
import org.dbuslab.format.RunsCsvRow;

import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Reads runs.csv (docs/RESULTS-FORMAT.md) through its one definition, {@link RunsCsvHeader} of the format module:
 * columns are found by header name, so extra, reordered or absent optional columns (older folders have 16 or 22)
 * do not break the contract; a missing {@code phase} column means every row was measured. What the analysis makes
 * of the optional columns: {@code started_utc} is the run order; {@code latency_log}/{@code latency_tag} where the
 * run's per-call latency histogram is; {@code method}, {@code pair}, {@code series} are part of the cell (absent or
 * empty: echo, dbus-java>dbus-java, matrix); {@code fixed_ns} is spam rows' fixed cost; {@code reference} is only
 * checked against pair and series, which decide; {@code round} is the block (paired comparisons); the
 * {@code cpu_*_ns} are the CPU time per component; {@code placement} is part of the cell (absent or empty: the
 * session's placement, see {@link Placements}).
 */
public final class RunsCsvReader {

    public static final String FILE = RunsCsv.FILE;

    private RunsCsvReader() {
    }

    /**
     * @param warnings receives one message per tolerated problem (a truncated last line, unreadable
     *                 started_utc values: those only cost the run order, not the statistics)
     */
    public static List<RunRecord> read(TextFile file, Consumer<String> warnings) {
        return read(file, Placements.FREE, warnings);
    }

    /** @param defaultPlacement the placement of rows that name none (the column is absent or empty) */
    public static List<RunRecord> read(TextFile file, String defaultPlacement, Consumer<String> warnings) {
        int headerLine = 1;
        while (headerLine <= file.lines().size() && file.line(headerLine).isBlank()) {
            headerLine++;
        }
        if (headerLine > file.lines().size()) {
            throw new ResultsInputException(file.name() + ": empty file, expected a header line");
        }
        RunsCsvHeader header;
        try {
            header = RunsCsvHeader.parse(file.line(headerLine));
        } catch (IllegalArgumentException e) {
            throw ResultsInputException.at(file.name(), headerLine, e.getMessage());
        }
        long[] referenceDisagreements = {0};
        List<RunRecord> runs = LineParser.parse(file, headerLine + 1, line -> {
            RunsCsvRow row = header.parseRow(line);
            RunRecord run = record(row, header.has("phase"), defaultPlacement);
            if (row.reference() != null && row.reference() != (run.key().referenceFlag())) {
                referenceDisagreements[0]++;
            }
            return run;
        }, warnings);
        if (referenceDisagreements[0] > 0) {
            warnings.accept(file.name() + ": the reference column disagrees with pair and series in " + referenceDisagreements[0]
                    + " row(s); pair and series decide (reference = every pair but " + CellKey.SUBJECT_PAIR
                    + ", and series other than matrix)");
        }
        long unreadable = header.has("started_utc") ? runs.stream().filter(run -> run.startedUtc() == null).count() : 0;
        if (unreadable > 0) {
            warnings.accept(file.name() + ": started_utc missing or unreadable in " + unreadable + " of " + runs.size()
                    + " rows; the run order falls back to the order of the rows");
        }
        return runs;
    }

    private static RunRecord record(RunsCsvRow row, boolean hasPhase, String defaultPlacement) {
        CellKey key = new CellKey(row.transport(), row.mode(), row.payloadBytes(), row.window(), row.calls(),
                Objects.requireNonNullElse(row.pair(), CellKey.SUBJECT_PAIR),
                Objects.requireNonNullElse(row.series(), CellKey.MATRIX),
                Objects.requireNonNullElse(row.method(), CellKey.ECHO),
                Placements.normalize(row.placement(), defaultPlacement));
        Counts counts = new Counts(row.lost(), row.mismatched(), row.errors());
        Phase phase = hasPhase ? Phase.parse(Objects.requireNonNullElse(row.phase(), "")) : Phase.MEASURE;
        LatencyRef latency = row.latencyLog() == null ? null
                : new LatencyRef(row.latencyLog(), Objects.requireNonNullElse(row.latencyTag(), ""));
        return new RunRecord(key, row.run(), row.elapsedNanos(), counts, phase, row.startedUtc(), latency,
                row.fixedNanos(), Objects.requireNonNullElse(row.expected(), ""), row.jitMillis(),
                row.round() == null || row.round() < 1 ? null : row.round(),
                new CpuNs(row.cpuClientNanos(), row.cpuBusNanos(), row.cpuServerNanos()));
    }
}
