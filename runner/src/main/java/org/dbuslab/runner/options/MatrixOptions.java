package org.dbuslab.runner.options;

import java.time.Duration;
import java.util.List;

import org.dbuslab.format.Transport;
import org.dbuslab.runner.plan.Mode;

import picocli.CommandLine.Option;

/** The matrix's cells (--sizes, --transports, --modes, --window) and how long their runs are. */
final class MatrixOptions {

    static final int DEFAULT_WINDOW = 128;
    static final String DEFAULT_SIZES = "1000,10000";

    @Option(names = "--run-ms", paramLabel = "N", converter = OptionConverters.Millis.class, description = {
            "calls per run set from a block after the warm-up so a run takes about N ms (at least 2 x window; cells"
                    + " that are compared share their calls per run, set by the matrix cells')"})
    Integer runMs;
    @Option(names = "--calls", paramLabel = "N", converter = OptionConverters.Calls.class,
            description = "fixed calls per run instead (>= 2)")
    Integer calls;
    @Option(names = "--window", paramLabel = "N", converter = OptionConverters.Window.class,
            defaultValue = "" + DEFAULT_WINDOW,
            description = "calls in flight in async mode (>= 1, default ${DEFAULT-VALUE}); sync uses 1")
    int window;
    @Option(names = "--sizes", paramLabel = "LIST", converter = OptionConverters.Sizes.class,
            defaultValue = DEFAULT_SIZES, description = "payload bytes, comma-separated (default ${DEFAULT-VALUE},"
                    + " min " + SessionConfig.MIN_PAYLOAD + ", max " + SessionConfig.MAX_PAYLOAD + ")")
    CommaList<Integer> sizes;
    @Option(names = "--transports", paramLabel = "LIST", converter = OptionConverters.Transports.class,
            completionCandidates = OptionConverters.Transports.class,
            description = "comma-separated subset of ${COMPLETION-CANDIDATES} (default: all; see Transports below)")
    CommaList<Transport> transports;
    @Option(names = "--modes", paramLabel = "LIST", converter = OptionConverters.Modes.class,
            completionCandidates = OptionConverters.Modes.class,
            description = "comma-separated subset of ${COMPLETION-CANDIDATES} (default: both)")
    CommaList<Mode> modes;
    @Option(names = "--cell-timeout", paramLabel = "S", converter = OptionConverters.Seconds.class,
            defaultValue = "300", description = "seconds one run may take before it counts as hung (default ${DEFAULT-VALUE})")
    int cellTimeoutSeconds;

    Matrix matrix() {
        return new Matrix(sizes.items(), transports != null ? transports.items() : Transport.SELECTABLE,
                modes != null ? modes.items() : List.of(Mode.values()), window);
    }

    RunLength runLength(Preset p) {
        SessionOptions.exclusive(calls != null, "--calls", runMs != null, "--run-ms");
        if (p == Preset.SCALE && (calls != null || runMs != null)) {
            // its series set their own lengths (ScaleSettings); environment.json would name a length no run had
            throw SessionOptions.refusal((calls != null ? "--calls" : "--run-ms") + " sets the matrix's runs; --scale "
                + "has none (its series' run lengths are its own, lab/README.md)");
        }
        int fixedCalls = calls != null ? calls : runMs != null ? 0 : p.calls();
        Duration runTarget = fixedCalls > 0 ? null : runMs != null ? Duration.ofMillis(runMs) : p.runTarget();
        return new RunLength(fixedCalls, runTarget, fixedCalls > 0 ? fixedCalls : Preset.FIRST_BLOCK_CALLS,
                Duration.ofSeconds(cellTimeoutSeconds));
    }
}
