package org.dbuslab.analysis.model;

import org.dbuslab.stats.Interval;
import org.dbuslab.stats.SampleComparison;

import java.util.function.DoubleFunction;

/** Intervals as table text: "1.12–1.25", "+3.1…+5.0", "12.1 – 13.0". */
public final class Ranges {

    private Ranges() {
    }

    public static String ratio(Interval interval) {
        return interval.isDefined() ? Numbers.factor(interval.low()) + "–" + Numbers.factor(interval.high()) : "CI " + Numbers.NOT_AVAILABLE;
    }

    /** "95% CI 1.12–1.25", or "CI n/a" without an interval: the label is never doubled. */
    public static String ratioCi(int confidencePercent, Interval interval) {
        return ci(confidencePercent, interval, Numbers::factor, "–");
    }

    /** "95% CI " and the interval's ends in FORMAT joined by DASH, or "CI n/a" without an interval. */
    public static String ci(int confidencePercent, Interval interval, DoubleFunction<String> format, String dash) {
        return interval.isDefined() ? confidencePercent + "% CI " + format.apply(interval.low()) + dash + format.apply(interval.high())
                : "CI " + Numbers.NOT_AVAILABLE;
    }

    public static String signed(Interval interval) {
        return interval.isDefined() ? Numbers.signedMicroseconds(interval.low()) + "…" + Numbers.signedMicroseconds(interval.high())
                : "CI " + Numbers.NOT_AVAILABLE;
    }

    public static String of(Interval interval, DoubleFunction<String> format) {
        return interval.isDefined() ? format.apply(interval.low()) + " – " + format.apply(interval.high()) : Numbers.NOT_AVAILABLE;
    }

    /** ", paired" for a comparison made block by block; nothing for the unpaired (older folders). */
    public static String paired(SampleComparison r) {
        return r.paired() ? ", paired" : "";
    }
}
