package org.dbuslab.analysis.report;

import org.dbuslab.analysis.charts.PathPriceChart;
import org.dbuslab.analysis.charts.PolicyChart;
import org.dbuslab.analysis.doc.Block;
import org.dbuslab.analysis.doc.Figure;
import org.dbuslab.analysis.doc.Section;
import org.dbuslab.analysis.doc.Table;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.analysis.model.CpuPerCall;
import org.dbuslab.analysis.model.Numbers;
import org.dbuslab.analysis.model.Ranges;
import org.dbuslab.analysis.model.RunBlocks;
import org.dbuslab.analysis.model.paths.PathPrice;
import org.dbuslab.analysis.model.paths.PolicyPoint;
import org.dbuslab.analysis.model.paths.PolicySweep;
import org.dbuslab.analysis.model.paths.PolicyVerdict;
import org.dbuslab.analysis.model.paths.RealWorldPaths;
import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.analysis.read.Counts;
import org.dbuslab.analysis.read.SkippedTransport;
import org.dbuslab.format.Route;
import org.dbuslab.format.Transport;
import org.dbuslab.stats.SampleComparison;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * "Real-world paths" (issue 24): what xdg-dbus-proxy and systemd-stdio-bridge cost per call against the same client and
 * server on the bus directly (a table, one chart of ratios per route and mode), then the policy sweep (a table, a chart
 * per shape, one verdict per bus). Every figure is read off {@link Analysis#paths()}. Absent when the session has neither
 * series and skipped nothing of them; a folder without them renders as before.
 */
public final class RealWorldPathsSection {

    public static final String ID = "real-world-paths";
    public static final String TITLE = "Real-world paths";
    public static final String PRICES_ID = ID + "-prices";
    public static final String POLICY_ID = ID + "-policy";

    private RealWorldPathsSection() {
    }

    public static Optional<Section> of(Analysis analysis) {
        RealWorldPaths paths = analysis.paths();
        List<SkippedTransport> skipped = RealWorldPaths.skipped(analysis.folder().skipped());
        if (paths.isEmpty() && skipped.isEmpty()) {
            return Optional.empty();
        }
        Section.Builder section = Section.builder(ID, TITLE);
        section.note(intro(paths)).bullets(ClientLibrariesSection.skippedLines(skipped));
        section.subsection(prices(analysis, paths));
        section.subsection(policy(analysis, paths));
        return Optional.of(section.build());
    }

    public static String intro(RealWorldPaths paths) {
        List<String> placements = paths.placements();
        String where = placements.isEmpty() ? "" : " These series ran in " + String.join(" and ", placements)
                + (placements.size() > 1 ? " (cells are compared within a placement only)." : ".");
        return "What the programs real deployments put between a client and its bus cost per call. xdg-dbus-proxy runs in "
                + "--filter mode with --talk for the echo service's name, as Flatpak runs it in front of the session bus; "
                + "systemd-stdio-bridge is the byte pipe busctl --host and --machine use, one bridge process per connection; "
                + "a policy bus carries N extra policy rules that do not concern the echo service, as real system.d files "
                + "hold them, with its own server." + where + " Each path cell is measured in the same blocks as its "
                + "direct counterpart, the same client and server on the same bus without the program in between.";
    }

    // ---- the paths

    private static Section prices(Analysis analysis, RealWorldPaths paths) {
        Section.Builder s = Section.builder(PRICES_ID, "Through xdg-dbus-proxy and systemd-stdio-bridge");
        if (paths.prices().isEmpty()) {
            return s.text("This session measured no path cells (series " + CellKey.PATHS + ").").build();
        }
        s.note("Price × is path ÷ direct of the median µs per call, price µs the difference (what the path adds to one call), "
                + "each with its 95% CI, paired over the blocks that hold runs of both cells (block bootstrap; unpaired when "
                + "fewer than " + RunBlocks.MIN_BLOCKS + " such blocks exist). ±" + pct(RealWorldPaths.PRICE_TARGET_PCT)
                + " says whether the price's 95% CI half-width meets the issue's precision target of ±"
                + pct(RealWorldPaths.PRICE_TARGET_PCT) + ". CPU is each process's median CPU µs per call over the cell's "
                + "runs; path is xdg-dbus-proxy's or the run's systemd-stdio-bridge processes'.");
        if (paths.prices().stream().anyMatch(p -> p.key().spamProcess())) {
            s.note(WhereTimeGoes.spamNote());
        }
        s.table(pricesTable(paths.prices()), "details");
        List<String> problems = new ArrayList<>(problems(paths.prices()));
        problems.addAll(gaps(analysis, Route.PROXY, Route.BRIDGE));
        s.bullets(problems);
        return s.charts(priceCharts(paths.prices())).build();
    }

    public static Table pricesTable(List<PathPrice> prices) {
        List<String> header = List.of("path", "bus", "client>server", "mode", "payload", "direct µs/call (95% CI)",
                "path µs/call (95% CI)", "price × (95% CI)", "price µs/call (95% CI)",
                "path cell CPU µs/call: client / path / bus / server", "direct cell CPU µs/call: client / bus / server",
                "±" + pct(RealWorldPaths.PRICE_TARGET_PCT) + " met?");
        List<Boolean> numeric = List.of(false, false, false, false, true, true, true, true, true, true, true, false);
        List<List<String>> rows = new ArrayList<>();
        for (PathPrice p : prices) {
            CellKey key = p.key();
            rows.add(List.of(key.route().program(), p.destination(), key.pair() + (key.spamProcess() ? " ‡" : ""), mode(key),
                    key.payloadBytes() + " B", p.direct() == null ? "no direct cell" : usPerCall(p.direct()), usPerCall(p.path()),
                    p.result() == null ? Numbers.ABSENT : Numbers.factor(p.ratio()) + "× (" + Ranges.ratio(p.ratioInterval()) + ")",
                    p.result() == null ? Numbers.ABSENT : Numbers.signedMicroseconds(p.priceUs()) + " (" + Ranges.signed(p.priceInterval()) + ")",
                    cpu(p.path().cpu(), true), p.direct() == null ? Numbers.ABSENT : cpu(p.direct().cpu(), false), met(p)));
        }
        return new Table(header, numeric, rows);
    }

    private static String mode(CellKey key) {
        return key.mode() + (key.window() > 1 ? " (window " + key.window() + ")" : "");
    }

    private static String usPerCall(CellSummary cell) {
        return cell.runs() == 0 ? "no measured run"
                : Numbers.microseconds(cell.usPerCallMedian()) + " (" + Ranges.of(cell.usPerCallMedianCi95(), Numbers::microseconds) + ")";
    }

    private static String cpu(CpuPerCall cpu, boolean withPath) {
        if (!cpu.measured()) {
            return Numbers.NOT_AVAILABLE;
        }
        return Numbers.microseconds(cpu.client()) + (withPath ? " / " + Numbers.microseconds(cpu.path()) : "") + " / "
                + Numbers.microseconds(cpu.bus()) + " / " + Numbers.microseconds(cpu.server());
    }

    /** "yes (±1.2 %), paired over 12 blocks", "no (±7.9 %), unpaired (3 common blocks)", or why there is no price. */
    private static String met(PathPrice p) {
        return switch (p.status()) {
            case NO_PATH_RUNS -> "no measured run";
            case NO_DIRECT -> "no direct counterpart";
            case NO_DIRECT_RUNS -> "direct cell not measured";
            case COMPARED -> (Double.isFinite(p.halfWidthPct()) ? (p.withinTarget() ? "yes" : "no") + " (±"
                    + Numbers.fixed(p.halfWidthPct(), 1) + " %)" : "no (CI " + Numbers.NOT_AVAILABLE + ")") + ", "
                    + ClientLibrariesSection.pairing(p.result(), p.commonBlocks());
        };
    }

    /** One line per path cell without a price, and per path or counterpart with failed calls: never dropped silently. */
    public static List<String> problems(List<PathPrice> prices) {
        List<String> lines = new ArrayList<>();
        for (PathPrice p : prices) {
            String name = p.key().label();
            switch (p.status()) {
                case NO_PATH_RUNS -> lines.add(name + ": no measured run (warm-up only), so no price.");
                case NO_DIRECT -> lines.add(name + ": its direct counterpart (" + p.destination() + ", " + p.key().pair() + ", "
                        + p.key().mode() + " " + p.key().payloadBytes() + " B window " + p.key().window() + ", series "
                        + CellKey.PATHS + ") was not measured, so its price is unknown.");
                case NO_DIRECT_RUNS -> lines.add(name + ": its direct counterpart " + p.direct().key().label()
                        + " has no measured run, so its price is unknown.");
                case COMPARED -> {
                }
            }
            failures(p.path(), "path cell").ifPresent(f -> lines.add(name + ": " + f));
            if (p.direct() != null) {
                failures(p.direct(), "direct counterpart").ifPresent(f -> lines.add(name + ": " + f));
            }
        }
        return lines;
    }

    private static Optional<String> failures(CellSummary cell, String which) {
        Counts c = cell.counts().plus(cell.warmupCounts());
        return c.isClean() ? Optional.empty() : Optional.of("the " + which + " lost " + c.lost() + ", mismatched " + c.mismatched()
                + " and errored on " + c.errors() + " call(s), warm-ups included (see Correctness); its runs are in the figures as measured.");
    }

    /** plan.tsv's cells of path (or policy, for DIRECT) transports that have no or too few runs: see Skipped too. */
    private static List<String> gaps(Analysis analysis, Route... routes) {
        List<Route> these = List.of(routes);
        return analysis.gaps().stream().filter(g -> RealWorldPaths.pathTransport(g.transport())
                        && these.contains(Transport.ofLabel(g.transport()).map(Transport::route).orElse(Route.DIRECT)))
                // a cell with warm-ups only is in the tables already, which say so
                .filter(g -> g.cell() == null || analysis.pathCells().stream().noneMatch(c -> c.key().equals(g.cell())))
                .map(g -> g.transport() + (g.cell() == null ? "" : " " + g.cell().shape()) + ": " + g.problem() + ".").toList();
    }

    private static List<Figure> priceCharts(List<PathPrice> prices) {
        Map<String, List<PathPrice>> byChart = new LinkedHashMap<>();
        for (Route route : List.of(Route.PROXY, Route.BRIDGE)) {
            prices.stream().filter(p -> p.route() == route && p.result() != null && Double.isFinite(p.ratio()))
                    .forEach(p -> byChart.computeIfAbsent(route.program() + ", " + p.key().mode(), k -> new ArrayList<>()).add(p));
        }
        boolean placements = prices.stream().map(p -> p.key().placement()).distinct().count() > 1;
        List<Figure> figures = new ArrayList<>();
        byChart.forEach((name, these) -> {
            String title = "Price of " + name;
            figures.add(PathPriceChart.of("paths-" + id(name), title, these, p -> p.destination() + " " + p.key().pair() + " "
                    + p.key().payloadBytes() + " B" + (p.key().window() > 1 ? " w" + p.key().window() : "")
                    + (placements ? " " + p.key().placement() : "")));
        });
        return figures;
    }

    // ---- the policy sweep

    private static Section policy(Analysis analysis, RealWorldPaths paths) {
        Section.Builder s = Section.builder(POLICY_ID, "Policy rules");
        if (paths.policy().isEmpty()) {
            return s.text("This session measured no policy sweep (series " + CellKey.POLICY + ").").build();
        }
        s.note("µs per call of the policy pair (its client>server column) on a bus with 0, 100, 1000 and 10000 extra policy rules (0: the plain bus of series "
                + CellKey.POLICY + "), each bus with its own server; × none is the ratio to the 0-rule cell with its 95% CI, "
                + "paired by block like the paths; bus CPU is the bus process's median CPU µs per call. The verdict compares "
                + RealWorldPaths.VERDICT_RULES + " rules with none: equivalent when the ratio's 90% CI lies within ±"
                + Numbers.fixed(analysis.equivalenceMarginPct(), 1) + " % (TOST, the margin of the headline's verdicts).");
        s.table(policyTable(paths.policy()), "details");
        paths.policy().forEach(sweep -> s.paragraph(verdict(sweep), Block.Tone.STRONG));
        List<String> problems = new ArrayList<>();
        for (PolicySweep sweep : paths.policy()) {
            List<Integer> expected = new ArrayList<>(List.of(0));
            expected.addAll(Transport.POLICY_RULES);
            expected.stream().filter(n -> sweep.point(n).isEmpty()).forEach(n -> problems.add(sweep.bus() + ", " + sweep.shape()
                    + ", " + sweep.pair() + ": no cell with " + n + " extra rules was measured" + (n == 0
                    ? " (the plain bus of series " + CellKey.POLICY + "), so no ratio to none." : ".")));
            for (PolicyPoint point : sweep.points()) {
                if (point.cell().runs() == 0) {
                    problems.add(point.cell().key().label() + ": no measured run (warm-up only).");
                }
                failures(point.cell(), "cell").ifPresent(f -> problems.add(point.cell().key().label() + ": " + f));
            }
        }
        problems.addAll(gaps(analysis, Route.DIRECT));
        s.bullets(problems);
        return s.charts(policyCharts(paths.policy())).build();
    }

    public static Table policyTable(List<PolicySweep> sweeps) {
        List<String> header = List.of("bus", "mode", "payload", "client>server", "extra rules", "µs/call (95% CI)",
                "× none (95% CI)", "bus CPU µs/call", "lost / mismatched / errors");
        List<Boolean> numeric = List.of(false, false, true, false, true, true, true, true, true);
        List<List<String>> rows = new ArrayList<>();
        for (PolicySweep sweep : sweeps) {
            for (PolicyPoint point : sweep.points()) {
                CellSummary cell = point.cell();
                String vsNone = point.rules() == 0 ? "1 (baseline)" : point.vsNone() == null ? "no plain-bus cell to compare with"
                        : ClientLibrariesSection.ratioCell(point.vsNone(), point.commonBlocks());
                rows.add(List.of(sweep.bus(), mode(cell.key()), sweep.payloadBytes() + " B", sweep.pair(),
                        String.valueOf(point.rules()), usPerCall(cell), cell.runs() == 0 ? Numbers.ABSENT : vsNone,
                        cell.cpu().measured() ? Numbers.microseconds(cell.cpu().bus()) : Numbers.NOT_AVAILABLE,
                        ClientLibrariesSection.counts(cell)));
            }
        }
        return new Table(header, numeric, rows);
    }

    /**
     * "dbus-daemon, sync 1000 B: 10000 extra rules are equivalent within ±5% to none (1.01×, 90% CI 0.99–1.03)", or
     * "… make a call 1.35× slower (95% CI 1.30–1.40, +12.3 µs/call, paired over 12 blocks)", or no significant difference.
     */
    public static String verdict(PolicySweep sweep) {
        return sweep.bus() + ", " + sweep.shape() + (sweep.pair().equals(CellKey.SUBJECT_PAIR) ? "" : ", " + sweep.pair())
                + ": " + verdictText(sweep.verdict()) + ".";
    }

    /** The verdict after the bus's name: also the finding's words. */
    public static String verdictText(PolicyVerdict v) {
        String rules = RealWorldPaths.VERDICT_RULES + " extra rules";
        SampleComparison r = v.result();
        return switch (v.kind()) {
            case NOT_MEASURED -> "no verdict, the " + RealWorldPaths.VERDICT_RULES + "-rule cell or the plain bus was not measured";
            case EQUIVALENT -> rules + " are " + ComparisonText.equivalentWithin(v.equivalence()) + " to none ("
                    + Numbers.factor(r.ratioOfMedians()) + "×, " + Ranges.ratioCi(90, v.equivalence().ratioInterval()) + ")";
            case SLOWER -> rules + " make a call " + Numbers.factor(r.ratioOfMedians()) + "× slower ("
                    + Ranges.ratioCi(95, r.ratioInterval()) + ", " + Numbers.signedMicroseconds(r.difference()) + " µs/call"
                    + pairedOver(r) + ")";
            case FASTER -> rules + " make a call " + Numbers.factor(1 / r.ratioOfMedians()) + "× faster (time ratio "
                    + Numbers.factor(r.ratioOfMedians()) + ", " + Ranges.ratioCi(95, r.ratioInterval()) + pairedOver(r) + ")";
            case NO_DIFFERENCE -> ComparisonText.notSignificantWord(r) + " between " + rules + " and none ("
                    + Numbers.factor(r.ratioOfMedians()) + "×, " + Ranges.ratioCi(95, r.ratioInterval()) + pairedOver(r)
                    + ComparisonText.andTestThatDidNotReachAlpha(r) + ")";
        };
    }

    private static String pairedOver(SampleComparison r) {
        return r.paired() ? ", paired over " + r.pairedBlocks() + " blocks" : ", unpaired";
    }

    private static List<Figure> policyCharts(List<PolicySweep> sweeps) {
        Map<String, List<PolicySweep>> byShape = new LinkedHashMap<>();
        sweeps.forEach(s -> byShape.computeIfAbsent(s.shape(), k -> new ArrayList<>()).add(s));
        List<Figure> figures = new ArrayList<>();
        byShape.forEach((shape, these) -> figures.add(PolicyChart.of("policy-" + id(shape), "Policy rules, " + shape, these)));
        return figures;
    }

    private static String pct(double value) {
        return Numbers.fixed(value, value == Math.rint(value) ? 0 : 1) + " %";
    }

    private static String id(String text) {
        return text.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
    }
}
