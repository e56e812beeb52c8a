package org.dbuslab.analysis.scenarios;


import org.dbuslab.cli.LabCli;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes RESULTS_DIR/scenarios.md from RESULTS_DIR/scenarios/ (what lab/run-scenarios.sh calls at its end).
 * The main report includes the same section through {@link ScenariosMarkdown#render(Path)}.
 * Usage: {@code java -cp dbus-lab-analysis.jar org.dbuslab.analysis.scenarios.ScenariosReportMain RESULTS_DIR}.
 */
public final class ScenariosReportMain {

    private static final String PROG = "scenarios report";

    private ScenariosReportMain() {
    }

    public static void main(String[] args) {
        if (args.length != 1) {
            LabCli.exit(LabCli.fail(System.err, PROG, "usage: ScenariosReportMain RESULTS_DIR", LabCli.USAGE));
        }
        try {
            Path dir = Path.of(args[0]);
            String section = ScenariosMarkdown.render(dir);
            if (section.isEmpty()) {
                LabCli.exit(LabCli.fail(System.err, PROG, dir + " has no scenarios/ folder", LabCli.FAILURE));
            }
            Path tmp = dir.resolve("scenarios.md.tmp");
            Files.writeString(tmp, "# D-Bus client-library scenarios\n\n" + section, StandardCharsets.UTF_8);
            Files.move(tmp, dir.resolve("scenarios.md"), java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (Exception e) {
            LabCli.exit(LabCli.fail(System.err, PROG, e.getMessage(), LabCli.FAILURE));
        }
    }
}
