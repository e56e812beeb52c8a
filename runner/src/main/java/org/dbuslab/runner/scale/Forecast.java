package org.dbuslab.runner.scale;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How long the rest of the session will take, for the ETA: a step that has run before takes what it took last time;
 * one that has not, its nominal time (what its runs add up to on an idle machine) scaled by how much slower than
 * nominal the steps so far have been (a loaded machine slows every step alike).
 */
final class Forecast {

    /** A tool process's own start-up and connecting, beyond its runs. */
    static final double TOOL_START_S = 2.0;

    private final ScaleSettings settings;
    private final Map<String, Double> lastSeconds = new HashMap<>();
    private double actualSeconds;
    private double nominalSeconds;

    Forecast(ScaleSettings settings) {
        this.settings = settings;
    }

    /** What STEP should take on an idle machine: its runs and warm-ups, a tool process's start. */
    double nominalSeconds(ScaleStep step) {
        if (step instanceof ScaleStep.Distance d) {
            double rate = Math.min(ScalePlan.MAX_RATE_PER_S, d.window() * 1000.0 / (2 * d.delayMs() + ScalePlan.FLOOR_MS));
            return d.calls() / rate + 0.01;
        }
        ScaleStep.Tool t = (ScaleStep.Tool) step;
        if (t.series().equals("clients")) {
            int points = settings.clientCounts().size();
            return TOOL_START_S + points * (settings.clientWarmupMs() + settings.clientRuns() * settings.clientRunMs()) / 1000.0;
        }
        int points = t.measuredRuns() / settings.signalRuns();
        return TOOL_START_S + points * (1 + settings.signalRuns()) * 0.2;
    }

    void record(ScaleStep step, Duration took) {
        double seconds = took.toNanos() / 1e9;
        lastSeconds.put(step.id(), seconds);
        actualSeconds += seconds;
        nominalSeconds += nominalSeconds(step);
    }

    /** How much slower than nominal the steps have been so far (1 before any). */
    double slowdown() {
        return nominalSeconds > 0 ? actualSeconds / nominalSeconds : 1;
    }

    double seconds(ScaleStep step) {
        Double last = lastSeconds.get(step.id());
        return last != null ? last : nominalSeconds(step) * slowdown();
    }

    /** The rest of the block (STEPS from index NEXT on) and BLOCKS more whole blocks of PLAN. */
    Duration remaining(List<ScaleStep> steps, int next, int blocks, List<ScaleStep> plan) {
        double s = steps.subList(next, steps.size()).stream().mapToDouble(this::seconds).sum();
        s += blocks * plan.stream().mapToDouble(this::seconds).sum();
        return Duration.ofMillis(Math.round(s * 1000));
    }
}
