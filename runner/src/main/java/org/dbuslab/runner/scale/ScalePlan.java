package org.dbuslab.runner.scale;

import org.dbuslab.format.ScaleRunsCsv;
import org.dbuslab.format.Transport;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Every step of one scale block, from the settings: the clients series (one tool process per transport and mode,
 * every N in it), the signals series (per bus a fan-out process over S and a match-rule process over M) and the
 * distance points (target × delay × mode × window, each one run of a persistent client). A block runs them all
 * once, in an order shuffled from the seed and the block number, so drift spreads over every point alike.
 */
public final class ScalePlan {

    public static final List<String> CLIENT_TRANSPORTS = List.of("dbus-daemon", "dbus-broker", "p2p-unix");
    public static final List<String> SIGNAL_BUSES = List.of("dbus-daemon", "dbus-broker");
    /**
     * The delay line's targets: the D-Bus TCP transports; dbus-daemon through systemd-stdio-bridge (remote busctl's
     * path: busctl --host runs the bridge on the far side, in front of the bus's unix socket; here the relay forwards
     * to the bridge's unix socket); and the raw TCP floor that checks the relay itself.
     */
    public static final List<String> DISTANCE_TARGETS = List.of("dbus-daemon-tcp", "p2p-tcp",
        Transport.DBUS_DAEMON_BRIDGE.label(), "raw-tcp");
    /**
     * The targets also measured across two network namespaces joined by a veth pair (the client in one, the bus or
     * the p2p server in the other: the same kernel and CPUs, a real IP path), paired with the same on loopback.
     */
    public static final List<String> NAMESPACE_TARGETS = List.of("dbus-daemon-tcp", "p2p-tcp");
    /** A distance run's expected round trip beyond 2·D, for choosing its calls (the loopback floor, roughly). */
    static final double FLOOR_MS = 0.15;
    /** Fastest rate assumed when choosing calls, so a near run does not get more calls than it needs. */
    static final double MAX_RATE_PER_S = 15_000;
    static final int MIN_CALLS = 8;

    private final ScaleSettings settings;
    private final List<ScaleStep> steps;

    private ScalePlan(ScaleSettings settings, List<ScaleStep> steps) {
        this.settings = settings;
        this.steps = List.copyOf(steps);
    }

    public static ScalePlan of(ScaleSettings s) {
        List<ScaleStep> steps = new ArrayList<>();
        String counts = join(s.clientCounts());
        for (String t : CLIENT_TRANSPORTS) {
            for (String mode : List.of("sync", "async")) {
                steps.add(new ScaleStep.Tool("clients", t, mode, mode, List.of("--transport", t,
                    "--clients", counts, "--mode", mode, "--window", Integer.toString(s.clientWindow()),
                    "--payload", Integer.toString(s.payloadBytes()), "--duration-ms", Integer.toString(s.clientRunMs()),
                    "--warmup-ms", Integer.toString(s.clientWarmupMs()), "--runs", Integer.toString(s.clientRuns())),
                    s.clientCounts().size() * s.clientRuns()));
            }
        }
        for (String bus : SIGNAL_BUSES) {
            steps.add(signals(s, bus, join(s.subscribers()), "0", s.subscribers().size()));
            steps.add(signals(s, bus, Integer.toString(s.ruleSubscribers()), join(s.matchRules()), s.matchRules().size()));
        }
        for (String target : DISTANCE_TARGETS) {
            boolean raw = target.startsWith("raw-");
            // D = 0: straight to the server (loopback), the relay with no delay (the delay line's own floor) and, for
            // the D-Bus TCP transports, across the second network namespace; sync, and pipelined at one window
            List<String> floors = NAMESPACE_TARGETS.contains(target)
                ? List.of(ScaleRunsCsv.ROUTE_DIRECT, ScaleRunsCsv.ROUTE_RELAY, ScaleRunsCsv.ROUTE_NETNS)
                : List.of(ScaleRunsCsv.ROUTE_DIRECT, ScaleRunsCsv.ROUTE_RELAY);
            for (String route : floors) {
                steps.add(new ScaleStep.Distance(target, route, 0, "sync", 1, calls(s, 0, 1)));
                if (!raw) {
                    steps.add(new ScaleStep.Distance(target, route, 0, "async", s.floorWindow(), calls(s, 0, s.floorWindow())));
                }
            }
            for (double d : s.delaysMs()) {
                steps.add(new ScaleStep.Distance(target, ScaleRunsCsv.ROUTE_RELAY, d, "sync", 1, calls(s, d, 1)));
                if (!raw) {
                    for (int w : s.windows()) {
                        steps.add(new ScaleStep.Distance(target, ScaleRunsCsv.ROUTE_RELAY, d, "async", w, calls(s, d, w)));
                    }
                }
            }
        }
        return new ScalePlan(s, steps);
    }

    /** This plan without the points of ROUTE (e.g. netns where the namespaces cannot be made). */
    public ScalePlan without(String route) {
        return new ScalePlan(settings, steps.stream()
            .filter(st -> !(st instanceof ScaleStep.Distance d && d.route().equals(route))).toList());
    }

    /** This plan without the distance points of TRANSPORT (e.g. the bridge where it cannot start). */
    public ScalePlan withoutTarget(String transport) {
        return new ScalePlan(settings, steps.stream()
            .filter(st -> !(st instanceof ScaleStep.Distance d && d.transport().equals(transport))).toList());
    }

    /** The points of ROUTE, in plan order. */
    public List<ScaleStep.Distance> points(String route) {
        return steps.stream().filter(ScaleStep.Distance.class::isInstance).map(ScaleStep.Distance.class::cast)
            .filter(d -> d.route().equals(route)).toList();
    }

    private static ScaleStep.Tool signals(ScaleSettings s, String bus, String subscribers, String rules, int points) {
        String what = rules.equals("0") ? "fan-out" : "match-rules";
        return new ScaleStep.Tool("signals", bus, "signal", what, List.of("--transport", bus,
            "--subscribers", subscribers, "--match-rules", rules,
            "--rules-per-connection", Integer.toString(s.rulesPerConnection()), "--signals", Integer.toString(s.signals()),
            "--pad", Integer.toString(s.signalPadBytes()), "--window", Integer.toString(s.signalWindow()),
            "--warmup-runs", "1", "--runs", Integer.toString(s.signalRuns())), points * s.signalRuns());
    }

    /**
     * Calls for one distance run of about distanceRunMs: window ÷ (2·D + floor) calls per second at best, capped,
     * and never fewer than two windows (so the window is really full for most of the run).
     */
    static int calls(ScaleSettings s, double delayMs, int window) {
        double rate = Math.min(MAX_RATE_PER_S, window * 1000.0 / (2 * delayMs + FLOOR_MS));
        int calls = (int) Math.ceil(rate * s.distanceRunMs() / 1000.0);
        return Math.max(calls, Math.max(MIN_CALLS, 2 * window));
    }

    /** Block B's steps (1-based), shuffled from SEED and B: the same seed gives the same order. */
    public List<ScaleStep> block(int block, long seed) {
        List<ScaleStep> order = new ArrayList<>(steps);
        Collections.shuffle(order, new Random(seed * 1_000_003L + block));
        return order;
    }

    public List<ScaleStep> steps() {
        return steps;
    }

    public ScaleSettings settings() {
        return settings;
    }

    /** The distance series' persistent clients: one per target, route, delay and mode. */
    public Set<String> distanceClients() {
        return steps.stream().filter(ScaleStep.Distance.class::isInstance).map(st -> ((ScaleStep.Distance) st).clientKey())
            .collect(Collectors.toCollection(LinkedHashSet::new));
    }

    /** The relays: one per D-Bus/raw target and delay, 0 (the relay's own floor) included. */
    public Set<String> relays() {
        return steps.stream().filter(ScaleStep.Distance.class::isInstance).map(ScaleStep.Distance.class::cast)
            .filter(d -> d.route().equals(ScaleRunsCsv.ROUTE_RELAY)).map(d -> relayKey(d.transport(), d.delayMs()))
            .collect(Collectors.toCollection(LinkedHashSet::new));
    }

    static String relayKey(String transport, double delayMs) {
        return transport + "@" + delayMs;
    }

    private static String join(List<Integer> values) {
        return values.stream().map(String::valueOf).collect(Collectors.joining(","));
    }
}
