package org.dbuslab.testkit;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/** What a test needs: under CI=true it must be there (the test fails), elsewhere the test skips with why. */
public final class CiRequirement {

    private CiRequirement() {
    }

    public static void require(boolean ok, String reason) {
        if (!ok) {
            unavailable(reason);
        }
    }

    /** What the test needs is not there, for REASON: under CI=true the test fails, elsewhere it skips. */
    public static void unavailable(String reason) {
        if ("true".equals(System.getenv("CI"))) {
            Assertions.fail(reason);
        }
        Assumptions.abort(reason);
    }
}
