package org.dbuslab.runner.options;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

import picocli.CommandLine.Option;

/** When the warm-up and the session end: --precision or --blocks, and the budgets. */
final class StoppingOptions {

    @Option(names = "--precision", paramLabel = "P", converter = OptionConverters.Percent.class, description = {
            "95%% CI half-width target in %% of the estimate (> 0, <= 100): every matrix cell's median us/call, and"
                    + " every headline comparison's paired ratio (block bootstrap)"})
    Double precision;
    @Option(names = "--blocks", paramLabel = "N", converter = OptionConverters.BlockCount.class,
            description = "make exactly N measured blocks instead (no precision target)")
    Integer blocks;
    @Option(names = "--min-blocks", paramLabel = "N", converter = OptionConverters.BlockCount.class,
            description = "least measured blocks before the target may end the session")
    Integer minBlocks;
    @Option(names = "--budget", paramLabel = "D", converter = OptionConverters.Budget.class,
            description = {"session time budget, build and start-up included (e.g. 90s, 10m, 1h30m); when it cannot"
                    + " buy --precision for the matrix, the rotation groups take one block in 2 or 3 (the matrix first)"})
    Duration budget;
    @Option(names = "--warmup-blocks", paramLabel = "N", converter = OptionConverters.BlockCount.class,
            description = "least warm-up blocks")
    Integer warmupBlocks;
    @Option(names = "--warmup-budget", paramLabel = "D", converter = OptionConverters.WarmupBudget.class,
            description = "how long the warm-up may wait for the JIT to go quiet (default: the preset's share of"
                    + " --budget; 0 = only the least blocks)")
    Duration warmupBudget;
    @Option(names = "--started-at-ms", paramLabel = "MS", converter = OptionConverters.EpochMillis.class,
            description = "when the launcher started (epoch ms): the budget counts from there (default: now)")
    Long startedAtMs;

    /** @param warmupBudgetText --warmup-budget as given, for the error line */
    Stopping stopping(Preset p, Clock clock, String warmupBudgetText) {
        SessionOptions.exclusive(blocks != null, "--blocks", precision != null, "--precision");
        int fixedBlocks = blocks != null ? blocks : precision != null ? 0 : p.fixedBlocks();
        double precisionPct = fixedBlocks > 0 ? Double.NaN : precision != null ? precision : p.precisionPct();
        Duration totalBudget = budget != null ? budget : p.budget();
        Duration warmupLimit = warmupBudget != null ? warmupBudget
                : Duration.ofMillis(Math.round(totalBudget.toMillis() * p.warmupBudgetShare()));
        if (warmupLimit.compareTo(totalBudget) > 0) {
            throw SessionOptions.refusal("--warmup-budget must not exceed --budget (" + Durations.format(totalBudget)
                    + "), got '" + warmupBudgetText + "'");
        }
        Instant started = startedAtMs != null ? Instant.ofEpochMilli(startedAtMs) : clock.instant();
        return new Stopping(fixedBlocks, precisionPct, minBlocks != null ? minBlocks : p.minBlocks(),
                warmupBlocks != null ? warmupBlocks : p.warmupBlocks(), started, totalBudget, warmupLimit);
    }
}
