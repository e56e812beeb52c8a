package org.dbuslab.runner.stop;

import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.dbuslab.runner.plan.ClientKey;

/**
 * When the warm-up blocks end: after at least {@code minBlocks}, once every Java client's JIT is quiet
 * ({@link JitWatch}) or the warm-up budget is spent. A budget of 0 means no JIT watch: the least blocks only.
 */
public final class WarmupRule {

    public enum Outcome {
        /** Another warm-up block is due. */
        CONTINUE,
        /** No JIT watch: the least warm-up blocks are done. */
        MIN_BLOCKS,
        /** Every Java client's JIT is quiet. */
        JIT_QUIET,
        /** The warm-up budget is spent while some client still compiles (their names are in {@link #compiling()}). */
        BUDGET_SPENT
    }

    private final int minBlocks;
    private final Duration budget;
    private final Map<ClientKey, JitWatch> clients = new LinkedHashMap<>();

    public WarmupRule(int minBlocks, Duration budget, Collection<ClientKey> javaClients) {
        if (minBlocks < 1 || budget.isNegative()) {
            throw new IllegalArgumentException("minBlocks >= 1 and a budget >= 0");
        }
        this.minBlocks = minBlocks;
        this.budget = budget;
        javaClients.forEach(k -> clients.put(k, new JitWatch()));
    }

    /** One finished warm-up run of a client (jit_ms from its done line; -1 unknown). Unknown clients are ignored. */
    public void record(ClientKey client, long jitMillis) {
        JitWatch watch = clients.get(client);
        if (watch != null) {
            watch.record(jitMillis);
        }
    }

    /** A client whose process died: it no longer holds the warm-up back. */
    public void forget(ClientKey client) {
        clients.remove(client);
    }

    /**
     * @param blocksDone warm-up blocks finished
     * @param elapsed    time the warm-up has taken so far
     */
    public Outcome afterBlock(int blocksDone, Duration elapsed) {
        return afterBlock(blocksDone, elapsed, Duration.ZERO);
    }

    /**
     * As {@link #afterBlock(int, Duration)}, but the budget is spent already when another block of
     * {@code nextBlock} would end beyond it: the warm-up stays within its budget instead of overrunning it by a
     * block (a fresh-clone session's warm-up took 65 s of a 60 s budget).
     */
    public Outcome afterBlock(int blocksDone, Duration elapsed, Duration nextBlock) {
        if (blocksDone < minBlocks) {
            return Outcome.CONTINUE;
        }
        if (budget.isZero()) {
            return Outcome.MIN_BLOCKS;
        }
        if (compiling().isEmpty()) {
            return Outcome.JIT_QUIET;
        }
        return elapsed.plus(nextBlock).compareTo(budget) > 0 || elapsed.compareTo(budget) >= 0 ? Outcome.BUDGET_SPENT
            : Outcome.CONTINUE;
    }

    /** The clients whose JIT is not quiet yet, with their compilation ms over their last runs. */
    public Map<ClientKey, Long> compiling() {
        Map<ClientKey, Long> out = new LinkedHashMap<>();
        clients.forEach((k, w) -> {
            if (!w.quiet()) {
                out.put(k, w.recentMillis());
            }
        });
        return out;
    }

    public List<ClientKey> clients() {
        return List.copyOf(clients.keySet());
    }
}
