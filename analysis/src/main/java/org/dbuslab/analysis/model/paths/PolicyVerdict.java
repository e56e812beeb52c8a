package org.dbuslab.analysis.model.paths;

import org.dbuslab.stats.Equivalence;
import org.dbuslab.stats.SampleComparison;

/**
 * Does a bus slow down with {@value RealWorldPaths#VERDICT_RULES} extra policy rules? Their cell against the plain
 * bus's: equivalent when the ratio's 90% CI lies within the report's equivalence margin (TOST, as the headline's
 * verdicts), else faster or slower when significant, else no significant difference.
 *
 * @param result      the {@value RealWorldPaths#VERDICT_RULES}-rule cell against the 0-rule cell; null when either
 *                    was not measured
 * @param equivalence the TOST of the same two cells; {@link Equivalence#UNTESTED} without a result
 */
public record PolicyVerdict(Kind kind, SampleComparison result, Equivalence equivalence) {

    public enum Kind {
        EQUIVALENT, NO_DIFFERENCE, SLOWER, FASTER, NOT_MEASURED
    }

    public static final PolicyVerdict NOT_MEASURED = new PolicyVerdict(Kind.NOT_MEASURED, null, Equivalence.UNTESTED);

    public static PolicyVerdict of(SampleComparison result, Equivalence equivalence) {
        if (equivalence.equivalent()) {
            return new PolicyVerdict(Kind.EQUIVALENT, result, equivalence);
        }
        Kind kind = switch (result.direction()) {
            case HIGHER -> Kind.SLOWER;
            case LOWER -> Kind.FASTER;
            case NOT_SIGNIFICANT -> Kind.NO_DIFFERENCE;
        };
        return new PolicyVerdict(kind, result, equivalence);
    }
}
