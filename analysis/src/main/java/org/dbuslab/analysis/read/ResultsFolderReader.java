package org.dbuslab.analysis.read;

import org.dbuslab.format.Phase;
import org.dbuslab.format.PrecisionTsv;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/** Reads a results folder (docs/RESULTS-FORMAT.md). Only runs.csv is required; it never writes. */
public final class ResultsFolderReader {

    private ResultsFolderReader() {
    }

    public static ResultsFolder read(Path dir) {
        if (!Files.exists(dir)) {
            throw new ResultsInputException("results folder not found: " + dir);
        }
        if (!Files.isDirectory(dir)) {
            throw new ResultsInputException("not a folder: " + dir);
        }
        Path runsCsv = dir.resolve(RunsCsvReader.FILE);
        // a scale session (lab/run-all.sh --scale) writes scale-runs.csv only
        boolean scaleOnly = Files.isRegularFile(dir.resolve(org.dbuslab.format.ScaleRunsCsv.FILE));
        if (!Files.isRegularFile(runsCsv) && !scaleOnly) {
            throw new ResultsInputException("no " + RunsCsvReader.FILE + " in " + dir + " (was the session measured at all?)");
        }
        List<String> warnings = new ArrayList<>();
        // read first for the placement of runs that name none; its warning keeps its place after runs.csv's
        Path environmentJson = dir.resolve(EnvironmentReader.FILE);
        boolean environmentRecorded = Files.isRegularFile(environmentJson);
        Environment environment = environmentRecorded ? EnvironmentReader.read(environmentJson) : Environment.unknown();
        List<RunRecord> read = Files.isRegularFile(runsCsv)
                ? RunsCsvReader.read(runsCsv, Placements.sessionDefault(environment), warnings::add) : List.of();
        Path hostSpeedTsv = dir.resolve(HostSpeedReader.FILE);
        Optional<HostSpeedReadings> hostSpeed = Files.isRegularFile(hostSpeedTsv)
                ? HostSpeedReader.read(hostSpeedTsv, warnings::add) : Optional.empty();
        List<RunRecord> runs = hostSpeed.map(h -> withHostSlowed(read, h)).orElse(read);
        LatencyHistograms latency = LatencyLogReader.read(dir,
                runs.stream().filter(RunRecord::measured).toList(), warnings::add);
        if (!environmentRecorded) {
            warnings.add(EnvironmentReader.FILE + " is missing: machine shown as unknown");
        }

        Path skippedTsv = dir.resolve(SkippedReader.FILE);
        List<SkippedTransport> skipped = Files.isRegularFile(skippedTsv)
                ? SkippedReader.read(skippedTsv, warnings::add) : List.of();

        Path planTsv = dir.resolve(PlanReader.FILE);
        Optional<List<PlannedCell>> plan = Files.isRegularFile(planTsv)
                ? Optional.of(PlanReader.read(planTsv, warnings::add)) : Optional.empty();

        Path notesTsv = dir.resolve(NotesReader.FILE);
        List<Note> notes = Files.isRegularFile(notesTsv) ? NotesReader.read(notesTsv, warnings::add) : List.of();
        SessionCompleteness.warning(dir, notes, runs).ifPresent(warnings::add);

        return new ResultsFolder(dir, environment, runs, skipped, plan, latency, notes, warnings, precision(dir, warnings),
                hostSpeed);
    }

    /** Marks the measured runs of the halves the host slowed; warm-up and redone runs are left as they are. */
    private static List<RunRecord> withHostSlowed(List<RunRecord> runs, HostSpeedReadings hostSpeed) {
        if (hostSpeed.slowed().isEmpty()) {
            return runs;
        }
        Predicate<RunRecord> slowed = hostSpeed.inSlowedHalf();
        return runs.stream().map(r -> r.phase() == Phase.MEASURE && slowed.test(r) ? r.withHostSlowed() : r).toList();
    }

    /** precision.tsv is the runner's view and the report can compute its own: an unreadable one is only a warning. */
    private static Optional<List<PrecisionTsv.Row>> precision(Path dir, List<String> warnings) {
        if (!Files.isRegularFile(dir.resolve(PrecisionTsv.FORMAT.fileName()))) {
            return Optional.empty();
        }
        try {
            return Optional.of(PrecisionTsv.FORMAT.read(dir));
        } catch (RuntimeException e) {
            warnings.add(PrecisionTsv.FORMAT.fileName() + " is not readable (" + e.getMessage() + "); the report shows "
                    + "the half-widths it computes itself");
            return Optional.empty();
        }
    }
}
