package org.dbuslab.analysis.doc;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

public class FindingSummaryTest {

    @Test
    public void theLineEndsWithTheFirstClauseAfterTheSubject() {
        assertEquals("dbus-broker against dbus-daemon (paired over ≥ 10 blocks): faster in 3 of 4 cells",
                FindingSummary.of("dbus-broker against dbus-daemon (paired over ≥ 10 blocks): faster in 3 of 4 cells, factor (95% CI) "
                        + "sync 1000 B 1.32× (1.26–1.37); no significant difference in 1 of 4 cells."));
    }

    @Test
    public void colonsAndCommasInBracketsDoNotCount() {
        assertEquals("Precision: 0 of 10 matrix cells have a 95% CI within ±5.0 % (the report's default: precision.tsv sets no "
                + "target)", FindingSummary.of("Precision: 0 of 10 matrix cells have a 95% CI within ±5.0 % (the report's default: "
                + "precision.tsv sets no target); the median cell's half-width is ±16.5 %."));
    }

    @Test
    public void aFindingWithoutThatShapeIsShownWhole() {
        assertEquals("Every call succeeded.", FindingSummary.of("Every call succeeded."));
        assertEquals("No subject: just a sentence", FindingSummary.of("No subject: just a sentence"));
    }
}
