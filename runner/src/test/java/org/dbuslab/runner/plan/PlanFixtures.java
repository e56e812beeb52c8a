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

    public static SessionConfig config(String... args) {
        return SessionOptions.parse(CLOCK, args).config();
    }

    public static SessionPlan plan(String... args) {
        return SessionPlan.of(config(args));
    }
}
