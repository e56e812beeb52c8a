package org.dbuslab.analysis.report;

import org.dbuslab.analysis.doc.Block;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.model.CellOrder;
import org.dbuslab.analysis.model.Numbers;
import org.dbuslab.analysis.model.Ranges;
import org.dbuslab.analysis.model.paths.PathPrice;
import org.dbuslab.analysis.model.paths.PolicySweep;
import org.dbuslab.analysis.model.paths.PolicyVerdict;
import org.dbuslab.analysis.model.paths.RealWorldPaths;
import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.format.Route;
import org.dbuslab.stats.SampleComparison;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The Findings of "Real-world paths", one line per path kind, read off {@link Analysis#paths()}: xdg-dbus-proxy and
 * systemd-stdio-bridge (the price of the lead shape, the Java pair's sync call at the smallest payload where it ran, on
 * each bus; then the range over all its cells and how many meet ±5 %), and policy rules (each bus's verdict at the lead
 * shape). A kind the session did not measure gets no finding.
 */
public final class RealWorldPathsFindings {

    private RealWorldPathsFindings() {
    }

    /** The findings, each linked to the subsection that backs it up. */
    public static List<Block.Item> of(Analysis analysis) {
        List<Block.Item> findings = new ArrayList<>();
        RealWorldPaths paths = analysis.paths();
        for (Route route : List.of(Route.PROXY, Route.BRIDGE)) {
            route(route, paths.prices(route)).ifPresent(f -> findings.add(
                    new Block.Item(f, RealWorldPathsSection.PRICES_ID, Block.Tone.NORMAL)));
        }
        policy(paths.policy()).ifPresent(f -> findings.add(new Block.Item(f, RealWorldPathsSection.POLICY_ID, Block.Tone.NORMAL)));
        return findings;
    }

    /**
     * "xdg-dbus-proxy (Java client, sync 1000 B): +41.0 µs per call on dbus-daemon (1.62×, 95% CI 1.58–1.66); +38.0 µs on
     * dbus-broker (1.70×, 95% CI 1.66–1.74); over its 12 cells 1.10×–1.80×, 10 of 12 within ±5 %." Its folded line
     * ({@link org.dbuslab.analysis.doc.FindingSummary}) ends with the first bus.
     */
    private static Optional<String> route(Route route, List<PathPrice> prices) {
        List<PathPrice> compared = prices.stream().filter(p -> p.result() != null).toList();
        if (compared.isEmpty()) {
            return Optional.empty();
        }
        PathPrice lead = compared.stream().min(Comparator.comparing((PathPrice p) -> !p.key().pair().equals(CellKey.SUBJECT_PAIR))
                .thenComparing(p -> p.key().mode(), CellOrder.MODE)
                .thenComparingInt(p -> p.key().payloadBytes())
                .thenComparingInt(p -> p.key().window())).orElseThrow();
        List<PathPrice> shown = compared.stream().filter(p -> sameShape(p, lead)).toList();
        String shape = lead.key().mode() + " " + lead.key().payloadBytes() + " B" + (lead.key().window() > 1 ? " (window "
                + lead.key().window() + ")" : "");
        List<String> buses = new ArrayList<>();
        for (int i = 0; i < shown.size(); i++) {
            PathPrice p = shown.get(i);
            buses.add(price(p.result()) + (i == 0 ? " per call" : "") + " on " + p.destination()
                    + placement(p, compared) + " (" + ratio(p.result()) + ")");
        }
        String client = lead.key().pair().equals(CellKey.SUBJECT_PAIR) ? "Java client" : lead.key().pair();
        long within = compared.stream().filter(PathPrice::withinTarget).count();
        double low = compared.stream().mapToDouble(PathPrice::ratio).min().orElse(Double.NaN);
        double high = compared.stream().mapToDouble(PathPrice::ratio).max().orElse(Double.NaN);
        long unpriced = prices.size() - compared.size();
        String overall = compared.size() == 1 ? "" : "; over its " + compared.size() + " cells " + Numbers.factor(low) + "×–"
                + Numbers.factor(high) + "×";
        return Optional.of(route.program() + " (" + client + ", " + shape + "): " + String.join("; ", buses) + overall + ", "
                + within + " of " + compared.size() + " within ±" + Numbers.fixed(RealWorldPaths.PRICE_TARGET_PCT, 0) + " %"
                + (unpriced > 0 ? "; " + unpriced + " cell(s) without a price (see the section)" : "") + ".");
    }

    private static boolean sameShape(PathPrice p, PathPrice lead) {
        return p.key().pair().equals(lead.key().pair()) && p.key().mode().equals(lead.key().mode())
                && p.key().payloadBytes() == lead.key().payloadBytes() && p.key().window() == lead.key().window();
    }

    /** The placement, when the series ran in more than one. */
    private static String placement(PathPrice p, List<PathPrice> all) {
        return all.stream().map(o -> o.key().placement()).distinct().count() > 1 ? " " + p.key().placement() : "";
    }

    /** "+41.0 µs", or ComparisonText#notSignificant's words when the difference is not significant. */
    private static String price(SampleComparison r) {
        return r.significant() ? Numbers.signedMicroseconds(r.difference()) + " µs" : ComparisonText.notSignificant(r);
    }

    /** "1.62×, 95% CI 1.58–1.66" */
    private static String ratio(SampleComparison r) {
        return Numbers.factor(r.ratioOfMedians()) + "×, " + Ranges.ratioCi(95, r.ratioInterval());
    }

    /**
     * "Policy rules (10000 vs none, sync 1000 B): dbus-daemon equivalent within ±5% (90% CI …) and dbus-broker 1.35×
     * slower (95% CI …)." Its folded line holds every bus of the lead shape.
     */
    private static Optional<String> policy(List<PolicySweep> sweeps) {
        List<PolicySweep> judged = sweeps.stream().filter(s -> s.verdict().kind() != PolicyVerdict.Kind.NOT_MEASURED).toList();
        if (judged.isEmpty()) {
            return Optional.empty();
        }
        PolicySweep lead = judged.stream().min(Comparator.comparing((PolicySweep s) -> !s.pair().equals(CellKey.SUBJECT_PAIR))
                .thenComparing(PolicySweep::mode, CellOrder.MODE).thenComparingInt(PolicySweep::payloadBytes)
                .thenComparingInt(PolicySweep::window)).orElseThrow();
        List<PolicySweep> shown = judged.stream().filter(s -> s.shape().equals(lead.shape()) && s.pair().equals(lead.pair())).toList();
        boolean placements = shown.stream().map(PolicySweep::placement).distinct().count() > 1;
        String buses = shown.stream().map(s -> s.bus() + (placements ? " " + s.placement() : "") + " " + words(s.verdict()))
                .collect(Collectors.joining(" and "));
        long others = judged.size() - shown.size();
        return Optional.of("Policy rules (" + RealWorldPaths.VERDICT_RULES + " vs none, "
                + (lead.pair().equals(CellKey.SUBJECT_PAIR) ? "" : lead.pair() + ", ") + lead.shape() + "): " + buses
                + (others > 0 ? "; " + others + " more verdict(s) in the section" : "") + ".");
    }

    /** "no significant difference (1.03×, 95% CI 1.01–1.05, p = 0.063)": the test's p where the interval excludes 1. */
    private static String noDifference(SampleComparison r) {
        return ComparisonText.notSignificantWord(r) + " (" + ratio(r) + ComparisonText.andTestThatDidNotReachAlpha(r) + ")";
    }

    /** "equivalent within ±5% (90% CI 0.99–1.03)", "1.35× slower (95% CI 1.30–1.40)", "no significant difference (…)". */
    private static String words(PolicyVerdict v) {
        SampleComparison r = v.result();
        return switch (v.kind()) {
            case EQUIVALENT -> ComparisonText.equivalentWithin(v.equivalence())
                    + " (" + Ranges.ratioCi(90, v.equivalence().ratioInterval()) + ")";
            case SLOWER -> Numbers.factor(r.ratioOfMedians()) + "× slower (" + Ranges.ratioCi(95, r.ratioInterval()) + ")";
            case FASTER -> Numbers.factor(1 / r.ratioOfMedians()) + "× faster (time ratio " + Numbers.factor(r.ratioOfMedians())
                    + ", " + Ranges.ratioCi(95, r.ratioInterval()) + ")";
            case NO_DIFFERENCE -> noDifference(r);
            case NOT_MEASURED -> "not measured";
        };
    }
}
