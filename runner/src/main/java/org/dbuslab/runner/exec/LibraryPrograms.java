package org.dbuslab.runner.exec;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.dbuslab.format.Library;

/**
 * The echo programs of the libraries other than the lab's own (ROUND2.md): the C peers built by {@code make -C peers}
 * into peers/build/ (GLib, sd-bus) and the stock dbus-java jar (branch stock), with their command lines (the shape of
 * peers/README.md) and why they cannot run when they are missing. The launcher runs make and passes the Makefile's
 * one-line reason per library in {@value #GLIB_REASON_ENV} / {@value #SDBUS_REASON_ENV} /
 * {@value #LIBDBUS_REASON_ENV}. The libdbus client is the lab's {@value #SPAM_PROGRAM} (peers/c/libdbus-spam.c:
 * dbus-test-tool spam's calls without its leak); libdbus's server stays dbus-test-tool echo.
 */
public final class LibraryPrograms {

    public static final String GLIB_REASON_ENV = "LAB_PEERS_GLIB_MISSING";
    public static final String SDBUS_REASON_ENV = "LAB_PEERS_SDBUS_MISSING";
    public static final String LIBDBUS_REASON_ENV = "LAB_PEERS_LIBDBUS_MISSING";
    public static final String SPAM_PROGRAM = "libdbus-spam";
    public static final String STOCK_JAR = "stock/target/dbus-lab-stock.jar";
    public static final String STOCK_SERVER_CLASS = "org.dbuslab.stock.StockServerMain";
    public static final String STOCK_CLIENT_CLASS = "org.dbuslab.stock.StockClientMain";
    /** The clients' reply timeout: the Java client's and the C clients' default. */
    public static final int REPLY_TIMEOUT_MS = 10_000;

    private final Path repo;
    private final Map<String, String> env;
    private final JavaRuntime java;

    public LibraryPrograms(Path repo, Map<String, String> env, JavaRuntime java) {
        this.repo = repo;
        this.env = env;
        this.java = java;
    }

    public Path peerProgram(String name) {
        return repo.resolve("peers/build").resolve(name);
    }

    /** The libdbus client's command, before its arguments (SpamRun.spamCommand). */
    public List<String> spamProgram() {
        return List.of(peerProgram(SPAM_PROGRAM).toString());
    }

    /** Null when the libdbus client can run here, else why not (one line). */
    public String spamMissing() {
        return peersMissing(LIBDBUS_REASON_ENV, List.of(SPAM_PROGRAM), "make -C peers libdbus builds the libdbus client");
    }

    public Path stockJar() {
        return repo.resolve(STOCK_JAR);
    }

    /** Null when LIB's client and server can run here, else why not (one line). */
    public String missing(Library lib) {
        return switch (lib) {
            case GLIB -> peersMissing(GLIB_REASON_ENV, List.of("glib-echo-client", "glib-echo-server"),
                "make -C peers builds the GLib peers");
            case SDBUS -> peersMissing(SDBUS_REASON_ENV, List.of("sdbus-echo-client", "sdbus-echo-server"),
                "make -C peers builds the sd-bus peers");
            case DBUS_JAVA_STOCK -> Files.isRegularFile(stockJar()) ? null
                : STOCK_JAR + " is not built (the stock dbus-java client and server, branch stock: mvn -pl stock package)";
            default -> null;
        };
    }

    /**
     * Null when PROGRAMS are built in peers/build, else why not: the launcher's make line (ENVNAME) wins, so that
     * programs left from an older build are not used when make failed; else the first program missing and HOWTO.
     */
    private String peersMissing(String envName, List<String> programs, String howTo) {
        String make = env.get(envName);
        if (make != null && !make.isBlank()) {
            return make.strip();
        }
        for (String name : programs) {
            if (!Files.isExecutable(peerProgram(name))) {
                return "peers/build/" + name + " is not built (" + howTo + ")";
            }
        }
        return null;
    }

    /**
     * LIB's echo server: on bus BUSADDRESS owning its library's name, or (BUSADDRESS null) listening on LISTEN; it
     * prints 'ready ADDRESS'.
     */
    public List<String> server(Library lib, String busAddress, String listen) {
        return server(lib, busAddress, listen, null);
    }

    /**
     * The same; a JVM server (the stock one) also serves its allocation probe on ALLOCSOCKET (null: none), which the
     * C servers do not have.
     */
    public List<String> server(Library lib, String busAddress, String listen, Path allocSocket) {
        List<String> args = new ArrayList<>(busAddress != null ? List.of("--bus", busAddress, "--name", lib.busName())
            : List.of("--listen", listen));
        if (allocSocket != null && lib == Library.DBUS_JAVA_STOCK) {
            args.addAll(List.of("--alloc-socket", allocSocket.toString()));
        }
        return switch (lib) {
            case GLIB -> prepend(peerProgram("glib-echo-server"), args);
            case SDBUS -> prepend(peerProgram("sdbus-echo-server"), args);
            case DBUS_JAVA_STOCK -> java.main(stockJar(), STOCK_SERVER_CLASS, args);
            default -> throw new IllegalArgumentException("no library server program for " + lib);
        };
    }

    /**
     * LIB's persistent client in --control mode (ControlProtocol), to ADDRESS (PEER for p2p), calling DEST (null on
     * p2p). The stock client takes --window and --payload on its command line too (the contract's shape); the runs
     * set both per run.
     */
    public List<String> client(Library lib, String address, boolean peer, String dest, String mode, int window,
                               int payload, Path latencyLog) {
        List<String> args = clientArgs(lib, address, peer, dest, mode, window, payload, latencyLog);
        return switch (lib) {
            case GLIB -> prepend(peerProgram("glib-echo-client"), args);
            case SDBUS -> prepend(peerProgram("sdbus-echo-client"), args);
            case DBUS_JAVA_STOCK -> java.main(stockJar(), STOCK_CLIENT_CLASS, args);
            default -> throw new IllegalArgumentException("no library client program for " + lib);
        };
    }

    /** The arguments of {@link #client} (the C clients and the lab's Java client take the stock client's too). */
    public static List<String> clientArgs(Library lib, String address, boolean peer, String dest, String mode, int window,
                                          int payload, Path latencyLog) {
        List<String> args = new ArrayList<>(List.of("--address", address));
        if (peer) {
            args.add("--peer");
        }
        if (dest != null) {
            args.addAll(List.of("--dest", dest));
        }
        args.addAll(List.of("--mode", mode));
        if (lib == Library.DBUS_JAVA_STOCK) {
            args.addAll(List.of("--window", Integer.toString(window), "--payload", Integer.toString(payload)));
        }
        args.addAll(List.of("--reply-timeout", Integer.toString(REPLY_TIMEOUT_MS), "--control", "--latency-log",
            latencyLog.toString()));
        return args;
    }

    private static List<String> prepend(Path program, List<String> args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(program.toString());
        cmd.addAll(args);
        return cmd;
    }
}
