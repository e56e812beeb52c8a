package org.dbuslab.runner.exec;

import org.dbuslab.format.Route;
import org.dbuslab.format.Transport;

import java.io.IOException;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Every bus, Java server, libdbus echo and raw server of a session, all started at the beginning and left
 * running until the end: buses one after another, then every server at once
 * (JVM start-ups overlap) until each has printed its 'ready ADDRESS' line (one deadline for all), then the
 * libdbus echoes, each ready when it owns its name. What cannot start is reported to the skip sink and its
 * service is dead; its cells are then skipped, not failed.
 */
public final class Services {

    public static final Duration SERVER_READY_TIMEOUT = Duration.ofSeconds(30);
    public static final Duration ECHO_READY_TIMEOUT = Duration.ofSeconds(10);
    public static final String LIBDBUS_ECHO_NAME = "com.example.LabEcho";
    public static final String JAVA_ECHO_NAME = "org.dbuslab.Echo";
    public static final String RAW_SERVER_CLASS = "org.dbuslab.client.raw.RawEchoServer";

    /** Where a skip goes: skipped.tsv's "what<TAB>reason", and the session log. */
    public interface Skips {
        void skip(String what, String reason);
    }

    private final Supervisor supervisor;
    private final LabLayout jars;
    private final JavaRuntime java;
    private final CpuPlacement.Pinning pinning;
    private final Path tmp;
    private final Path logs;
    private final Consumer<String> say;
    private final Map<String, Service> services = new LinkedHashMap<>();
    /** Whether each server started by {@link #spawn} was placed as a bus's (its name alone may not say so). */
    private final Map<String, Boolean> serverOnBus = new LinkedHashMap<>();

    /** JARS: the session's jar copies; TMP: short private folder for sockets and bus dirs (sun_path). */
    public Services(Supervisor supervisor, LabLayout jars, JavaRuntime java, CpuPlacement.Pinning pinning, Path tmp,
                    Path logs, Consumer<String> say) {
        this.supervisor = supervisor;
        this.jars = jars;
        this.java = java;
        this.pinning = pinning;
        this.tmp = tmp;
        this.logs = logs;
        this.say = say;
    }

    public static boolean isBus(String transport) {
        return transport.equals("dbus-daemon") || transport.equals("dbus-broker") || transport.equals("dbus-daemon-tcp");
    }

    /** Whether service NAME (KIND:TRANSPORT) belongs to a bus transport; a program (prog:) counts as one. */
    public static boolean onBus(String name) {
        return Transport.ofLabel(name.substring(name.indexOf(':') + 1)).map(Transport::isBus).orElse(true);
    }

    /**
     * Whether service NAME was placed as belonging to a bus transport when it started: a server as its start said
     * (e.g. srv:p2p-tcp-netns, the p2p-tcp server of a second namespace, apart from its client), else as
     * {@link #onBus(String)} reads its name.
     */
    public boolean startedOnBus(String name) {
        return serverOnBus.getOrDefault(name, onBus(name));
    }

    /** Every service started, in start order. */
    public java.util.Collection<Service> all() {
        return services.values();
    }

    /** The service NAME (bus:T, srv:T, echo:T, raw:T), or empty when it was never started. */
    public Optional<Service> get(String name) {
        return Optional.ofNullable(services.get(name));
    }

    /** Null when every named service is usable, else the first one's reason (see {@link Service#check}). */
    public String blocker(List<String> names) {
        for (String name : names) {
            Service s = services.get(name);
            String why = s == null ? name + " was not started" : s.check();
            if (why != null) {
                return why;
            }
        }
        return null;
    }

    /** bus.sh up TRANSPORT as LABEL (its logs in logs/LABEL), with extra ENV; false (and dead) if it failed. */
    public boolean startBus(String transport, String label, Map<String, String> env) throws IOException,
        InterruptedException {
        return startBus(transport, label, env, List.of());
    }

    /** As above, bus.sh started under PREFIX (e.g. ip netns exec NAME: the bus in another network namespace). */
    public boolean startBus(String transport, String label, Map<String, String> env, List<String> prefix)
        throws IOException, InterruptedException {
        String name = "bus:" + label;
        try {
            BusInstance bus = BusInstance.up(supervisor, jars.busScript(), transport, label, tmp, logs.resolve(label),
                env, pinning.cpus(CpuPlacement.Role.BUS, true), prefix);
            services.put(name, Service.ofBus(name, bus));
            say.accept("   bus " + label + ": " + bus.address());
            return true;
        } catch (BusInstance.StartFailed e) {
            services.put(name, Service.failed(name, e.getMessage()));
            return false;
        }
    }

    /** The Java server for TRANSPORT (on bus LABEL's bus, or listening itself for p2p); see awaitReady. */
    public void spawnJavaServer(String transport, String label) throws IOException {
        spawnJavaServer(transport, label, List.of(), "tcp:host=127.0.0.1,port=0");
    }

    /**
     * As above, started under PREFIX (e.g. ip netns exec NAME), a p2p-tcp server listening on TCPLISTEN (a D-Bus
     * address, port 0: the kernel's choice).
     */
    public void spawnJavaServer(String transport, String label, List<String> prefix, String tcpListen)
        throws IOException {
        List<String> args = switch (transport) {
            case "p2p-unix" -> List.of("--listen", "unix:path=" + tmp.resolve("p2p.sock"));
            case "p2p-tcp" -> List.of("--listen", tcpListen);
            default -> List.of("--bus", services.get("bus:" + label).address());
        };
        String name = "srv:" + label;
        List<String> withProbe = new ArrayList<>(args);
        withProbe.addAll(List.of("--alloc-socket", allocSocket(name).toString()));
        List<String> command = new ArrayList<>(prefix);
        command.addAll(java.jar(jars.serverJar(), List.of(), withProbe));
        spawn(name, logs.resolve(label).resolve("server"), command,
            Transport.ofLabel(transport).map(Transport::isBus).orElse(true), allocSocket(name));
    }

    /**
     * Where the JVM server NAME's allocation probe listens (its {@code --alloc-socket}): in the session's private
     * (0700) temp folder, like every other socket.
     */
    public Path allocSocket(String name) {
        return tmp.resolve(name.replace(':', '-') + ".alloc");
    }

    /** How long a route's program may take to listen. */
    public static final Duration ROUTE_READY_TIMEOUT = Duration.ofSeconds(10);

    /**
     * The route of transport T (a proxy or bridge path) in front of bus BUSLABEL, as service route:T on the bus's
     * CPU: false (and dead, with the Debian package to install) when a program is missing or it did not listen
     * within {@link #ROUTE_READY_TIMEOUT}.
     */
    public boolean startRoute(Transport t, String busLabel) throws IOException, InterruptedException {
        String name = "route:" + t.label();
        for (String[] program : RouteCommand.programs(t.route())) {
            if (!onPath(program[0])) {
                services.put(name, Service.failed(name, program[0] + " not installed (Debian package " + program[1] + ")"));
                return false;
            }
        }
        Path socket = tmp.resolve(t.label() + ".sock");
        Launch launch = Launch.of(logs.resolve(t.label()).resolve("route"),
                RouteCommand.of(t.route(), services.get("bus:" + busLabel).address(), socket))
            .on(pinning.cpus(CpuPlacement.Role.EXTRA, true));
        Child child = supervisor.start(name, launch);
        Service service = Service.ofRoute(name, child, RouteCommand.perConnection(t.route()));
        services.put(name, service);
        long deadline = System.nanoTime() + ROUTE_READY_TIMEOUT.toNanos();
        while (!accepts(socket)) {
            if (!child.alive() || System.nanoTime() > deadline) {
                service.fail(t.route().program() + " did not listen on " + socket + ": " + child.lastComplaint());
                supervisor.stop(child);
                return false;
            }
            Thread.sleep(50);
        }
        service.ready("unix:path=" + socket);
        say.accept("   " + t.route().program() + " for " + busLabel + ": unix:path=" + socket);
        return true;
    }

    /**
     * Whether sd-bus can use route T: busctl (sd-bus, as the sd-bus client) calls the bus's GetId through it. Null
     * when it can, else why not, naming both programs' versions (Debian 12's xdg-dbus-proxy 0.1.4 drops sd-bus's
     * authentication: sd-bus sends its AUTH lines and BEGIN without waiting, which that proxy reads as a bad header).
     */
    public String sdbusRefusedBy(Transport t) throws IOException, InterruptedException {
        Service route = services.get("route:" + t.label());
        if (!onPath("busctl")) {
            return "busctl not installed (Debian package systemd): cannot check sd-bus through " + t.route().program();
        }
        ForeignCall call = ForeignCall.run(Duration.ofSeconds(10), "busctl", "--address=" + route.address(), "call",
            "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetId");
        if (call.status() == 0) {
            return null;
        }
        return "sd-bus (" + firstLine("busctl", "--version") + ") cannot connect through " + firstLine(t.route().program(),
            "--version") + ": busctl GetId failed: " + Logs.lastLineOf(call.output()) + knownCause(t.route());
    }

    /**
     * Why sd-bus fails through ROUTE where that is known, for the reader of skipped.tsv and the report. Checked by hand
     * with strace on Debian 12: busctl's one sendmsg() carries AUTH EXTERNAL, DATA, NEGOTIATE_UNIX_FD and BEGIN, and
     * xdg-dbus-proxy logs "Invalid message header read" and closes.
     */
    static String knownCause(Route route) {
        return route == Route.PROXY ? " (sd-bus sends its whole handshake, AUTH to BEGIN, in one write without waiting"
            + " for the answers, which this proxy does not accept: github.com/flatpak/xdg-dbus-proxy/issues/21)" : "";
    }

    private static String firstLine(String... argv) throws IOException, InterruptedException {
        if (!onPath(argv[0])) {
            return argv[0];
        }
        String out = ForeignCall.run(Duration.ofSeconds(10), argv).output().strip();
        String first = out.isEmpty() ? argv[0] : out.lines().findFirst().orElse(argv[0]);
        return first.startsWith(argv[0]) ? first : argv[0] + " " + first;
    }

    /** A connection to SOCKET succeeds (the route listens); it is closed at once. */
    private static boolean accepts(Path socket) {
        if (!Files.exists(socket)) {
            return false;
        }
        try (var channel = SocketChannel.open(UnixDomainSocketAddress.of(socket))) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** TOOL is an executable on PATH. */
    public static boolean onPath(String tool) {
        String path = System.getenv().getOrDefault("PATH", "/usr/bin:/bin");
        for (String dir : path.split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }

    /** Another library's echo server NAME (e.g. glib:dbus-daemon), its logs under LABEL's folder; see awaitServers. */
    public void spawnLibraryServer(String name, String label, List<String> command) throws IOException {
        spawnLibraryServer(name, label, command, null);
    }

    /** The same for a JVM server whose COMMAND has {@code --alloc-socket ALLOCSOCKET} (the stock server). */
    public void spawnLibraryServer(String name, String label, List<String> command, Path allocSocket) throws IOException {
        spawn(name, logs.resolve(label).resolve(name.substring(0, name.indexOf(':')) + "-server"), command, allocSocket);
    }

    /** A socket path in the session's private (0700) temp folder. */
    public Path socket(String file) {
        return tmp.resolve(file);
    }

    /** Marks NAME (a program a cell needs, prog:NAME) usable. */
    public void markAvailable(String name) {
        services.put(name, Service.available(name));
    }

    /** The raw-socket echo server (JDK channels, no D-Bus) for raw-unix or raw-tcp. */
    public void spawnRawServer(String transport) throws IOException {
        String listen = transport.equals("raw-unix") ? "unix:path=" + tmp.resolve("raw.sock")
            : "tcp:host=127.0.0.1,port=0";
        String name = "raw:" + transport;
        spawn(name, logs.resolve(transport).resolve("server"), java.main(jars.clientJar(), RAW_SERVER_CLASS,
            List.of("--listen", listen, "--alloc-socket", allocSocket(name).toString())), allocSocket(name));
    }

    /** ALLOCSOCKET: the server's allocation probe (null: it has none). */
    private void spawn(String name, Path logBase, List<String> command, Path allocSocket) throws IOException {
        spawn(name, logBase, command, onBus(name), allocSocket);
    }

    private void spawn(String name, Path logBase, List<String> command, boolean onBus, Path allocSocket)
        throws IOException {
        serverOnBus.put(name, onBus);
        Launch launch = Launch.of(logBase, command).on(pinning.cpus(CpuPlacement.Role.SERVER, onBus));
        Child child = supervisor.start(name, launch);
        services.put(name, allocSocket == null ? Service.ofProcess(name, child)
            : Service.ofJvmServer(name, child, allocSocket));
    }

    /**
     * Waits for every spawned server's ready line, all within one SERVER_READY_TIMEOUT; a server that exits
     * first or prints nothing in time is stopped and dead. Calls ONREADY or ONFAILED per server.
     */
    public void awaitServers(Consumer<Service> onReady, Consumer<Service> onFailed) throws InterruptedException {
        long deadline = System.nanoTime() + SERVER_READY_TIMEOUT.toNanos();
        for (Service s : services.values()) {
            if (s.process() == null || s.address() != null || s.check() != null || s.name().startsWith("echo:")) {
                continue;
            }
            String reason = awaitReadyLine(s.process(), deadline);
            if (reason == null) {
                onReady.accept(s);
            } else {
                s.fail(reason);
                onFailed.accept(s);
            }
        }
    }

    private String awaitReadyLine(Child server, long deadline) throws InterruptedException {
        while (true) {
            Optional<String> ready = readyLine(server.out());
            if (ready.isPresent()) {
                services.get(server.name()).ready(ready.get());
                return null;
            }
            if (!server.alive()) {
                return "server exited (status " + server.exitCode().orElse(-1) + ") before ready: "
                    + server.lastComplaint();
            }
            if (System.nanoTime() > deadline) {
                String reason = "server printed no ready line within " + SERVER_READY_TIMEOUT.toSeconds() + "s: "
                    + server.lastComplaint();
                supervisor.stop(server);
                return reason;
            }
            Thread.sleep(100);
        }
    }

    static Optional<String> readyLine(Path out) {
        try {
            if (!Files.exists(out)) {
                return Optional.empty();
            }
            for (String line : Files.readAllLines(out, StandardCharsets.UTF_8)) {
                if (line.startsWith("ready ")) {
                    return Optional.of(line.substring("ready ".length()).strip());
                }
            }
        } catch (IOException e) {
            // not yet readable
        }
        return Optional.empty();
    }

    /** dbus-test-tool echo on bus T, ready when it owns LIBDBUS_ECHO_NAME (within ECHO_READY_TIMEOUT). */
    public boolean startLibdbusEcho(String transport) throws IOException, InterruptedException {
        String name = "echo:" + transport;
        Service bus = services.get("bus:" + transport);
        Launch launch = Launch.of(logs.resolve(transport).resolve("libdbus-echo"),
                List.of("dbus-test-tool", "echo", "--name=" + LIBDBUS_ECHO_NAME))
            .withEnvironment("DBUS_SESSION_BUS_ADDRESS", bus.address()).on(pinning.cpus(CpuPlacement.Role.SERVER, true));
        Child echo = supervisor.start(name, launch);
        Service service = Service.ofProcess(name, echo);
        services.put(name, service);
        long deadline = System.nanoTime() + ECHO_READY_TIMEOUT.toNanos();
        while (!nameOwned(bus.address(), LIBDBUS_ECHO_NAME)) {
            if (!echo.alive() || System.nanoTime() > deadline) {
                service.fail("dbus-test-tool echo did not claim " + LIBDBUS_ECHO_NAME + ": " + echo.lastComplaint());
                supervisor.stop(echo);
                return false;
            }
            Thread.sleep(50);
        }
        service.ready(bus.address());
        say.accept("   libdbus echo on " + transport + ": " + LIBDBUS_ECHO_NAME);
        return true;
    }

    /** Marks NAME dead without starting it (e.g. dbus-test-tool not installed). */
    public void markDead(String name, String reason) {
        services.put(name, Service.failed(name, reason));
    }

    /** The bus has an owner for NAME (dbus-send NameHasOwner, at most 5 s). */
    public static boolean nameOwned(String address, String name) throws IOException, InterruptedException {
        ForeignCall call = ForeignCall.run(Duration.ofSeconds(5), "dbus-send", "--bus=" + address, "--print-reply",
            "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus.NameHasOwner",
            "string:" + name);
        return call.status() == 0 && call.output().contains("boolean true");
    }

    /**
     * The reference pair libdbus>dbus-java needs the Java server on bus T to answer com.example.Spam at / with
     * an empty reply: null when it does, else why not (the pair is then skipped, not failed).
     */
    public String spamHookMissing(String transport) throws IOException, InterruptedException {
        return spamHookMissing(transport, JAVA_ECHO_NAME, "the Java server");
    }

    /** As above for the server owning DEST (WHO names it in the reason). */
    public String spamHookMissing(String transport, String dest, String who) throws IOException, InterruptedException {
        Service bus = services.get("bus:" + transport);
        ForeignCall call = ForeignCall.run(Duration.ofSeconds(10), "dbus-send", "--bus=" + bus.address(),
            "--print-reply", "--dest=" + dest, "/", "com.example.Spam", "array:byte:1,2,3");
        if (call.status() == 0) {
            return null;
        }
        return who + " does not answer com.example.Spam at / yet (hook pending): " + Logs.lastLineOf(call.output());
    }

    /** The client jar's --help names '--method' and 'spam' (the dbus-java>libdbus pair's hook). */
    public String clientSpamHookMissing() throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(java.jar(jars.clientJar(), List.of(), List.of("--help")));
        ForeignCall call = ForeignCall.run(Duration.ofSeconds(60), cmd.toArray(String[]::new));
        if (call.output().contains("--method") && call.output().contains("spam")) {
            return null;
        }
        return "the Java client has no '--method spam' yet (hook pending)";
    }

    /** A short foreign command (dbus-send, java --help), bounded, output and stderr together. */
    record ForeignCall(int status, String output) {
        static ForeignCall run(Duration timeout, String... argv) throws IOException, InterruptedException {
            Process p = new ProcessBuilder(argv).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
            var out = new java.io.ByteArrayOutputStream();
            Thread drain = new Thread(() -> {
                try {
                    p.getInputStream().transferTo(out);
                } catch (IOException e) {
                    // ended
                }
            });
            drain.start();
            if (!p.waitFor(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
                p.destroyForcibly().waitFor();
            }
            drain.join(1000);
            return new ForeignCall(p.isAlive() ? 124 : p.exitValue(), out.toString(StandardCharsets.UTF_8));
        }
    }
}
