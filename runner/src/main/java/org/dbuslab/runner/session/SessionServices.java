package org.dbuslab.runner.session;

import org.dbuslab.runner.exec.Services;
import org.dbuslab.runner.options.SessionConfig;
import org.dbuslab.runner.plan.Cell;
import org.dbuslab.runner.plan.CellKind;
import org.dbuslab.runner.plan.Pair;
import org.dbuslab.runner.plan.SessionPlan;
import org.dbuslab.runner.plan.Transport;
import org.dbuslab.runner.record.ResultsFolder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which services a session's plan needs, and starting them as run-all.sh's start_services did: every bus,
 * then every server at once, then the libdbus echoes and the hook checks. A transport that cannot start is
 * skipped (skipped.tsv, its cells not run, not failed); a reference pair whose hook is missing likewise.
 */
public final class SessionServices {

    /** The over-limit check's dbus-daemon: max_replies_per_connection low enough for a 128-call burst. */
    public static final int OVERLIMIT_MAX_REPLIES = 8;

    private final Services services;
    private final ResultsFolder folder;
    private final SessionLog log;
    private final Map<Transport, String> skippedTransports = new LinkedHashMap<>();
    private final Map<String, String> missingHooks = new LinkedHashMap<>(); // "pair@transport" -> why
    private final Set<String> startupDead = new HashSet<>();

    public SessionServices(Services services, ResultsFolder folder, SessionLog log) {
        this.services = services;
        this.folder = folder;
        this.log = log;
    }

    public Services services() {
        return services;
    }

    /** The service names a cell needs (bus:T, srv:T, echo:T, raw:T). */
    public static List<String> needs(Cell cell) {
        String t = cell.transport().label();
        List<String> needs = new ArrayList<>();
        switch (cell.kind()) {
            case JAVA, OVERLIMIT -> {
                if (cell.transport().isBus()) {
                    needs.add("bus:" + t);
                }
                needs.add("srv:" + t);
            }
            case JAVA_LIBDBUS, SPAM_LIBDBUS -> needs.addAll(List.of("bus:" + t, "echo:" + t));
            case SPAM_JAVA -> needs.addAll(List.of("bus:" + t, "srv:" + t));
            case RAW -> needs.add("raw:" + t);
        }
        return needs;
    }

    public void startAll(SessionConfig config, SessionPlan plan, boolean dbusTestTool)
        throws IOException, InterruptedException {
        log.say("== starting buses and servers");
        boolean overlimit = plan.cells().stream().anyMatch(c -> c.kind() == CellKind.OVERLIMIT);
        for (Transport t : config.transports()) {
            if (t.isBus() && !services.startBus(t.label(), t.label(), Map.of())) {
                skipTransport(t, services.blocker(List.of("bus:" + t.label())));
            }
        }
        if (overlimit && !services.startBus("dbus-daemon", Transport.DBUS_DAEMON_LIMIT8.label(),
                Map.of("LAB_BUS_MAX_REPLIES", Integer.toString(OVERLIMIT_MAX_REPLIES)))) {
            skipOverlimit(services.blocker(List.of("bus:" + Transport.DBUS_DAEMON_LIMIT8.label())));
        }
        List<Transport> servers = new ArrayList<>(config.transports());
        if (overlimit) {
            servers.add(Transport.DBUS_DAEMON_LIMIT8);
        }
        for (Transport t : servers) {
            if (!t.isBus() || services.blocker(List.of("bus:" + t.label())) == null) {
                services.spawnJavaServer(t.label(), t.label());
            }
        }
        boolean raw = plan.cells().stream().anyMatch(c -> c.kind() == CellKind.RAW);
        if (raw) {
            for (Transport t : Transport.RAW) {
                services.spawnRawServer(t.label());
            }
        }
        services.awaitServers(s -> log.say("   server " + label(s.name()) + " ready: " + s.address()), s -> {
            Transport t = Transport.ofLabel(label(s.name())).orElseThrow();
            if (s.name().startsWith("raw:")) {
                folder.skipped(t, "raw echo server did not start: " + s.check());
                log.say("[skip] " + t.label() + ": " + s.check());
            } else if (t == Transport.DBUS_DAEMON_LIMIT8) {
                skipOverlimit(s.check());
            } else {
                skipTransport(t, s.check());
            }
        });
        if (config.reference()) {
            startEchoesAndCheckHooks(config, plan, dbusTestTool);
        }
        for (Cell c : plan.cells()) {
            for (String name : needs(c)) {
                if (services.blocker(List.of(name)) != null) {
                    startupDead.add(name);
                }
            }
        }
    }

    private void startEchoesAndCheckHooks(SessionConfig config, SessionPlan plan, boolean dbusTestTool)
        throws IOException, InterruptedException {
        List<Transport> refBuses = Transport.REFERENCE_BUSES.stream().filter(config::has)
            .filter(t -> services.blocker(List.of("bus:" + t.label())) == null).toList();
        for (Transport t : refBuses) {
            String name = "echo:" + t.label();
            if (!dbusTestTool) {
                services.markDead(name, "dbus-test-tool not installed (Debian package dbus-tests)");
            } else {
                services.startLibdbusEcho(t.label());
            }
            String why = services.blocker(List.of(name));
            if (why != null) {
                folder.skipped(t, "libdbus reference pairs not run: " + why);
                log.say("[skip] " + t.label() + " libdbus pairs: " + why);
            }
        }
        boolean javaLibdbus = plan.cells().stream().anyMatch(c -> c.kind() == CellKind.JAVA_LIBDBUS);
        String clientHook = javaLibdbus ? services.clientSpamHookMissing() : null;
        for (Transport t : refBuses) {
            if (clientHook != null) {
                missingHook(t, Pair.JAVA_LIBDBUS, clientHook);
            }
            if (services.blocker(List.of("srv:" + t.label())) == null) {
                String serverHook = services.spamHookMissing(t.label());
                if (serverHook != null) {
                    missingHook(t, Pair.LIBDBUS_JAVA, serverHook);
                }
            }
        }
    }

    private void missingHook(Transport t, Pair pair, String why) {
        missingHooks.put(pair.label() + "@" + t.label(), why);
        folder.skipped(t, pair, "reference pair " + pair.label() + " not run: " + why);
        log.say("[skip] " + t.label() + " " + pair.label() + ": " + why);
    }

    private void skipTransport(Transport t, String reason) {
        skippedTransports.putIfAbsent(t, reason);
        folder.skipped(t, reason);
        log.say("[skip] " + t.label() + ": " + reason);
    }

    private void skipOverlimit(String reason) {
        folder.skipped(Transport.DBUS_DAEMON_LIMIT8, "over-limit check not run: " + reason);
        log.say("[skip] over-limit check: " + reason);
    }

    private static String label(String serviceName) {
        return serviceName.substring(serviceName.indexOf(':') + 1);
    }

    /** Why CELL cannot run now, or null. */
    public Blocked blocked(Cell cell) {
        String hook = missingHooks.get(cell.pair().label() + "@" + cell.transport().label());
        if (hook != null) {
            return new Blocked(Blocked.Kind.HOOK, hook);
        }
        for (String name : needs(cell)) {
            String why = services.blocker(List.of(name));
            if (why != null) {
                return new Blocked(startupDead.contains(name) ? Blocked.Kind.STARTUP : Blocked.Kind.DIED, why);
            }
        }
        return null;
    }

    /** Why a cell cannot run: its service never started (skipped), died mid-session (failed), or a hook. */
    public record Blocked(Kind kind, String reason) {
        public enum Kind { STARTUP, DIED, HOOK }
    }

    public Map<Transport, String> skippedTransports() {
        return skippedTransports;
    }

    public Map<String, String> missingHooks() {
        return missingHooks;
    }

    /** The pids of a service for the CPU columns (empty when it has none or is not running). */
    public List<Long> cpuPids(String name) {
        return services.get(name).map(s -> s.check() == null ? s.cpuPids() : List.<Long>of()).orElse(List.of());
    }

    /** The address a cell's client connects to: the p2p or raw server's, else the bus's. */
    public String addressFor(Cell cell) {
        String t = cell.transport().label();
        String name = switch (cell.kind()) {
            case RAW -> "raw:" + t;
            case JAVA -> cell.transport().isBus() ? "bus:" + t : "srv:" + t;
            default -> "bus:" + t;
        };
        return services.get(name).orElseThrow().address();
    }

    /** Tools the reference rows need. */
    public static boolean onPath(String tool) {
        String path = System.getenv().getOrDefault("PATH", "/usr/bin:/bin");
        for (String dir : path.split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }

    static Map<Transport, String> emptyMap() {
        return new EnumMap<>(Transport.class);
    }
}
