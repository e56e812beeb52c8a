package org.dbuslab.analysis.model.paths;

import org.dbuslab.analysis.model.CellOrder;
import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.analysis.model.RunBlocks;
import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.analysis.read.SkippedTransport;
import org.dbuslab.format.Route;
import org.dbuslab.format.Transport;
import org.dbuslab.stats.Bootstrap;
import org.dbuslab.stats.SampleComparison;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * "Real-world paths" (issue 24): the price of each path cell of series paths against its direct counterpart
 * ({@link PathPrice}), and the policy sweeps of series policy ({@link PolicySweep}). Every comparison is
 * {@link RunBlocks#compare}: paired over the blocks that hold runs of both cells (the runner makes a path cell and its
 * direct counterpart in the same blocks), unpaired when fewer than {@value RunBlocks#MIN_BLOCKS} such blocks exist.
 * Pure computation on the cells, done once per report by {@link org.dbuslab.analysis.model.Analysis#of}. Nothing is
 * dropped: a path cell without runs or without a counterpart is a price with its {@link PathPrice.Status}, a policy
 * cell without a plain bus is a point without a ratio.
 *
 * @param prices one per path cell: by route (proxy, bridge), bus, pair, mode, payload, window, placement
 * @param policy one per bus, mode, payload, window, pair and placement of series policy
 */
public record RealWorldPaths(List<PathPrice> prices, List<PolicySweep> policy) {

    /** The precision target for each price: the ratio's 95% CI within ±5%. */
    public static final double PRICE_TARGET_PCT = 5.0;
    /** The rule count whose ratio to none is the policy verdict. */
    public static final int VERDICT_RULES = 10000;
    public static final RealWorldPaths NONE = new RealWorldPaths(List.of(), List.of());

    private static final Pattern RULES = Pattern.compile("^(.+)-rules(\\d+)$");
    private static final List<Route> ROUTES = List.of(Route.PROXY, Route.BRIDGE);
    /** The pairs of series paths in the order the report lists them: the lab's Java client, sd-bus, libdbus; others after. */
    private static final List<String> PAIRS = List.of(CellKey.SUBJECT_PAIR, "sd-bus>dbus-java", CellKey.JAVA_SERVER_PAIR);
    private static final Comparator<String> PAIR = Comparator.<String>comparingInt(p -> PAIRS.contains(p) ? PAIRS.indexOf(p)
            : PAIRS.size()).thenComparing(Comparator.naturalOrder());

    public RealWorldPaths {
        prices = List.copyOf(prices);
        policy = List.copyOf(policy);
    }

    /**
     * @param allCells   every cell of the session; those of series paths and policy are used
     * @param marginPct  the ±% of the report's equivalence verdicts (TOST), for the policy verdict
     */
    public static RealWorldPaths of(List<CellSummary> allCells, Bootstrap bootstrap, double alpha, double marginPct) {
        List<CellSummary> paths = allCells.stream().filter(c -> c.key().series().equals(CellKey.PATHS)).toList();
        List<CellSummary> policy = allCells.stream().filter(c -> c.key().series().equals(CellKey.POLICY)).toList();
        if (paths.isEmpty() && policy.isEmpty()) {
            return NONE;
        }
        return new RealWorldPaths(prices(paths, bootstrap, alpha), sweeps(policy, bootstrap, alpha, marginPct));
    }

    public boolean isEmpty() {
        return prices.isEmpty() && policy.isEmpty();
    }

    public List<PathPrice> prices(Route route) {
        return prices.stream().filter(p -> p.route() == route).toList();
    }

    /** The comparisons by group, for Precision's "which are paired". */
    public Map<String, List<SampleComparison>> comparisonGroups() {
        Map<String, List<SampleComparison>> groups = new LinkedHashMap<>();
        groups.put("real-world paths × direct", prices.stream().map(PathPrice::result).filter(Objects::nonNull).toList());
        groups.put("policy rules × none", policy.stream().flatMap(s -> s.points().stream()).map(PolicyPoint::vsNone)
                .filter(Objects::nonNull).toList());
        return groups;
    }

    /** The placements of the cells of both series, in {@link CellOrder#PLACEMENT} order. */
    public List<String> placements() {
        List<CellSummary> cells = new ArrayList<>();
        prices.forEach(p -> {
            cells.add(p.path());
            if (p.direct() != null) {
                cells.add(p.direct());
            }
        });
        policy.forEach(s -> s.points().forEach(p -> cells.add(p.cell())));
        return cells.stream().map(c -> c.key().placement()).distinct().sorted(CellOrder.PLACEMENT).toList();
    }

    /**
     * skipped.tsv lines about real-world paths: the first field names a path or policy transport (dbus-daemon-proxy,
     * dbus-broker-rules1000…), a route's program or package, or one of the two series.
     */
    public static List<SkippedTransport> skipped(List<SkippedTransport> skipped) {
        return skipped.stream().filter(s -> java.util.Arrays.stream(s.transport().split("[\\s>]+")).anyMatch(RealWorldPaths::aboutPaths))
                .toList();
    }

    /** A transport of a path (xdg-dbus-proxy, systemd-stdio-bridge) or of a bus with extra policy rules. */
    public static boolean pathTransport(String transport) {
        return Transport.ofLabel(transport).map(t -> t.route() != Route.DIRECT || t.policyRules() > 0).orElse(false)
                || RULES.matcher(transport).matches();
    }

    private static boolean aboutPaths(String word) {
        boolean transport = pathTransport(word);
        boolean program = ROUTES.stream().anyMatch(r -> r.program().equals(word) || r.debianPackage().equals(word));
        return transport || program || word.equals(CellKey.PATHS) || word.equals(CellKey.POLICY);
    }

    private static List<PathPrice> prices(List<CellSummary> cells, Bootstrap bootstrap, double alpha) {
        List<CellSummary> direct = cells.stream().filter(c -> c.key().route() == Route.DIRECT).toList();
        return cells.stream().filter(c -> c.key().route() != Route.DIRECT)
                .sorted(Comparator.comparingInt((CellSummary c) -> routeIndex(c.key().route()))
                        .thenComparing(c -> destination(c.key()), CellOrder.TRANSPORT)
                        .thenComparing(c -> c.key().pair(), PAIR)
                        .thenComparing(CellSummary::key, CellOrder.CELLS))
                .map(path -> price(path, counterpart(path, direct), bootstrap, alpha)).toList();
    }

    private static PathPrice price(CellSummary path, CellSummary direct, Bootstrap bootstrap, double alpha) {
        if (direct == null) {
            return new PathPrice(path, null, null, 0);
        }
        SampleComparison result = path.runs() > 0 && direct.runs() > 0 ? RunBlocks.compare(path, direct, bootstrap, alpha) : null;
        return new PathPrice(path, direct, result, RunBlocks.commonBlocks(path, direct));
    }

    /**
     * The direct cell of the same series, pair, method, mode, payload, window and placement on the path's destination
     * bus; of several (other calls per run) the one sharing the most blocks with the path cell, then the most runs.
     */
    private static CellSummary counterpart(CellSummary path, List<CellSummary> direct) {
        CellKey key = path.key();
        String destination = destination(key);
        return direct.stream().filter(d -> {
            CellKey k = d.key();
            return k.transport().equals(destination) && k.pair().equals(key.pair()) && k.method().equals(key.method())
                    && k.mode().equals(key.mode()) && k.payloadBytes() == key.payloadBytes() && k.window() == key.window()
                    && k.placement().equals(key.placement());
        }).max(Comparator.comparingInt((CellSummary d) -> RunBlocks.commonBlocks(path, d)).thenComparingInt(CellSummary::runs))
                .orElse(null);
    }

    private static String destination(CellKey key) {
        return Transport.ofLabel(key.transport()).map(t -> t.destination().label()).orElse(key.transport());
    }

    private static int routeIndex(Route route) {
        int index = ROUTES.indexOf(route);
        return index < 0 ? ROUTES.size() : index;
    }

    private static List<PolicySweep> sweeps(List<CellSummary> cells, Bootstrap bootstrap, double alpha, double marginPct) {
        Map<String, List<CellSummary>> groups = new LinkedHashMap<>();
        cells.stream().sorted(Comparator.comparing((CellSummary c) -> bus(c.key().transport()), CellOrder.TRANSPORT)
                        .thenComparing(c -> c.key().mode(), CellOrder.MODE)
                        .thenComparingInt(c -> c.key().payloadBytes())
                        .thenComparingInt(c -> c.key().window())
                        .thenComparing(c -> c.key().pair(), PAIR)
                        .thenComparing(c -> c.key().placement(), CellOrder.PLACEMENT))
                .forEach(c -> groups.computeIfAbsent(groupOf(c.key()), g -> new ArrayList<>()).add(c));
        return groups.values().stream().map(group -> sweep(group, bootstrap, alpha, marginPct)).toList();
    }

    private static PolicySweep sweep(List<CellSummary> group, Bootstrap bootstrap, double alpha, double marginPct) {
        List<CellSummary> ordered = group.stream().sorted(Comparator.comparingInt((CellSummary c) -> rules(c.key().transport()))
                .thenComparingInt(c -> -c.runs()).thenComparingInt(c -> c.key().calls())).toList();
        CellSummary none = ordered.stream().filter(c -> rules(c.key().transport()) == 0 && c.runs() > 0).findFirst().orElse(null);
        List<PolicyPoint> points = ordered.stream().map(c -> {
            boolean compared = none != null && c != none && c.runs() > 0;
            return new PolicyPoint(rules(c.key().transport()), c, compared ? RunBlocks.compare(c, none, bootstrap, alpha) : null,
                    none == null ? 0 : RunBlocks.commonBlocks(c, none));
        }).toList();
        PolicyVerdict verdict = points.stream().filter(p -> p.rules() == VERDICT_RULES && p.vsNone() != null).findFirst()
                .map(p -> PolicyVerdict.of(p.vsNone(), RunBlocks.equivalence(p.cell(), none, bootstrap, alpha, marginPct)))
                .orElse(PolicyVerdict.NOT_MEASURED);
        CellKey first = ordered.get(0).key();
        return new PolicySweep(bus(first.transport()), first.mode(), first.payloadBytes(), first.window(), first.pair(),
                first.placement(), points, verdict);
    }

    private static String groupOf(CellKey key) {
        return String.join(" ", bus(key.transport()), key.mode(), String.valueOf(key.payloadBytes()), String.valueOf(key.window()),
                key.pair(), key.method(), key.placement());
    }

    /** The bus program of a policy transport: dbus-daemon-rules1000 → dbus-daemon; a plain bus is its own. */
    public static String bus(String transport) {
        return Transport.ofLabel(transport).map(t -> t.implementation().label()).orElseGet(() -> {
            Matcher m = RULES.matcher(transport);
            return m.matches() ? m.group(1) : transport;
        });
    }

    /** The extra policy rules of a transport: 0 for a plain bus; read from the name for one this version does not know. */
    public static int rules(String transport) {
        return Transport.ofLabel(transport).map(Transport::policyRules).orElseGet(() -> {
            Matcher m = RULES.matcher(transport);
            try {
                return m.matches() ? Integer.parseInt(m.group(2)) : 0;
            } catch (NumberFormatException e) {
                return 0;
            }
        });
    }
}
