package org.dbuslab.runner.session;

import org.dbuslab.format.Library;
import org.dbuslab.format.Pair;
import org.dbuslab.format.Route;
import org.dbuslab.format.Series;
import org.dbuslab.format.Transport;
import org.dbuslab.runner.exec.LibraryPrograms;
import org.dbuslab.runner.exec.PolicyRules;
import org.dbuslab.runner.exec.Services;
import org.dbuslab.runner.options.SessionConfig;
import org.dbuslab.runner.plan.Cell;
import org.dbuslab.runner.plan.CellKind;
import org.dbuslab.runner.plan.LibraryPlan;
import org.dbuslab.runner.plan.PathsPlan;
import org.dbuslab.runner.plan.SessionPlan;
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
 * Which services a session's plan needs, and starting them: every bus,
 * then every server at once, then the libdbus echoes and the hook checks. A transport that cannot start is
 * skipped (skipped.tsv, its cells not run, not failed); a reference pair whose hook is missing likewise.
 */
public final class SessionServices {

    /** The over-limit check's dbus-daemon: max_replies_per_connection low enough for a 128-call burst. */
    public static final int OVERLIMIT_MAX_REPLIES = 8;

    private final Services services;
    private final LibraryPrograms programs;
    private final ResultsFolder folder;
    private final SessionLog log;
    private final Map<Transport, String> skippedTransports = new LinkedHashMap<>();
    private final Map<String, String> missingHooks = new LinkedHashMap<>(); // "pair@transport" -> why
    private final Set<String> startupDead = new HashSet<>();

    public SessionServices(Services services, LibraryPrograms programs, ResultsFolder folder, SessionLog log) {
        this.services = services;
        this.programs = programs;
        this.folder = folder;
        this.log = log;
    }

    public Services services() {
        return services;
    }

    /**
     * The service names a cell needs: its bus (bus:T, the destination's for a path), its route (route:T), its server
     * (see serverOf), its client program (prog:NAME).
     */
    public static List<String> needs(Cell cell) {
        List<String> needs = new ArrayList<>();
        if (cell.transport().isBus()) {
            needs.add("bus:" + cell.transport().destination().label());
        }
        if (cell.transport().route() != Route.DIRECT) {
            needs.add(routeOf(cell.transport()));
        }
        needs.add(serverOf(cell));
        String program = programOf(cell.kind());
        if (program != null) {
            needs.add(program);
        }
        return needs;
    }

    /**
     * The service that answers a cell's calls, from its pair's server library: srv:T (the Java server), echo:T
     * (dbus-test-tool echo), raw:T, glib:T, sdbus:T, stock:T.
     */
    public static String serverOf(Cell cell) {
        return serverName(cell.pair().server(), cell.transport().destination());
    }

    /** The service of a path's route program: route:T. */
    static String routeOf(Transport t) {
        return "route:" + t.label();
    }

    static String serverName(Library server, Transport t) {
        return prefix(server) + ":" + t.label();
    }

    private static String prefix(Library server) {
        return switch (server) {
            case DBUS_JAVA -> "srv";
            case LIBDBUS -> "echo";
            case JDK -> "raw";
            case GLIB -> "glib";
            case SDBUS -> "sdbus";
            case DBUS_JAVA_STOCK -> "stock";
        };
    }

    /** The program a cell's client needs besides the jars (null: none), as a service prog:NAME. */
    static String programOf(CellKind kind) {
        return switch (kind) {
            case SPAM_LIBDBUS, SPAM_JAVA, SPAM_GLIB -> PROG_SPAM;
            case GLIB -> "prog:" + Library.GLIB.label();
            case SDBUS -> "prog:" + Library.SDBUS.label();
            case STOCK -> "prog:" + Library.DBUS_JAVA_STOCK.label();
            default -> null;
        };
    }

    static final String PROG_SPAM = "prog:" + LibraryPrograms.SPAM_PROGRAM;
    /** The libraries whose servers and clients are programs of their own (LibraryPrograms). */
    static final List<Library> PROGRAM_LIBRARIES = List.of(Library.GLIB, Library.SDBUS, Library.DBUS_JAVA_STOCK);

    /** The libdbus client's command before its arguments (SpamRun). */
    public List<String> spamProgram() {
        return programs.spamProgram();
    }

    public void startAll(SessionConfig config, SessionPlan plan, boolean dbusTestTool)
        throws IOException, InterruptedException {
        log.say("== starting buses and servers");
        boolean overlimit = plan.cells().stream().anyMatch(c -> c.kind() == CellKind.OVERLIMIT);
        for (Transport t : config.matrix().transports()) {
            if (t.isBus() && !services.startBus(t.label(), t.label(), Map.of())) {
                skipTransport(t, services.blocker(List.of("bus:" + t.label())));
            }
        }
        if (overlimit && !services.startBus("dbus-daemon", Transport.DBUS_DAEMON_LIMIT8.label(),
                Map.of("LAB_BUS_MAX_REPLIES", Integer.toString(OVERLIMIT_MAX_REPLIES)))) {
            skipOverlimit(services.blocker(List.of("bus:" + Transport.DBUS_DAEMON_LIMIT8.label())));
        }
        List<Transport> servers = new ArrayList<>(config.matrix().transports());
        if (overlimit) {
            servers.add(Transport.DBUS_DAEMON_LIMIT8);
        }
        for (Transport t : PathsPlan.extraTransports(plan.cells())) {
            if (t.policyRules() > 0) {
                startPolicyBus(t); // its server is the policy pair's (PathsPlan.POLICY_PAIR): a library server
            } else {
                startRoute(t, plan);
            }
        }
        for (Transport t : servers) {
            if (!t.isBus() || services.blocker(List.of("bus:" + t.label())) == null) {
                services.spawnJavaServer(t.label(), t.label());
            }
        }
        startLibraryServers(config, plan);
        boolean raw = plan.cells().stream().anyMatch(c -> c.kind() == CellKind.RAW);
        if (raw) {
            for (Transport t : Transport.RAW) {
                services.spawnRawServer(t.label());
            }
        }
        services.awaitServers(s -> log.say("   server " + (isLibraryServer(s.name()) ? s.name() : label(s.name()))
            + " ready: " + s.address()), s -> {
            Transport t = Transport.ofLabel(label(s.name())).orElseThrow();
            if (isLibraryServer(s.name())) {
                log.say("[skip] " + s.name() + ": " + s.check()); // its cells: skipped.tsv per pair below
            } else if (s.name().startsWith("raw:")) {
                folder.skipped(t, "raw echo server did not start: " + s.check());
                log.say("[skip] " + t.label() + ": " + s.check());
            } else if (t == Transport.DBUS_DAEMON_LIMIT8) {
                skipOverlimit(s.check());
            } else {
                skipTransport(t, s.check());
            }
        });
        if (config.others().reference()) {
            startEchoesAndCheckHooks(config, plan, dbusTestTool);
        }
        if (plan.cells().stream().anyMatch(c -> c.kind() == CellKind.SPAM_GLIB)) {
            checkGlibSpamHook(plan);
        }
        for (Cell c : plan.cells()) {
            for (String name : needs(c)) {
                if (services.blocker(List.of(name)) != null) {
                    startupDead.add(name);
                }
            }
        }
        skipLibraryPairs(config, plan);
    }

    /** Bus T of the policy series: its bus program with T's extra rules (PolicyRules), started like any bus. */
    private void startPolicyBus(Transport t) throws IOException, InterruptedException {
        Path rules = services.socket(t.label() + ".policy.xml");
        Files.writeString(rules, PolicyRules.xml(t.policyRules()));
        if (!services.startBus(t.implementation().label(), t.label(), Map.of("LAB_BUS_POLICY_FILE", rules.toString()))) {
            skipTransport(t, services.blocker(List.of("bus:" + t.label())));
        }
    }

    /** Path T's route in front of its bus; when the bus or a program is missing, T is skipped with the reason. */
    private void startRoute(Transport t, SessionPlan plan) throws IOException, InterruptedException {
        String bus = services.blocker(List.of("bus:" + t.destination().label()));
        if (bus != null) {
            services.markDead(routeOf(t), bus);
            skipTransport(t, bus);
        } else if (!services.startRoute(t, t.destination().label())) {
            skipTransport(t, services.blocker(List.of(routeOf(t))));
        } else if (plan.cells().stream().anyMatch(c -> c.transport() == t && c.pair() == Pair.SDBUS_JAVA)) {
            String refused = services.sdbusRefusedBy(t);
            if (refused != null) {
                missingHook(t, Pair.SDBUS_JAVA, Series.PATHS.label(), refused);
            }
        }
    }

    /**
     * Every library server a cell needs, once per transport (bus: --bus ADDR --name NAME; p2p: --listen on a socket
     * in the session's 0700 temp folder), and the client programs as prog: services; what is missing is dead with
     * its reason (the Makefile's line, or the stock jar's absence), so its cells are skipped.
     */
    private void startLibraryServers(SessionConfig config, SessionPlan plan) throws IOException {
        String spamMissing = programs.spamMissing();
        if (spamMissing == null) {
            services.markAvailable(PROG_SPAM);
        } else {
            services.markDead(PROG_SPAM, spamMissing);
        }
        for (Library lib : PROGRAM_LIBRARIES) {
            String missing = programs.missing(lib);
            if (missing == null) {
                services.markAvailable("prog:" + lib.label());
            } else {
                services.markDead("prog:" + lib.label(), missing);
            }
            List<Transport> buses = new ArrayList<>(config.matrix().transports());
            PathsPlan.extraTransports(plan.cells()).stream().filter(t -> t.policyRules() > 0).forEach(buses::add);
            for (Transport t : buses) {
                String name = serverName(lib, t);
                if (plan.cells().stream().noneMatch(c -> serverOf(c).equals(name))) {
                    continue;
                }
                String bus = t.isBus() ? services.blocker(List.of("bus:" + t.label())) : null;
                if (missing != null || bus != null) {
                    services.markDead(name, missing != null ? missing : bus);
                    continue;
                }
                String address = t.isBus() ? services.get("bus:" + t.label()).orElseThrow().address() : null;
                String listen = t == Transport.P2P_UNIX ? "unix:path=" + services.socket(name.replace(':', '-') + ".sock")
                    : "tcp:host=127.0.0.1,port=0";
                Path probe = lib == Library.DBUS_JAVA_STOCK ? services.allocSocket(name) : null;
                services.spawnLibraryServer(name, t.label(), programs.server(lib, address, listen, probe), probe);
            }
        }
    }

    private static boolean isLibraryServer(String serviceName) {
        return PROGRAM_LIBRARIES.stream().anyMatch(l -> serviceName.startsWith(prefix(l) + ":"));
    }

    /** libdbus>glib: libdbus-spam calls com.example.Spam, which the GLib server may not answer yet (peers2). */
    private void checkGlibSpamHook(SessionPlan plan) throws IOException, InterruptedException {
        for (Transport t : plan.cells().stream().filter(c -> c.kind() == CellKind.SPAM_GLIB).map(Cell::transport)
                .distinct().toList()) {
            if (services.blocker(List.of("bus:" + t.label(), serverName(Library.GLIB, t))) == null) {
                String why = services.spamHookMissing(t.label(), Library.GLIB.busName(), "the GLib server");
                if (why != null) {
                    missingHook(t, Pair.LIBDBUS_GLIB, "libraries", why);
                }
            }
        }
    }

    /**
     * One skipped.tsv line per (transport, pair) of the libraries and lkml series that cannot run from the start
     * (a missing program, a server that did not start), and one per pair the plan leaves out (LibraryPlan.excluded).
     */
    private void skipLibraryPairs(SessionConfig config, SessionPlan plan) {
        Set<String> written = new HashSet<>();
        for (Cell c : plan.cells()) {
            if (!List.of(Series.LIBRARIES, Series.LKML, Series.PATHS, Series.POLICY).contains(c.series())
                    || skippedTransports.containsKey(c.transport())) {
                continue;
            }
            Blocked b = blocked(c);
            if (b != null && b.kind() == Blocked.Kind.STARTUP && written.add(c.transport() + " " + c.pair() + " " + c.series())) {
                folder.skipped(c.transport(), c.pair(), c.series().label() + " pair " + c.pair().label() + " not run: "
                    + b.reason());
                log.say("[skip] " + c.transport().label() + " " + c.series().label() + " " + c.pair().label() + ": "
                    + b.reason());
            }
        }
        for (LibraryPlan.Excluded e : LibraryPlan.excluded(config)) {
            folder.skipped(e.transport(), e.pair(), e.reason());
        }
    }

    private void startEchoesAndCheckHooks(SessionConfig config, SessionPlan plan, boolean dbusTestTool)
        throws IOException, InterruptedException {
        List<Transport> refBuses = Transport.REFERENCE_BUSES.stream().filter(config.matrix()::has)
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
                missingHook(t, Pair.JAVA_LIBDBUS, "reference", clientHook);
            }
            if (services.blocker(List.of("srv:" + t.label())) == null) {
                String serverHook = services.spamHookMissing(t.label());
                if (serverHook != null) {
                    missingHook(t, Pair.LIBDBUS_JAVA, "reference", serverHook);
                }
            }
        }
    }

    private void missingHook(Transport t, Pair pair, String series, String why) {
        missingHooks.put(pair.label() + "@" + t.label(), why);
        folder.skipped(t, pair, series + " pair " + pair.label() + " not run: " + why);
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

    /** The address a cell's client connects to: its route's, else the bus's, else (p2p, raw) its server's. */
    public String addressFor(Cell cell) {
        String name = cell.transport().route() != Route.DIRECT ? routeOf(cell.transport())
            : cell.transport().isBus() ? "bus:" + cell.transport().label() : serverOf(cell);
        return services.get(name).orElseThrow().address();
    }

    /** Tools the reference rows need. */
    public static boolean onPath(String tool) {
        return Services.onPath(tool);
    }

    static Map<Transport, String> emptyMap() {
        return new EnumMap<>(Transport.class);
    }
}
