package org.dbuslab.analysis.scenarios;

/** A line of OUT/scenarios/skipped.tsv: a contender or strategy a scenario could not run on a bus, and why. */
public record ScenarioSkip(String scenario, String bus, String contender, String reason) {

    /** The reason up to its first aside ("ruby not installed", "the seed's Rust program needs zbus >= 2"). */
    public String shortReason() {
        int end = reason.length();
        for (String aside : new String[] {";", " (", ","}) {
            int at = reason.indexOf(aside);
            end = at > 0 ? Math.min(end, at) : end;
        }
        return reason.substring(0, end).strip();
    }
}
