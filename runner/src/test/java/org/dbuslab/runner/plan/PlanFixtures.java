package org.dbuslab.runner.plan;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;

import org.dbuslab.runner.options.SessionConfig;
import org.dbuslab.runner.options.SessionOptions;

/** Sessions made the way the runner makes them: from a command line. */
public final class PlanFixtures {

    public static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-01T14:00:00Z"), ZoneOffset.UTC);

    private PlanFixtures() {
    }

    /**
     * A session in one placement, one-cpu, unless ARGS name theirs: most tests are about the cells of one placement
     * (two, as issue 21's sessions have them, are {@link #twoPlacements}).
     */
    public static SessionConfig config(String... args) {
        if (java.util.Arrays.stream(args).anyMatch(a -> a.startsWith("--placement"))) {
            return twoPlacements(args);
        }
        String[] withPlacement = java.util.Arrays.copyOf(args, args.length + 2);
        withPlacement[args.length] = "--placement";
        withPlacement[args.length + 1] = "one-cpu";
        return twoPlacements(withPlacement);
    }

    /** The session as the command line makes it, its matrix in one-cpu and cross unless ARGS name placements. */
    public static SessionConfig twoPlacements(String... args) {
        if (java.util.Arrays.stream(args).anyMatch(a -> a.startsWith("--placement"))) {
            return SessionOptions.parse(CLOCK, args).config();
        }
        String[] withPlacements = java.util.Arrays.copyOf(args, args.length + 2);
        withPlacements[args.length] = "--placement";
        withPlacements[args.length + 1] = "one-cpu,cross";
        return SessionOptions.parse(CLOCK, withPlacements).config();
    }

    public static SessionPlan plan(String... args) {
        return SessionPlan.of(config(args));
    }
}
