package org.dbuslab.runner.plan;

import org.dbuslab.format.Pair;
import org.dbuslab.format.Route;
import org.dbuslab.format.Series;
import org.dbuslab.format.Transport;
import org.dbuslab.runner.options.SessionConfig;

import java.util.ArrayList;
import java.util.List;

/**
 * The real-world paths of issue 24, in plan order. Series paths: per bus of --transports (dbus-daemon, dbus-broker),
 * each client of {@link #CLIENTS} through each route of --paths, and the same client on the bus directly, sync and
 * pipelined at the path sizes; both cells call the same server (the bus's Java server), so their paired ratio is the
 * route's price. Series policy: {@link #POLICY_PAIR}, sync, first size, on the bus with 0 (the bus itself) and each of
 * {@link Transport#POLICY_RULES} extra rules (buses of their own, each with its own server).
 */
public final class PathsPlan {

    /**
     * The clients of the paths series, each against the Java server: the lab's Java client, libdbus's spam and
     * sd-bus's C client.
     */
    public static final List<Pair> CLIENTS = List.of(Pair.JAVA, Pair.LIBDBUS_JAVA, Pair.SDBUS_JAVA);

    /**
     * The policy series' pair: sd-bus's C client and server. Policy weight is the bus's cost, so the pair only has
     * to be steady: C has no JIT to warm, where a Java pair per policy bus added twelve JVMs that a 10-minute session
     * could not warm (their client CPU per call was 5-70x the warm client's in the first blocks).
     */
    public static final Pair POLICY_PAIR = Pair.SDBUS_SDBUS;

    private PathsPlan() {
    }

    public static List<Cell> cells(SessionConfig c) {
        List<Cell> cells = new ArrayList<>();
        List<PathKind> kinds = c.others().paths();
        int calls = c.run().firstBlockCalls();
        List<Route> routes = new ArrayList<>();
        if (kinds.contains(PathKind.PROXY)) {
            routes.add(Route.PROXY);
        }
        if (kinds.contains(PathKind.BRIDGE)) {
            routes.add(Route.BRIDGE);
        }
        for (Transport bus : Transport.REFERENCE_BUSES) {
            if (!c.matrix().has(bus) || routes.isEmpty()) {
                continue;
            }
            for (Pair pair : CLIENTS) {
                for (Mode m : c.matrix().modes()) {
                    for (int size : c.others().pathSizes()) {
                        cells.add(cell(Series.PATHS, pair, bus, m, size, c.matrix().windowFor(m), calls));
                        for (Route r : routes) {
                            cells.add(cell(Series.PATHS, pair, Transport.via(bus, r), m, size, c.matrix().windowFor(m), calls));
                        }
                    }
                }
            }
        }
        if (kinds.contains(PathKind.POLICY) && c.matrix().modes().contains(Mode.SYNC)) {
            for (Transport bus : Transport.REFERENCE_BUSES) {
                if (!c.matrix().has(bus)) {
                    continue;
                }
                cells.add(cell(Series.POLICY, POLICY_PAIR, bus, Mode.SYNC, c.others().pathSizes().get(0), 1, calls));
                for (int rules : Transport.POLICY_RULES) {
                    cells.add(cell(Series.POLICY, POLICY_PAIR, Transport.withRules(bus, rules), Mode.SYNC,
                            c.others().pathSizes().get(0), 1, calls));
                }
            }
        }
        return cells;
    }

    private static Cell cell(Series series, Pair pair, Transport t, Mode m, int size, int window, int calls) {
        CellKind kind = switch (pair) {
            case LIBDBUS_JAVA -> CellKind.SPAM_JAVA;
            case SDBUS_JAVA, SDBUS_SDBUS -> CellKind.SDBUS;
            default -> CellKind.JAVA;
        };
        return new Cell(kind, series, pair, t, m, size, window, calls);
    }

    /** The transports of these cells that need something started beyond the session's buses: routes, policy buses. */
    public static List<Transport> extraTransports(List<Cell> cells) {
        return cells.stream().map(Cell::transport)
                .filter(t -> t.route() != Route.DIRECT || t.policyRules() > 0).distinct().toList();
    }
}
