package org.dbuslab.runner.exec;

import org.dbuslab.testkit.CiRequirement;
import org.dbuslab.testkit.LabPaths;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** What the exec tests share: the lab's layout, and the CI rule for a bus that cannot start. */
final class RealBus {

    private RealBus() {
    }

    static LabLayout layout() {
        return LabLayout.of(LabPaths.repositoryRoot());
    }

    /**
     * Services in a short private temp folder (removed when SUPERVISOR closes) with a private dbus-daemon up as
     * bus:dbus-daemon; a bus that cannot start follows {@link CiRequirement#require}.
     */
    static Services withDaemon(Supervisor supervisor, LabLayout layout, JavaRuntime java, Path logs, String prefix)
        throws IOException, InterruptedException {
        Path tmp = ShortTemp.create(Path.of("/tmp"), prefix);
        supervisor.onClose("tmp", () -> {
            try {
                org.dbuslab.testkit.LabPaths.deleteTree(tmp);
            } catch (IOException e) {
                // temp
            }
        });
        Services services = new Services(supervisor, layout, java, CpuPlacement.Pinning.NONE, tmp, logs,
            m -> { });
        CiRequirement.require(services.startBus("dbus-daemon", "dbus-daemon", Map.of()), "dbus-daemon did not start");
        return services;
    }

    static void requireJars(LabLayout layout) {
        for (Path jar : List.of(layout.serverJar(), layout.clientJar())) {
            CiRequirement.require(Files.exists(jar), "missing " + jar + " (mvn -B -q -pl runner -am verify builds it)");
        }
    }
}
