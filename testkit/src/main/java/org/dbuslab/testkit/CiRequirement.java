package org.dbuslab.testkit;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/** What a test needs: under CI=true it must be there (the test fails), elsewhere the test skips with why. */
public final class CiRequirement {

    private CiRequirement() {
    }

    public static void require(boolean ok, String reason) {
        if (ok) {
            return;
        }
        if ("true".equals(System.getenv("CI"))) {
            Assertions.fail(reason);
        }
        Assumptions.abort(reason);
    }
}
