package org.dbuslab.analysis.model;

import org.dbuslab.analysis.scenarios.ScenarioSummary;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The session's client-library scenarios, read and summarized once: the scenarios section and the seed's finding
 * both show this summary. Neither is present when the folder has none; an unreadable file is the section's warning.
 */
public record Scenarios(Optional<ScenarioSummary> summary, Optional<String> error) {

    public static Scenarios read(Path resultsDir) {
        try {
            return new Scenarios(ScenarioSummary.read(resultsDir), Optional.empty());
        } catch (IOException e) {
            return new Scenarios(Optional.empty(), Optional.of(String.valueOf(e.getMessage())));
        }
    }
}
