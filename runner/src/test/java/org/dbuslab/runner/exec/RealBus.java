package org.dbuslab.runner.exec;

import org.dbuslab.testkit.LabPaths;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** What the exec tests share: the lab's layout, and the CI rule for a bus that cannot start. */
final class RealBus {

    private RealBus() {
    }

    static LabLayout layout() {
        return LabLayout.of(LabPaths.repositoryRoot());
    }

    /** Under CI=true a bus (or tool) that cannot start fails the test; elsewhere it skips it, with the reason. */
    static void require(boolean ok, String reason) {
        if (ok) {
            return;
        }
        if ("true".equals(System.getenv("CI"))) {
            Assertions.fail(reason);
        }
        Assumptions.abort(reason);
    }

    static void requireJars(LabLayout layout) {
        for (Path jar : List.of(layout.serverJar(), layout.clientJar())) {
            require(Files.exists(jar), "missing " + jar + " (mvn -B -q -pl runner -am verify builds it)");
        }
    }
}
