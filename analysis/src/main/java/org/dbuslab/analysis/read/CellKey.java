package org.dbuslab.analysis.read;

import org.dbuslab.format.Pair;
import org.dbuslab.format.Route;
import org.dbuslab.format.Series;
import org.dbuslab.format.Transport;

import java.util.List;

/**
 * What makes runs comparable: same transport, mode, payload, window and calls per run, and since the lab's
 * reference rows also the same pair of implementations ({@code client>server}), series and client method, and since
 * issue 21 the same CPU placement ({@link Placements}): runs of different placements are never pooled.
 * Folders without those columns get the defaults: the lab's Java client and server, the matrix, echo, and the
 * placement of environment.json (free without one).
 */
public record CellKey(String transport, String mode, int payloadBytes, int window, int calls, String pair, String series,
               String method, String placement) {

    /** A cell of the default placement ({@link Placements#FREE}). */
    public CellKey(String transport, String mode, int payloadBytes, int window, int calls, String pair, String series,
                   String method) {
        this(transport, mode, payloadBytes, window, calls, pair, series, method, Placements.FREE);
    }

    // runs.csv's words, defined once in format; the key keeps them as text so a series this version does not know
    // still reads (as a reference cell).
    /** The lab's own Java client and Java server, true echo: the measured subject. */
    public static final String SUBJECT_PAIR = Pair.JAVA.label();
    public static final String LIBDBUS_PAIR = Pair.LIBDBUS.label();
    public static final String JAVA_CLIENT_PAIR = Pair.JAVA_LIBDBUS.label();
    public static final String JAVA_SERVER_PAIR = Pair.LIBDBUS_JAVA.label();
    public static final String RAW_PAIR = Pair.RAW.label();
    /** The pairs that involve libdbus, in the order the reports show them. */
    public static final List<String> LIBDBUS_PAIRS = List.of(LIBDBUS_PAIR, JAVA_CLIENT_PAIR, JAVA_SERVER_PAIR);

    public static final String MATRIX = Series.MATRIX.label();
    public static final String REFERENCE = Series.REFERENCE.label();
    public static final String SWEEP = Series.SWEEP.label();
    public static final String OVERLIMIT = Series.OVERLIMIT.label();
    public static final String LIBRARIES = Series.LIBRARIES.label();
    public static final String LKML = Series.LKML.label();
    public static final String PATHS = Series.PATHS.label();
    public static final String POLICY = Series.POLICY.label();
    /** Marks a pair whose server answers empty ({@link #emptyReply()}). */
    public static final String EMPTY_REPLY = " (empty reply)";
    public static final String ECHO = "echo";
    public static final String SPAM = "spam";
    /** A libdbus spam row whose client timed its calls itself (no fixed cost to subtract). */
    public static final String SPAM_TIMED = org.dbuslab.format.RunsCsv.METHOD_SPAM_TIMED;

    /** What a cell is for in the reports. */
    public enum Role {
        /** The transport matrix of the Java pair: headline, verdicts, details. */
        SUBJECT,
        /** libdbus pairs and the raw-socket floor: the lab's health figures. */
        REFERENCE,
        /** The pipelining-depth sweep. */
        SWEEP,
        /** A check meant to fail in a defined way (the over-limit check); never a correctness failure. */
        OVERLIMIT,
        /** The client-library matrix: "Client libraries". */
        LIBRARY,
        /** The 2015 experiment: "The 2015 experiment". */
        LKML,
        /** Real-world paths and policy weight (issue 24): "Real-world paths". */
        PATH
    }

    /** A cell of the original format: the Java pair's matrix, echo calls. */
    public CellKey(String transport, String mode, int payloadBytes, int window, int calls) {
        this(transport, mode, payloadBytes, window, calls, SUBJECT_PAIR, MATRIX, ECHO);
    }

    public Role role() {
        // a series this version does not know is never the subject
        return Series.ofLabel(series).map(known -> switch (known) {
            case SWEEP -> Role.SWEEP;
            case OVERLIMIT -> Role.OVERLIMIT;
            case LIBRARIES -> Role.LIBRARY;
            case LKML -> Role.LKML;
            case PATHS, POLICY -> Role.PATH;
            case MATRIX -> pair.equals(SUBJECT_PAIR) ? Role.SUBJECT : Role.REFERENCE;
            case REFERENCE -> Role.REFERENCE;
        }).orElse(Role.REFERENCE);
    }

    /**
     * runs.csv's reference column as the runner writes it: true for the reference series and for every pair but the
     * lab's own in the client-library and 2015 series (the runner marks every row but the subject's pair).
     */
    public boolean referenceFlag() {
        return switch (role()) {
            case REFERENCE -> true;
            case LIBRARY, LKML, PATH -> !pair.equals(SUBJECT_PAIR);
            default -> false;
        };
    }

    public boolean subject() {
        return role() == Role.SUBJECT;
    }

    /** The key with calls 0: the same cell measured with other calls per run (compare's match across sessions). */
    public CellKey withoutCalls() {
        return withCalls(0);
    }

    public CellKey withCalls(int otherCalls) {
        return new CellKey(transport, mode, payloadBytes, window, otherCalls, pair, series, method, placement);
    }

    public CellKey withPlacement(String other) {
        return new CellKey(transport, mode, payloadBytes, window, calls, pair, series, method, other);
    }

    /** The five fields plan.tsv has (it names no pair, series, method or placement). */
    public CellKey planKey() {
        return new CellKey(transport, mode, payloadBytes, window, calls);
    }

    /** plan.tsv lists the Java and raw cells only; the libdbus pairs are in order.tsv alone. */
    public boolean planned() {
        return !LIBDBUS_PAIRS.contains(pair);
    }

    /**
     * The client timed from outside, start-up included: libdbus's spam client (dbus-test-tool spam, or libdbus-spam
     * before it timed its calls, method spam-timed); its runs' fixed cost is subtracted, and its client CPU is the whole
     * process's.
     */
    public boolean externallyTimed() {
        return method.equals(SPAM) && pair.startsWith("libdbus>");
    }

    /**
     * libdbus's spam client, one process per run, however its calls were timed: the bus's, the server's and a path
     * program's CPU are measured over the process's whole life, its connecting and leaving included.
     */
    public boolean spamProcess() {
        return (method.equals(SPAM) || method.equals(SPAM_TIMED)) && pair.startsWith("libdbus>");
    }

    /**
     * How the client reaches its bus ({@link Transport#route()}): through xdg-dbus-proxy, systemd-stdio-bridge, or
     * directly, which is also the answer for every transport this version does not know.
     */
    public Route route() {
        return Transport.ofLabel(transport).map(Transport::route).orElse(Route.DIRECT);
    }

    /** Whether a bus carries the calls: not for peer-to-peer (p2p-*) and raw-socket (raw-*) transports. */
    public boolean hasBus() {
        return !transport.startsWith("p2p-") && !transport.startsWith("raw-");
    }

    /** "sync 1000 B window 1 calls 10000": the cell without its transport. */
    public String shape() {
        return mode + " " + payloadBytes + " B window " + window + " calls " + calls;
    }

    /**
     * The transport as the tables name it: the bare transport for the subject, else marked, e.g.
     * "dbus-daemon libdbus>libdbus (reference)", "dbus-broker (sweep)".
     */
    public String displayName() {
        return switch (role()) {
            case SUBJECT -> transport;
            case REFERENCE -> transport + " " + pair + " (reference)";
            case SWEEP -> transport + (pair.equals(SUBJECT_PAIR) ? "" : " " + pair) + " (sweep)";
            case OVERLIMIT -> transport + " (over-limit check)";
            case LIBRARY -> transport + " " + pair + " (libraries)";
            case LKML -> transport + " " + pair + " (2015 experiment)";
            case PATH -> transport + " " + pair + " (" + series + ")";
        };
    }

    /** The client's library: the part of the pair before '>' (the whole pair when it has none). */
    public String clientLibrary() {
        int split = pair.indexOf('>');
        return split < 0 ? pair : pair.substring(0, split);
    }

    /** The server's library: the part of the pair after '>' (the whole pair when it has none). */
    public String serverLibrary() {
        int split = pair.indexOf('>');
        return split < 0 ? pair : pair.substring(split + 1);
    }

    /**
     * The reply carries no payload, so the pair moves half the bytes of a true echo: libdbus's echo (dbus-test-tool
     * echo) replies empty, and every server answers libdbus's spam calls empty.
     */
    public boolean emptyReply() {
        return serverLibrary().equals("libdbus") || method.equals(SPAM) || method.equals(SPAM_TIMED);
    }

    /** The pair as the client-library tables name it: marked when its replies are empty. */
    public String pairName() {
        return pair + (emptyReply() ? EMPTY_REPLY : "");
    }

    /** How a cell is named in warnings: "dbus-broker sync 1000 B window 1 calls 10000", then its placement unless free. */
    public String label() {
        return displayName() + " " + shape() + (placement.equals(Placements.FREE) ? "" : " " + placement);
    }
}
