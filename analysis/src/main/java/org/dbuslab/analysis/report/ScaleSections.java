package org.dbuslab.analysis.report;

import org.dbuslab.analysis.charts.ScaleChart;
import org.dbuslab.analysis.doc.Figure;
import org.dbuslab.analysis.doc.Section;
import org.dbuslab.analysis.doc.Table;
import org.dbuslab.analysis.model.Numbers;
import org.dbuslab.analysis.model.RunBlocks;
import org.dbuslab.analysis.model.ScaleCell;
import org.dbuslab.analysis.model.ScaleResults;
import org.dbuslab.format.ScaleRunsCsv;
import org.dbuslab.format.Transport;
import org.dbuslab.stats.Interval;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The scale session's sections (issue 15): "Many clients", "Signals and match rules", "At a distance" (with the delay
 * line's own floor) and "Second network namespace", each a table of its points, verdicts with bootstrap 95% intervals,
 * and a chart where one says something. None when the folder has no scale-runs.csv.
 */
public final class ScaleSections {

    private ScaleSections() {
    }

    public static List<Section> of(ScaleResults scale) {
        return of(scale, Verdicts.of(scale));
    }

    /** The sections with verdicts already made (a scale folder's Findings show some of the same). */
    public static List<Section> of(ScaleResults scale, Verdicts verdicts) {
        List<Section> sections = new ArrayList<>();
        if (!scale.series("clients").isEmpty()) {
            sections.add(clients(scale, verdicts.clients()));
        }
        if (!scale.series("signals").isEmpty()) {
            sections.add(signals(scale, verdicts.signals()));
        }
        if (!scale.series("distance").isEmpty()) {
            sections.add(distance(scale, verdicts.distance()));
        }
        if (!scale.route(ScaleRunsCsv.ROUTE_NETNS).isEmpty() || !scale.namespaceSkips().isEmpty()) {
            sections.add(namespace(scale, verdicts.namespace()));
        }
        if (!scale.warnings().isEmpty() && !sections.isEmpty()) {
            sections.add(Section.builder("scale-warnings", "Scale input warnings").bullets(scale.warnings()).build());
        }
        return sections;
    }

    /** One verdict line; a lead one is also among a scale folder's Findings. */
    public record Verdict(String text, boolean lead) {
    }

    /**
     * Every section's verdicts, made once per report (each is a bootstrap): the lead ones are those of each section's
     * largest point (at the most clients, the most subscribers and rules, the longest delay) and the deliveries.
     */
    public record Verdicts(List<Verdict> clients, List<Verdict> signals, List<Verdict> distance, List<Verdict> namespace) {
        public static Verdicts of(ScaleResults scale) {
            return new Verdicts(clientsVerdicts(scale), signalsVerdicts(scale), distanceVerdicts(scale),
                namespaceVerdicts(scale));
        }
    }

    /** A scale session's Findings: the lead verdicts, each linked to its section; the rest stays in the sections. */
    public static List<org.dbuslab.analysis.doc.Block.Item> findings(Verdicts verdicts) {
        List<org.dbuslab.analysis.doc.Block.Item> out = new ArrayList<>();
        leads(verdicts.clients(), "scale-clients", out);
        leads(verdicts.signals(), "scale-signals", out);
        leads(verdicts.distance(), "scale-distance", out);
        leads(verdicts.namespace(), "scale-netns", out);
        return out;
    }

    private static void leads(List<Verdict> verdicts, String section, List<org.dbuslab.analysis.doc.Block.Item> out) {
        verdicts.stream().filter(Verdict::lead).map(Verdict::text).forEach(text -> out.add(new org.dbuslab.analysis.doc.Block.Item(
            text, section, text.startsWith("⚠") ? org.dbuslab.analysis.doc.Block.Tone.WARNING
                : org.dbuslab.analysis.doc.Block.Tone.NORMAL)));
    }

    private static List<String> texts(List<Verdict> verdicts) {
        return verdicts.stream().map(Verdict::text).toList();
    }

    // ---- Many clients

    public static Section clients(ScaleResults scale, List<Verdict> verdicts) {
        List<ScaleCell> cells = scale.series("clients");
        Table table = table(List.of("transport", "mode", "window", "N", "calls/s", "95% CI", "µs/call", "p50 µs",
                "p99 µs", "Jain", "CPU bus µs/call", "CPU server µs/call", "CPU clients µs/call", "runs", "lost/mism./err."),
            cells.stream().map(c -> List.of(c.key().transport(), c.key().mode(), Integer.toString(c.key().window()),
                Integer.toString(c.key().clients()), Numbers.perSecond(c.rateMedian()), ci(c), us(c.usPerOperation()),
                us(c.p50Us()), us(c.p99Us()), Numbers.fixed(c.jain(), 3), us(c.cpuBusUs()), us(c.cpuServerUs()),
                us(c.cpuClientUs()), Integer.toString(c.runs()), faults(c))).toList());
        List<Figure> charts = new ArrayList<>();
        for (String mode : scale.values("clients", ScaleCell.Key::mode)) {
            Map<String, Map<String, Double>> lines = new LinkedHashMap<>();
            cells.stream().filter(c -> c.key().mode().equals(mode) && c.clean()).forEach(c -> lines
                .computeIfAbsent(c.key().transport(), k -> new LinkedHashMap<>())
                .put(Integer.toString(c.key().clients()), c.rateMedian()));
            charts.add(ScaleChart.of("scale-clients-" + mode, "Many clients: calls/s by N, " + mode,
                "x axis: concurrent clients N; y axis: calls per second of all clients together (median of runs); one line per transport.",
                "concurrent clients N", "calls per second (all clients)", lines));
        }
        return Section.builder("scale-clients", "Many clients")
            .note("N concurrent echo clients (threads of one JVM, each its own connection; on p2p-unix the server serves "
                + "each on its own connection), every reply verified byte for byte. calls/s: all clients' calls over "
                + "the run's wall time, median of runs with its bootstrap 95% CI; Jain's index of the clients' own "
                + "calls/s (1 = equal shares); CPU per call from /proc schedstat of the bus, server and client processes. "
                + "A ratio's CI here and below is paired by block (the same blocks drawn for both points, so drift "
                + "between blocks cancels) when at least " + RunBlocks.MIN_BLOCKS + " blocks hold runs of both.")
            .bulletsOrNone(texts(verdicts)).table(table, "details").charts(charts).build();
    }

    // ---- Signals and match rules

    public static Section signals(ScaleResults scale, List<Verdict> verdicts) {
        List<ScaleCell> cells = scale.series("signals");
        List<ScaleCell> fanOut = cells.stream().filter(c -> c.key().matchRules() == 0).toList();
        int maxM = cells.stream().mapToInt(c -> c.key().matchRules()).max().orElse(0);
        Table table = table(List.of("bus", "subscribers", "match rules", "delivered/s", "95% CI", "µs/signal", "p50 µs",
                "p99 µs", "CPU bus µs/signal", "CPU emitter+subscribers µs/signal", "runs", "lost/dup./order/mism./stray"),
            cells.stream().map(c -> List.of(c.key().transport(), Integer.toString(c.key().subscribers()),
                Integer.toString(c.key().matchRules()), Numbers.perSecond(c.rateMedian()), ci(c), us(c.usPerOperation()),
                us(c.p50Us()), us(c.p99Us()), us(c.cpuBusUs()), us(c.cpuClientUs()), Integer.toString(c.runs()),
                c.lost() + "/" + c.duplicated() + "/" + c.outOfOrder() + "/" + c.mismatched() + "/" + c.errors())).toList());
        List<Figure> charts = new ArrayList<>();
        charts.add(ScaleChart.of("scale-signals-fanout", "Signals: delivered/s by subscribers",
            "x axis: subscribers S, each with a matching rule; y axis: signals delivered per second, summed over subscribers (median of runs); one line per bus.",
            "subscribers S", "signals delivered per second", lines(fanOut, c -> Integer.toString(c.key().subscribers()))));
        List<ScaleCell> rules = cells.stream().filter(c -> c.key().matchRules() > 0
            || cells.stream().anyMatch(o -> o.key().matchRules() > 0 && o.key().subscribers() == c.key().subscribers()
            && o.key().transport().equals(c.key().transport()))).toList();
        if (!rules.isEmpty() && maxM > 0) {
            charts.add(ScaleChart.of("scale-signals-rules", "Signals: delivered/s by non-matching match rules",
                "x axis: non-matching match rules M held by idle connections; y axis: signals delivered per second (median of runs); one line per bus.",
                "non-matching match rules M", "signals delivered per second", lines(rules, c -> Integer.toString(c.key().matchRules()))));
        }
        return Section.builder("scale-signals", "Signals and match rules")
            .note("One emitter sends org.dbuslab.Signals1.Tick to S subscribers, each its own connection with a matching "
                + "rule; M non-matching rules (same interface and member, another path) are held by idle connections, "
                + "so the bus must look at each. The emitter stays at most a window ahead of the slowest subscriber. "
                + "Every subscriber checks every signal: none lost, none duplicated, order kept, pad byte for byte. "
                + "delivered/s: distinct deliveries over first emit to last delivery, median of runs with its bootstrap 95% CI; "
                + "p50/p99: emit → receive, including up to a window of queueing.")
            .bulletsOrNone(texts(verdicts)).table(table, "details").charts(charts).build();
    }

    private static Map<String, Map<String, Double>> lines(List<ScaleCell> cells, Function<ScaleCell, String> x) {
        Map<String, Map<String, Double>> lines = new LinkedHashMap<>();
        cells.stream().filter(ScaleCell::clean).forEach(c -> lines.computeIfAbsent(c.key().transport(), k -> new LinkedHashMap<>())
            .put(x.apply(c), c.rateMedian()));
        return lines;
    }

    // ---- At a distance

    /** The round trip a point's window is bound by: 2·D + the target's own sync µs/call without the relay. */
    public static double rttUs(ScaleResults scale, ScaleCell c) {
        double floor = scale.find("distance", c.key().transport(), "sync", 1, 1, 0, 0, 0).filter(ScaleCell::clean)
            .map(ScaleCell::usPerOperation).orElse(Double.NaN);
        return 2000 * c.key().delayMs() + floor;
    }

    /** window ÷ RTT, calls per second. */
    public static double boundPerSecond(ScaleResults scale, ScaleCell c) {
        return c.key().window() * 1e6 / rttUs(scale, c);
    }

    /**
     * The round trip calibrated to the point's own route: 2·D + the sync µs/call of the same target and route at D = 0
     * (through the relay: the relay with no delay, so the line's own hops are in the floor, not counted against D);
     * where the relay at D = 0 was not measured (older folders), {@link #rttUs}.
     */
    public static double calibratedRttUs(ScaleResults scale, ScaleCell c) {
        return scale.distance(c.key().transport(), c.key().route(), 0, "sync", 1).filter(ScaleCell::clean)
            .map(f -> 2000 * c.key().delayMs() + f.usPerOperation()).orElseGet(() -> rttUs(scale, c));
    }

    /** window ÷ the calibrated RTT, calls per second. */
    public static double calibratedBoundPerSecond(ScaleResults scale, ScaleCell c) {
        return c.key().window() * 1e6 / calibratedRttUs(scale, c);
    }

    /** The distance target that is systemd-stdio-bridge in front of dbus-daemon, reached through the relay. */
    static final String REMOTE_BUSCTL = Transport.DBUS_DAEMON_BRIDGE.label();

    public static Section distance(ScaleResults scale, List<Verdict> verdicts) {
        List<ScaleCell> cells = scale.series("distance").stream()
            .filter(c -> !c.key().route().equals(ScaleRunsCsv.ROUTE_NETNS)).toList();
        Section.Builder section = Section.builder("scale-distance", "At a distance")
            .note("A loopback TCP delay relay holds every chunk for D (one way) before forwarding it, in order, losing "
                + "nothing; in front of dbus-daemon-tcp, p2p-tcp, " + REMOTE_BUSCTL + " (systemd-stdio-bridge, one per "
                + "connection, on a unix socket in front of dbus-daemon's, the relay forwarding to it: the path of busctl "
                + "--host, which runs the bridge on the far host; route direct is the bridge's socket itself; the "
                + "bridge's CPU is not read here, Real-world paths prices it) "
                + "and the raw TCP echo server. Route direct: no relay (D = 0, "
                + "loopback); relay at D = 0: the relay with no delay, the delay line's own floor (its two extra TCP hops "
                + "and its threads). One client, sync or pipelined with a window of calls in flight, every reply verified. "
                + "net µs/call: µs/call minus the delay line's own cost (the relay at D = 0 minus direct, same target, "
                + "mode and window; n/a where that was not measured). The bound is window ÷ RTT with RTT = 2·D + the "
                + "sync µs/call of the same target and route at D = 0 (through the relay: the relay at D = 0; without "
                + "it, the target's own sync µs/call without the relay); \"of bound\" is calls/s ÷ bound. "
                + "p50/p99: per-call round trip, send to verified reply (a pipelined call's includes its wait behind the "
                + "window; µs/call is the reciprocal of calls/s), median of the runs' own percentiles.");
        section.subsection(relayFloorSection(scale));
        Table table = table(List.of("target", "route", "D", "mode", "window", "calls/s", "95% CI", "µs/call",
                "p50 µs", "p99 µs", "bound calls/s", "of bound", "net µs/call", "CPU bus µs/call", "CPU server µs/call",
                "CPU relay µs/call", "runs", "lost/mism./err."),
            cells.stream().map(c -> List.of(c.key().transport(), c.key().route(), ms(c.key().delayMs()), c.key().mode(),
                Integer.toString(c.key().window()), Numbers.perSecond(c.rateMedian()), ci(c), us(c.usPerOperation()),
                us(c.p50Us()), us(c.p99Us()), Numbers.perSecond(calibratedBoundPerSecond(scale, c)),
                pct(c.rateMedian() / calibratedBoundPerSecond(scale, c)), us(scale.netUsPerCall(c)), us(c.cpuBusUs()),
                us(c.cpuServerUs()),
                us(c.cpuRelayUs()), Integer.toString(c.runs()), faults(c))).toList());
        List<Figure> charts = new ArrayList<>();
        for (String t : scale.values("distance", ScaleCell.Key::transport)) {
            Map<String, Map<String, Double>> lines = new LinkedHashMap<>();
            cells.stream().filter(c -> c.key().transport().equals(t) && c.key().delayMs() > 0 && c.clean()).forEach(c -> {
                String name = "D = " + ms(c.key().delayMs());
                lines.computeIfAbsent(name, k -> new LinkedHashMap<>())
                    .put(c.key().mode().equals("sync") ? "sync" : Integer.toString(c.key().window()), c.rateMedian());
                lines.computeIfAbsent(name + " bound", k -> new LinkedHashMap<>())
                    .put(c.key().mode().equals("sync") ? "sync" : Integer.toString(c.key().window()),
                        Math.min(calibratedBoundPerSecond(scale, c), 4 * c.rateMedian()));
            });
            if (lines.values().stream().anyMatch(m -> m.size() > 1)) {
                charts.add(ScaleChart.of("scale-distance-" + t, "At a distance: calls/s by window, " + t,
                    "x axis: sync, then the window of calls in flight; y axis: calls per second (median of runs); a line per "
                        + "delay D and its bound window ÷ RTT (drawn up to 4× the measured rate).",
                    "window (sync = 1, its own client)", "calls per second", lines));
            }
        }
        return section.bulletsOrNone(texts(verdicts)).table(table, "details").charts(charts).build();
    }

    /**
     * The delay line's own cost (the relay at D = 0 minus direct, per target and mode) and the relay's check, net of
     * it: what the delay adds over the relay's own floor within 10% of 2·D (older folders: against loopback).
     */
    private static Section relayFloorSection(ScaleResults scale) {
        List<String> checks = new ArrayList<>();
        for (ScaleResults.RelayCheck check : scale.relayChecks()) {
            boolean judged = check.delayMs() >= ScaleResults.RELAY_CHECK_FROM_MS;
            String verdict = judged ? (check.passed() ? "PASS" : "FAIL") : "info";
            if (check.calibrated()) {
                checks.add(verdict + " — raw-tcp through the relay at D = " + ms(check.delayMs()) + ": " + us(check.measuredUs())
                    + " µs/call, net of the relay's own floor (the relay at D = 0: " + us(check.relayFloorUs()) + " µs) "
                    + us(check.addedUs()) + " µs against 2·D = " + us(check.twoDUs()) + " µs: "
                    + (judged ? "within " + Numbers.percent(ScaleResults.RELAY_TOLERANCE) + (check.passed() ? "" : " NOT met")
                        + " (" + signedPct(check.deviation()) + ")" : signedPct(check.deviation()) + " (not judged below "
                        + ms(ScaleResults.RELAY_CHECK_FROM_MS) + ")")
                    + "; against loopback (2·D + floor = " + us(check.expectedUs()) + " µs) "
                    + signedPct(check.measuredUs() / check.expectedUs() - 1));
                continue;
            }
            String line = "raw-tcp through the relay at D = " + ms(check.delayMs()) + ": " + us(check.measuredUs())
                + " µs/call against 2·D + floor = " + us(check.expectedUs()) + " µs (floor " + us(check.floorUs()) + " µs): ";
            if (judged) {
                checks.add(verdict + " — " + line + "within "
                    + Numbers.percent(ScaleResults.RELAY_TOLERANCE) + (check.passed() ? "" : " NOT met") + " ("
                    + signedPct(check.deviation()) + ")");
            } else {
                checks.add("info — " + line + signedPct(check.deviation())
                    + " (not judged below " + ms(ScaleResults.RELAY_CHECK_FROM_MS) + ")");
            }
        }
        if (checks.isEmpty()) {
            checks.add("the relay's own check could not be made: no clean raw-tcp rows with and without the relay");
        } else if (scale.relayFloor("raw-tcp", "sync", 1).isEmpty()) {
            checks.add("judged against loopback: this folder has no relay at D = 0 (the relay's own floor), so the relay's "
                + "own hops count against D");
        }
        Section.Builder floor = Section.builder("scale-relay-check", "The relay's own floor and check");
        List<ScaleResults.RelayFloor> floors = scale.relayFloors();
        if (!floors.isEmpty()) {
            floor.table(table(List.of("target", "mode", "window", "direct µs/call", "relay D = 0 µs/call",
                    "relay cost µs/call", "95% CI", "paired blocks", "CPU relay µs/call"),
                floors.stream().map(f -> List.of(f.transport(), f.mode(), Integer.toString(f.window()), us(f.directUs()),
                    us(f.relayUs()), Numbers.signedMicroseconds(f.cost().us()), ci(f.cost()),
                    Integer.toString(f.cost().pairedBlocks()), us(f.cost().candidate().cpuRelayUs()))).toList()), "details");
        }
        return floor.bullets(checks).build();
    }

    // ---- Second network namespace

    public static Section namespace(ScaleResults scale, List<Verdict> verdicts) {
        List<ScaleResults.NamespaceComparison> rows = scale.namespaceComparisons();
        Section.Builder section = Section.builder("scale-netns", "Second network namespace")
            .note("The client in one network namespace, the bus (dbus-daemon-tcp, with its Java server) or the p2p-tcp Java "
                + "server in another, the two joined by a veth pair: the same kernel and the same CPUs as loopback, but a "
                + "real IP path (a veth device, routing and neighbour lookup, a namespace crossing per packet). Not another "
                + "machine: no NIC, no wire, no interrupts of its own. Against the same client and server on loopback "
                + "(direct, D = 0) in the same blocks; the ratio is the namespace's µs/call over loopback's, with its "
                + "bootstrap 95% CI, paired by block when at least " + RunBlocks.MIN_BLOCKS + " blocks hold runs of both.");
        List<List<String>> table = new ArrayList<>();
        for (ScaleResults.NamespaceComparison r : rows) {
            ScaleCell n = r.netns();
            table.add(List.of(r.transport(), r.mode(), Integer.toString(r.window()),
                r.loopback().map(c -> us(c.usPerOperation())).orElse(Numbers.NOT_AVAILABLE),
                r.loopback().map(ScaleSections::usCi).orElse(Numbers.NOT_AVAILABLE), us(n.usPerOperation()), usCi(n),
                r.ratio().map(x -> Numbers.factor(x.ratio()) + "×").orElse(Numbers.NOT_AVAILABLE),
                r.ratio().filter(x -> x.ci95().isDefined()).map(x -> Numbers.factor(x.ci95().low()) + "–"
                    + Numbers.factor(x.ci95().high())).orElse(Numbers.NOT_AVAILABLE),
                r.ratio().map(x -> Integer.toString(x.pairedBlocks())).orElse(Numbers.NOT_AVAILABLE),
                us(n.p50Us()), us(n.p99Us()), us(n.cpuBusUs()), us(n.cpuServerUs()), Integer.toString(n.runs()), faults(n)));
        }
        List<String> skipped = scale.namespaceSkips().entrySet().stream().map(e -> e.getKey() + ": not measured, "
            + e.getValue()).toList();
        List<String> lines = new ArrayList<>(texts(verdicts));
        lines.addAll(skipped);
        section.bulletsOrNone(lines);
        if (!table.isEmpty()) {
            section.table(table(List.of("transport", "mode", "window", "loopback µs/call", "loopback 95% CI",
                "namespace µs/call", "namespace 95% CI", "ratio", "ratio 95% CI", "paired blocks", "namespace p50 µs",
                "namespace p99 µs", "CPU bus µs/call", "CPU server µs/call", "runs", "lost/mism./err."), table), "details");
        }
        return section.build();
    }

    /** The namespace section's one finding: every transport and mode's ratio in one line. */
    private static List<Verdict> namespaceVerdicts(ScaleResults scale) {
        List<String> parts = new ArrayList<>();
        for (ScaleResults.NamespaceComparison r : scale.namespaceComparisons()) {
            String what = r.transport() + " " + (r.mode().equals("sync") ? "sync" : "window " + r.window());
            parts.add(r.ratio().map(x -> what + " " + x.text() + " (" + us(r.netns().usPerOperation()) + " against "
                + us(x.candidate().usPerOperation()) + " µs)").orElse(what + " n/a ("
                + (r.loopback().isEmpty() ? "no loopback point" : "a side not clean") + ")"));
        }
        if (parts.isEmpty()) {
            return List.of();
        }
        return List.of(new Verdict("second network namespace (a veth pair: the same kernel and CPUs, a real IP path), "
            + "µs/call against loopback: " + String.join("; ", parts), true));
    }

    /** The clients section's verdicts: N clients on each bus against dbus-daemon, and against one client. */
    private static List<Verdict> clientsVerdicts(ScaleResults scale) {
        List<ScaleCell> cells = scale.series("clients");
        int maxN = cells.stream().mapToInt(c -> c.key().clients()).max().orElse(1);
        List<Verdict> verdicts = new ArrayList<>();
        for (String mode : scale.values("clients", ScaleCell.Key::mode)) {
            ScaleCell any = cells.stream().filter(c -> c.key().mode().equals(mode)).findFirst().orElseThrow();
            int w = any.key().window();
            Function<String, Optional<ScaleCell>> at = t -> scale.find("clients", t, mode, w, maxN, 0, 0, 0);
            ScaleResults.Ratio.of(at.apply("dbus-broker"), at.apply("dbus-daemon")).ifPresent(r -> verdicts.add(new Verdict(
                "at " + maxN + " clients, " + mode + ": dbus-broker serves " + r.text() + " the calls/s of dbus-daemon ("
                    + Numbers.perSecond(r.candidate().rateMedian()) + " against " + Numbers.perSecond(r.baseline().rateMedian())
                    + ")", true)));
            ScaleResults.Ratio.of(at.apply("p2p-unix"), at.apply("dbus-daemon")).ifPresent(r -> verdicts.add(new Verdict(
                "at " + maxN + " clients, " + mode + ": p2p-unix (one server connection per client) serves " + r.text()
                    + " the calls/s of dbus-daemon", true)));
            for (String t : scale.values("clients", ScaleCell.Key::transport)) {
                ScaleResults.Ratio.of(at.apply(t), scale.find("clients", t, mode, w, 1, 0, 0, 0)).ifPresent(r -> verdicts.add(new Verdict(
                    t + ", " + mode + ": " + maxN + " clients make " + r.text() + " the calls/s of one; fairness (Jain) "
                        + Numbers.fixed(r.candidate().jain(), 3) + ", bus CPU " + us(r.candidate().cpuBusUs()) + " µs/call", false)));
            }
        }
        return verdicts;
    }

    /** The signals section's verdicts: fan-out and match rules, each bus against the other, and the deliveries. */
    private static List<Verdict> signalsVerdicts(ScaleResults scale) {
        List<ScaleCell> cells = scale.series("signals");
        List<Verdict> verdicts = new ArrayList<>();
        List<ScaleCell> fanOut = cells.stream().filter(c -> c.key().matchRules() == 0).toList();
        int maxS = fanOut.stream().mapToInt(c -> c.key().subscribers()).max().orElse(0);
        int maxM = cells.stream().mapToInt(c -> c.key().matchRules()).max().orElse(0);
        Function<String, Optional<ScaleCell>> atMaxS = bus -> fanOut.stream()
            .filter(c -> c.key().transport().equals(bus) && c.key().subscribers() == maxS).findFirst();
        ScaleResults.Ratio.of(atMaxS.apply("dbus-broker"), atMaxS.apply("dbus-daemon")).ifPresent(r -> verdicts.add(new Verdict(
            "to " + maxS + " subscribers, dbus-broker delivers " + r.text() + " the signals/s of dbus-daemon ("
                + Numbers.perSecond(r.candidate().rateMedian()) + " against " + Numbers.perSecond(r.baseline().rateMedian())
                + "); bus CPU per delivered signal " + us(r.candidate().cpuBusUs()) + " against " + us(r.baseline().cpuBusUs())
                + " µs", true)));
        if (maxM > 0) {
            for (String bus : scale.values("signals", ScaleCell.Key::transport)) {
                Optional<ScaleCell> many = cells.stream().filter(c -> c.key().transport().equals(bus) && c.key().matchRules() == maxM).findFirst();
                int s = many.map(c -> c.key().subscribers()).orElse(0);
                Optional<ScaleCell> none = cells.stream().filter(c -> c.key().transport().equals(bus) && c.key().matchRules() == 0
                    && c.key().subscribers() == s).findFirst();
                ScaleResults.Ratio.of(many, none).ifPresent(r -> verdicts.add(new Verdict(bus + ": with " + maxM
                    + " non-matching rules on idle connections it delivers " + r.text() + " the signals/s it delivers with none ("
                    + s + " subscriber" + (s == 1 ? "" : "s") + "); bus CPU " + us(r.candidate().cpuBusUs()) + " against "
                    + us(r.baseline().cpuBusUs()) + " µs per delivered signal", false)));
            }
            Function<String, Optional<ScaleCell>> atMaxM = bus -> cells.stream()
                .filter(c -> c.key().transport().equals(bus) && c.key().matchRules() == maxM).findFirst();
            ScaleResults.Ratio.of(atMaxM.apply("dbus-broker"), atMaxM.apply("dbus-daemon")).ifPresent(r -> verdicts.add(new Verdict(
                "with " + maxM + " non-matching rules, dbus-broker delivers " + r.text() + " the signals/s of dbus-daemon", true)));
        }
        long lost = cells.stream().mapToLong(c -> c.lost() + c.duplicated() + c.outOfOrder() + c.mismatched()).sum();
        verdicts.add(new Verdict(lost == 0 ? "every signal reached every subscriber exactly once, in order, intact ("
            + cells.stream().mapToLong(ScaleCell::count).sum() + " deliveries)"
            : "⚠ " + lost + " deliveries lost, duplicated, out of order or damaged (see the table)", true));
        return verdicts;
    }

    /**
     * The distance section's verdicts: the delay line's own floor and the check net of it (a lead), then per target
     * and D, sync against its bound and the best window against sync.
     */
    private static List<Verdict> distanceVerdicts(ScaleResults scale) {
        List<ScaleCell> cells = scale.route(ScaleRunsCsv.ROUTE_RELAY);
        double longest = cells.stream().mapToDouble(c -> c.key().delayMs()).max().orElse(0);
        List<Verdict> verdicts = new ArrayList<>();
        scale.relayFloor("raw-tcp", "sync", 1).ifPresent(f -> {
            String checks = scale.relayChecks().stream().filter(c -> c.delayMs() >= ScaleResults.RELAY_CHECK_FROM_MS)
                .map(c -> "at D = " + ms(c.delayMs()) + " " + us(c.addedUs()) + " µs over it against 2·D = "
                    + us(c.twoDUs()) + " (" + signedPct(c.deviation()) + ", " + (c.passed() ? "PASS" : "FAIL")
                    + "; against loopback " + signedPct(c.measuredUs() / c.expectedUs() - 1) + ")")
                .collect(java.util.stream.Collectors.joining(", "));
            verdicts.add(new Verdict("the delay line's own cost: raw-tcp sync through the relay at D = 0 takes "
                + us(f.relayUs()) + " µs/call against " + us(f.directUs()) + " direct, " + f.cost().text()
                + (checks.isEmpty() ? "" : "; net of that floor the relay's check: " + checks), true));
        });
        for (String t : scale.values("distance", ScaleCell.Key::transport)) {
            for (double d : scale.relayDelays()) {
                if (d == 0) {
                    continue;
                }
                Optional<ScaleCell> sync = scale.distance(t, ScaleRunsCsv.ROUTE_RELAY, d, "sync", 1);
                Optional<ScaleCell> best = cells.stream().filter(c -> c.key().transport().equals(t) && c.key().delayMs() == d
                    && c.key().mode().equals("async") && c.clean()).max(java.util.Comparator.comparingDouble(ScaleCell::rateMedian));
                // the lead: the D-Bus targets at the longest delay (raw-tcp is the relay's own check)
                boolean lead = d == longest && !t.startsWith("raw-");
                String name = t.equals(REMOTE_BUSCTL) ? "remote busctl's path (" + t + ")" : t;
                String overTcp = t.equals(REMOTE_BUSCTL) ? ScaleResults.Ratio.of(scale.distance("dbus-daemon-tcp",
                    ScaleRunsCsv.ROUTE_RELAY, d, "sync", 1), sync).map(r -> "; " + r.text()
                    + " the µs/call of dbus-daemon's own TCP address at the same D").orElse("") : "";
                sync.filter(ScaleCell::clean).ifPresent(s -> verdicts.add(new Verdict(name + " at D = " + ms(d) + ": sync " + us(s.usPerOperation())
                    + " µs/call" + net(scale, s) + " (" + Numbers.perSecond(s.rateMedian()) + " calls/s, "
                    + pct(s.rateMedian() / calibratedBoundPerSecond(scale, s))
                    + " of its bound)" + best.map(b -> "; pipelined, window " + b.key().window() + ": "
                    + Numbers.perSecond(b.rateMedian()) + " calls/s, " + pct(b.rateMedian() / calibratedBoundPerSecond(scale, b))
                    + " of window ÷ RTT, " + ScaleResults.Ratio.of(Optional.of(b), Optional.of(s)).map(ScaleResults.Ratio::text)
                    .orElse("n/a") + " the calls/s of sync").orElse("") + overTcp, lead)));
            }
        }
        return verdicts;
    }

    /** ", net of the relay's own cost N µs" where that cost was measured, else nothing. */
    private static String net(ScaleResults scale, ScaleCell c) {
        double net = scale.netUsPerCall(c);
        return Double.isFinite(net) ? ", " + us(net) + " net of the relay's own cost" : "";
    }

    // ---- formatting

    private static Table table(List<String> header, List<List<String>> rows) {
        List<Boolean> numeric = header.stream().map(h -> !List.of("transport", "mode", "bus", "target").contains(h)).toList();
        return new Table(header, numeric, rows);
    }

    private static String ci(ScaleCell c) {
        return c.rateCi95().isDefined() ? Numbers.perSecond(c.rateCi95().low()) + "–" + Numbers.perSecond(c.rateCi95().high())
            : Numbers.NOT_AVAILABLE;
    }

    private static String ci(ScaleResults.Difference d) {
        return d.ci95().isDefined() ? Numbers.microseconds(d.ci95().low()) + "–" + Numbers.microseconds(d.ci95().high())
            : Numbers.NOT_AVAILABLE;
    }

    private static String usCi(ScaleCell c) {
        Interval i = c.usPerOperationCi95();
        return i.isDefined() ? us(i.low()) + "–" + us(i.high()) : Numbers.NOT_AVAILABLE;
    }

    private static String faults(ScaleCell c) {
        return c.lost() + "/" + c.mismatched() + "/" + c.errors();
    }

    public static String us(double value) {
        return Double.isFinite(value) ? Numbers.microseconds(value) : Numbers.NOT_AVAILABLE;
    }

    public static String ms(double value) {
        return (value == Math.rint(value) ? Long.toString((long) value) : String.format(Locale.ROOT, "%s", value)) + " ms";
    }

    private static String pct(double share) {
        return Double.isFinite(share) ? String.format(Locale.ROOT, "%.0f%%", 100 * share) : Numbers.NOT_AVAILABLE;
    }

    private static String signedPct(double share) {
        return String.format(Locale.ROOT, "%+.1f%%", 100 * share);
    }
}
