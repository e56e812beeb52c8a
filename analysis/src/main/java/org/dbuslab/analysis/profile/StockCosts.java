package org.dbuslab.analysis.profile;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.dbuslab.format.ProfilesTsv;

/**
 * dbus-java as shipped against the lab's path, from their profiles in one mode: per part of a category (a rule's label),
 * the CPU µs per call of client, server and bus together in each, the excess of the stock pair, and what share of the
 * excess wall µs per call (the cells' measured medians) that is; the parts ranked by excess, each with the experiment
 * that isolates it ({@link #experiment}).
 *
 * @param wallExcessUs stock's measured µs/call minus the lab's (NaN when either was not measured)
 * @param costs        every part with an excess, largest first
 */
public record StockCosts(String mode, double stockWallUs, double labWallUs, double wallExcessUs, double cpuExcessUs,
                         List<Cost> costs) {

    /** How many costs the report names. */
    public static final int NAMED = 3;

    /**
     * One part's CPU per call in both pairs.
     *
     * @param roles where stock spends more on it than the lab does (client, server, bus)
     */
    public record Cost(RoleProfile.Part part, String roles, double stockUs, double labUs, double wallExcessUs,
                       String experiment) {

        public double excessUs() {
            return stockUs - labUs;
        }

        /** The excess as a share of the pair's wall excess µs/call (NaN without one). */
        public double shareOfWallExcess() {
            return wallExcessUs > 0 ? excessUs() / wallExcessUs : Double.NaN;
        }
    }

    public static final String EXPERIMENTS_NOTE = "Each cost is a part of a category as the rules name it (the table"
        + " above), CPU µs per call of client, server and bus together, dbus-java-stock minus the lab's pair in the same"
        + " mode; its share is of the measured wall excess, which a CPU cost on the call's path explains one for one in"
        + " sync mode (one call at a time), while pipelined calls overlap on the CPUs. The experiments isolate each"
        + " cost outside the session: JMH benchmarks in benchmarks/ (lab/run-jmh.sh -- NAME, docs/BENCHMARKS.md), their"
        + " measured figures in docs/EXPERIMENTS.md (\"Why dbus-java as shipped costs\").";

    public static StockCosts of(PairProfile stock, PairProfile lab, double stockWallUs, double labWallUs) {
        Map<RoleProfile.Part, Double> s = stock.usPerCallByPart();
        Map<RoleProfile.Part, Double> l = lab.usPerCallByPart();
        Set<RoleProfile.Part> parts = new LinkedHashSet<>(s.keySet());
        parts.addAll(l.keySet());
        double wallExcess = stockWallUs - labWallUs;
        List<Cost> costs = new ArrayList<>();
        for (RoleProfile.Part p : parts) {
            double su = s.getOrDefault(p, 0.0);
            double lu = l.getOrDefault(p, 0.0);
            if (su - lu > 0) {
                costs.add(new Cost(p, roles(stock, lab, p), su, lu, wallExcess, experiment(p)));
            }
        }
        costs.sort(Comparator.comparingDouble(Cost::excessUs).reversed());
        return new StockCosts(stock.mode(), stockWallUs, labWallUs, wallExcess, stock.cpuUsPerCall() - lab.cpuUsPerCall(),
            List.copyOf(costs));
    }

    public List<Cost> largest() {
        return costs.subList(0, Math.min(NAMED, costs.size()));
    }

    /** One sentence: the excess, and what the named costs explain of it together. */
    public String sentence() {
        double named = largest().stream().mapToDouble(Cost::excessUs).sum();
        StringBuilder b = new StringBuilder(mode.equals("sync") ? "Sync" : "Pipelined");
        b.append(" calls: dbus-java as shipped costs ");
        if (Double.isFinite(wallExcessUs)) {
            b.append(String.format(Locale.ROOT, "%.1f µs per call more than the lab's path (%.1f against %.1f µs, measured), ",
                wallExcessUs, stockWallUs, labWallUs));
        }
        b.append(String.format(Locale.ROOT, "%.1f µs more CPU per call in client, server and bus; its %d largest costs"
            + " below add up to %.1f µs", cpuExcessUs, largest().size(), named));
        if (wallExcessUs > 0) {
            b.append(String.format(Locale.ROOT, ", %.0f %% of the wall excess", 100 * named / wallExcessUs));
        }
        return b.append('.').toString();
    }

    private static String roles(PairProfile stock, PairProfile lab, RoleProfile.Part p) {
        List<String> out = new ArrayList<>();
        for (String role : ProfilesTsv.ROLES) {
            double su = stock.partUs(role, p);
            double lu = lab.partUs(role, p);
            if (su - lu > 0.05 * Math.max(1e-9, Math.abs(su))) {
                out.add(role);
            }
        }
        return String.join(", ", out);
    }

    /** The experiment that isolates PART's cost of dbus-java as shipped, or what would. */
    public static String experiment(RoleProfile.Part p) {
        String part = p.part();
        return switch (p.category()) {
            case MARSHALLING -> part.equals(Categories.AY_BOXED) ? "JMH EchoBodyBenchmarks.decodeReplyAsProxy against"
                + " decodeReplyTyped, twice per call (the reply in the client's proxy, the call's argument in the server's"
                + " exported object), against the lab's typed decode"
                : part.startsWith("types and signatures") ? "JMH StockCostBenchmarks.proxyCallArguments against"
                + " typedCallArguments (an interface proxy's per-call type reflection and signature work)"
                : "JMH EchoBodyBenchmarks.encodeCall and decodeReplyTyped (dbus-java's message encode and decode)";
            case DISPATCH -> part.equals(Categories.THREADS)
                ? "JMH StockCostBenchmarks.handOffChain against callerRoundTrip (a call passed along the five threads a"
                + " synchronous stock call wakes: sender executor, the server's method-call pool and sender, the"
                + " method-return pool, the waiting caller; the lab's path wakes none)"
                : part.startsWith("reflection") ? "JMH StockCostBenchmarks.reflectiveDispatch against directDispatch (the"
                + " exported object's Method.invoke and the proxy's InvocationHandler against a direct call)"
                : "the session's event-loop pairs (glib, sd-bus) against the lab's path";
            case SOCKET_IO -> "JMH StockCostBenchmarks.chunkedWrites against oneWrite, twice per call (dbus-java's"
                + " writer issues one write() per wire chunk of the call and of the reply; the lab's one per message)";
            case GC_ALLOCATION -> "JMH EchoBodyBenchmarks with -prof gc (bytes allocated per decode)";
            default -> "none yet";
        };
    }
}
