package org.dbuslab.runner.scale;

import java.util.List;

/** One step of a scale block: a tool process (clients, signals) or one run of a distance point. */
public sealed interface ScaleStep permits ScaleStep.Tool, ScaleStep.Distance {

    String series();

    String transport();

    /** Stable name for logs and progress, e.g. "clients dbus-broker async". */
    String id();

    /**
     * One process of the scale jar's tool of the same name as the series ({@code clients} or {@code signals}) on
     * TRANSPORT: it connects, warms up and prints one line per run; ARGS are its options but --address (and
     * --peer), which the session adds. LABEL tells steps of one transport apart (the mode, or fan-out/match-rules).
     */
    record Tool(String series, String transport, String mode, String label, List<String> args, int measuredRuns)
        implements ScaleStep {
        public Tool {
            args = List.copyOf(args);
        }

        @Override
        public String id() {
            return series + " " + transport + " " + label;
        }

        /**
         * ARGS for block BLOCK: the point lists (--clients, --subscribers, --match-rules) in an order shuffled from
         * SEED and the block. The tool runs its points in list order, so a drift within the process (its JIT
         * warming up, the machine's load) would otherwise always favour the last points.
         */
        public List<String> argsFor(int block, long seed) {
            java.util.Random random = new java.util.Random(seed * 7_919L + block * 104_729L + id().hashCode());
            List<String> out = new java.util.ArrayList<>(args);
            for (int i = 0; i + 1 < out.size(); i++) {
                if (POINT_LISTS.contains(out.get(i))) {
                    List<String> points = new java.util.ArrayList<>(List.of(out.get(i + 1).split(",")));
                    java.util.Collections.shuffle(points, random);
                    out.set(i + 1, String.join(",", points));
                }
            }
            return out;
        }
    }

    /** The options whose comma lists are a step's points. */
    List<String> POINT_LISTS = List.of("--clients", "--subscribers", "--match-rules");

    /**
     * One run of the persistent client of (TARGET, ROUTE, DELAY, MODE): TARGET dbus-daemon-tcp, p2p-tcp or raw-tcp;
     * ROUTE (ScaleRunsCsv.ROUTES) direct (straight to the server on loopback, DELAYMS 0), relay (through a relay of
     * DELAYMS one way; 0 = a relay with no delay, its own floor) or netns (the client in one network namespace, the
     * bus or p2p server in the other, DELAYMS 0).
     */
    record Distance(String transport, String route, double delayMs, String mode, int window, int calls)
        implements ScaleStep {
        public Distance {
            if (!org.dbuslab.format.ScaleRunsCsv.ROUTES.contains(route)) {
                throw new IllegalArgumentException("route must be one of " + org.dbuslab.format.ScaleRunsCsv.ROUTES
                    + ", was '" + route + "'");
            }
            if (!route.equals(org.dbuslab.format.ScaleRunsCsv.ROUTE_RELAY) && delayMs != 0) {
                throw new IllegalArgumentException("a " + route + " point has no delay, was " + delayMs + " ms");
            }
        }

        @Override
        public String series() {
            return "distance";
        }

        /** The persistent client this point runs on: one per target, route, delay and mode. */
        public String clientKey() {
            return transport + "@" + route + "@" + delayMs + "/" + mode;
        }

        @Override
        public String id() {
            return "distance " + transport + " " + route
                + (route.equals(org.dbuslab.format.ScaleRunsCsv.ROUTE_RELAY) ? " D=" + delayMs + " ms " : " ")
                + mode + " w=" + window;
        }
    }
}
