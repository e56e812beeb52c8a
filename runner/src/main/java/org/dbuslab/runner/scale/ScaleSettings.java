package org.dbuslab.runner.scale;

import java.time.Duration;
import java.util.List;

/**
 * What a scale session measures and how long each piece runs: the preset as data ({@link #PRESET} for
 * {@code lab/run-all.sh --scale}, {@link #SMALL} for the integration test). One block runs every step of the plan
 * once; blocks go on until {@code maxBlocks} or until the budget would not hold another (at least {@code minBlocks}).
 *
 * @param clientCounts    N of the clients series
 * @param clientWindow    calls in flight per client in pipelined mode
 * @param clientRunMs     length of one measured clients run; {@code clientWarmupMs} the warm-up run before each N
 * @param clientRuns      measured runs per N in one block (one tool process per transport and mode)
 * @param subscribers     S of the fan-out (no idle rules)
 * @param matchRules      M of the match-rule sweep, with {@code ruleSubscribers} subscribers
 * @param signals         signals per signals run; {@code signalWindow} how far the emitter may run ahead
 * @param signalRuns      measured runs per (S, M) in one block
 * @param delaysMs        one-way delays of the relay (distance series)
 * @param windows         pipelined windows of the distance series (sync is window 1 of its own client)
 * @param floorWindow     the one pipelined window of the D = 0 points (direct, the relay with no delay, the second
 *                        network namespace), beside sync
 * @param distanceRunMs   about how long one distance run takes (calls are set from window ÷ RTT)
 */
public record ScaleSettings(List<Integer> clientCounts, int clientWindow, int payloadBytes, int clientRunMs,
                            int clientWarmupMs, int clientRuns, List<Integer> subscribers, List<Integer> matchRules,
                            int ruleSubscribers, int rulesPerConnection, int signals, int signalPadBytes,
                            int signalWindow, int signalRuns, List<Double> delaysMs, List<Integer> windows,
                            int floorWindow, int distanceRunMs, int minBlocks, int maxBlocks, Duration budget) {

    /** lab/run-all.sh --scale: about 15 minutes on the 2-core development machine. */
    public static final ScaleSettings PRESET = new ScaleSettings(List.of(1, 2, 4, 8, 16), 32, 1000, 400, 300, 2,
        List.of(1, 4, 16, 64), List.of(0, 64, 256, 1024, 4096), 4, 64, 1000, 64, 64, 2,
        List.of(0.1, 1.0, 10.0), List.of(1, 2, 4, 8, 16, 32, 64, 128, 256), 32, 250, 2, 6, Duration.ofMinutes(15));

    /** A small version of every series, for the end-to-end test (well under a minute). */
    public static final ScaleSettings SMALL = new ScaleSettings(List.of(1, 2), 8, 200, 150, 100, 1,
        List.of(1, 4), List.of(0, 64), 1, 64, 100, 16, 16, 1,
        List.of(1.0), List.of(1, 8), 8, 100, 1, 1, Duration.ofMinutes(3));

    public ScaleSettings {
        clientCounts = List.copyOf(clientCounts);
        subscribers = List.copyOf(subscribers);
        matchRules = List.copyOf(matchRules);
        delaysMs = List.copyOf(delaysMs);
        windows = List.copyOf(windows);
        if (minBlocks < 1 || maxBlocks < minBlocks || clientRuns < 1 || signalRuns < 1 || floorWindow < 2) {
            throw new IllegalArgumentException("blocks and runs must be at least 1 (and maxBlocks >= minBlocks), "
                + "the floor's window at least 2");
        }
    }

    /** The same with between {@code least} and {@code most} blocks (--min-blocks, --blocks). */
    public ScaleSettings withBlocks(int least, int most) {
        return new ScaleSettings(clientCounts, clientWindow, payloadBytes, clientRunMs, clientWarmupMs, clientRuns,
            subscribers, matchRules, ruleSubscribers, rulesPerConnection, signals, signalPadBytes, signalWindow,
            signalRuns, delaysMs, windows, floorWindow, distanceRunMs, least, most, budget);
    }

    public ScaleSettings withBudget(Duration newBudget) {
        return new ScaleSettings(clientCounts, clientWindow, payloadBytes, clientRunMs, clientWarmupMs, clientRuns,
            subscribers, matchRules, ruleSubscribers, rulesPerConnection, signals, signalPadBytes, signalWindow,
            signalRuns, delaysMs, windows, floorWindow, distanceRunMs, minBlocks, maxBlocks, newBudget);
    }
}
