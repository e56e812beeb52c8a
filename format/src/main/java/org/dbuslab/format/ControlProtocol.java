package org.dbuslab.format;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.regex.Pattern;

/**
 * The control channel between the session runner and a persistent client (docs/RUNNER-DESIGN.md): UTF-8 lines
 * ending in '\n', commands on the client's stdin, replies on its stdout. Parsing is strict: a line either is exactly
 * one of the forms below or is refused with one {@link ControlProtocolException} saying why.
 * <pre>
 * commands: run PHASE TAG PAYLOAD_BYTES WINDOW CALLS SEED      (PHASE warmup|measure, TAG [A-Za-z0-9._-]+)
 *           quit
 * replies:  ready
 *           done TAG elapsed_ns=N calls=N lost=N mismatched=N errors=N jit_ms=N started_utc=ISO problem=TEXT [alloc_bytes=N]
 *           bye
 *           error TEXT        (a malformed command; the client goes on)
 *           fatal TEXT        (the connection is dead; the client exits 1)
 * </pre>
 * {@code problem} is '-' for none, else the run's first problem percent-encoded (see {@link #encodeProblem}).
 * {@code alloc_bytes}, optional, is what the client JVM's threads allocated on the heap during the run; a client that
 * does not know (the C peers, which predate it) leaves it out, and so does the Java client when its JVM does not count.
 * Lines are at most {@link #MAX_LINE_BYTES}; {@link ControlProtocolReader} enforces that on reading.
 */
public final class ControlProtocol {

    /** Longest line either side sends or accepts, '\n' excluded: a long problem is shortened to fit. */
    public static final int MAX_LINE_BYTES = 8192;
    public static final int MAX_TAG_CHARS = 128;
    /** Problem and error texts are cut to this many characters (their encoding then fits in a line). */
    public static final int MAX_TEXT_CHARS = 500;

    public static final String PHASE_WARMUP = RunsCsv.PHASE_WARMUP;
    public static final String PHASE_MEASURE = RunsCsv.PHASE_MEASURE;

    private static final Pattern TAG = Pattern.compile("[A-Za-z0-9._-]{1," + MAX_TAG_CHARS + "}");
    private static final Pattern UNSIGNED = Pattern.compile("0|[1-9][0-9]{0,18}");
    private static final Pattern SIGNED = Pattern.compile("-?(0|[1-9][0-9]{0,18})");
    private static final String RUN_FORM = "run PHASE TAG PAYLOAD_BYTES WINDOW CALLS SEED";
    private static final String DONE_FORM =
        "done TAG elapsed_ns=N calls=N lost=N mismatched=N errors=N jit_ms=N started_utc=ISO problem=TEXT [alloc_bytes=N]";
    private static final String[] DONE_KEYS =
        {"elapsed_ns", "calls", "lost", "mismatched", "errors", "jit_ms", "started_utc", "problem"};
    /** The optional keys after {@link #DONE_KEYS}, in this order (a reader of an older line finds none of them). */
    private static final String[] DONE_OPTIONAL_KEYS = {"alloc_bytes"};
    private static final String NO_PROBLEM = "-";

    private ControlProtocol() {
    }

    /** What the runner sends. */
    public sealed interface Command permits Run, Quit {
    }

    /** One run of {@code calls} calls of {@code payloadBytes} bytes, at most {@code window} outstanding. */
    public record Run(String phase, String tag, int payloadBytes, int window, int calls, long seed) implements Command {
        public Run {
            if (!PHASE_WARMUP.equals(phase) && !PHASE_MEASURE.equals(phase)) {
                throw new ControlProtocolException("PHASE must be warmup or measure, was '" + printable(phase) + "'");
            }
            if (tag == null || !TAG.matcher(tag).matches()) {
                throw new ControlProtocolException("TAG must be 1-" + MAX_TAG_CHARS
                    + " of [A-Za-z0-9._-], was '" + printable(tag) + "'");
            }
            if (payloadBytes < 0) {
                throw new ControlProtocolException("PAYLOAD_BYTES must be 0 or more, was " + payloadBytes);
            }
            if (window < 1) {
                throw new ControlProtocolException("WINDOW must be at least 1, was " + window);
            }
            if (calls < 1) {
                throw new ControlProtocolException("CALLS must be at least 1, was " + calls);
            }
        }
    }

    public record Quit() implements Command {
    }

    /** What the client answers. */
    public sealed interface Reply permits Ready, Done, Bye, CommandError, Fatal {
    }

    /** Connected (and authenticated): the client takes commands. */
    public record Ready() implements Reply {
    }

    /**
     * A run's outcome. {@code jitMillis} -1: unknown; {@code problem} null: none, else the first failed call's
     * description; {@code allocatedBytes} what the client's threads allocated during the run, -1: unknown.
     */
    public record Done(String tag, long elapsedNanos, int calls, long lost, long mismatched, long errors,
                       long jitMillis, Instant startedUtc, String problem, long allocatedBytes) implements Reply {

        /** A done line without an allocation figure (a client that does not count). */
        public Done(String tag, long elapsedNanos, int calls, long lost, long mismatched, long errors, long jitMillis,
                    Instant startedUtc, String problem) {
            this(tag, elapsedNanos, calls, lost, mismatched, errors, jitMillis, startedUtc, problem, -1);
        }

        public Done {
            if (tag == null || !TAG.matcher(tag).matches()) {
                throw new ControlProtocolException("done: TAG must be 1-" + MAX_TAG_CHARS
                    + " of [A-Za-z0-9._-], was '" + printable(tag) + "'");
            }
            if (elapsedNanos < 0 || calls < 0 || lost < 0 || mismatched < 0 || errors < 0 || jitMillis < -1
                || allocatedBytes < -1) {
                throw new ControlProtocolException(
                    "done: counts must not be negative (jit_ms at least -1, alloc_bytes at least -1)");
            }
            if (startedUtc == null) {
                throw new ControlProtocolException("done: started_utc is missing");
            }
        }
    }

    public record Bye() implements Reply {
    }

    /** The client refused a malformed command and goes on. */
    public record CommandError(String text) implements Reply {
    }

    /** The client cannot go on (its connection is dead) and exits 1. */
    public record Fatal(String text) implements Reply {
    }

    // ---- commands

    public static String encode(Command command) {
        if (command instanceof Run r) {
            return "run " + r.phase() + " " + r.tag() + " " + r.payloadBytes() + " " + r.window() + " " + r.calls()
                + " " + r.seed();
        }
        return "quit";
    }

    /** @throws ControlProtocolException unless {@code line} is exactly one command */
    public static Command parseCommand(String line) {
        String[] words = words(line);
        if (words.length == 1 && "quit".equals(words[0])) {
            return new Quit();
        }
        if (!"run".equals(words[0])) {
            throw new ControlProtocolException("unknown command '" + printable(line) + "': expected '" + RUN_FORM
                + "' or 'quit'");
        }
        if (words.length != 7) {
            throw new ControlProtocolException("malformed command '" + printable(line) + "': expected '" + RUN_FORM + "'");
        }
        return new Run(words[1], words[2], intValue("PAYLOAD_BYTES", words[3]), intValue("WINDOW", words[4]),
            intValue("CALLS", words[5]), signedLong("SEED", words[6]));
    }

    // ---- replies

    public static String encode(Reply reply) {
        if (reply instanceof Done d) {
            return "done " + d.tag() + " elapsed_ns=" + d.elapsedNanos() + " calls=" + d.calls()
                + " lost=" + d.lost() + " mismatched=" + d.mismatched() + " errors=" + d.errors()
                + " jit_ms=" + d.jitMillis() + " started_utc=" + d.startedUtc() + " problem="
                + encodeProblem(d.problem()) + (d.allocatedBytes() < 0 ? "" : " alloc_bytes=" + d.allocatedBytes());
        }
        if (reply instanceof CommandError e) {
            return "error " + text(e.text());
        }
        if (reply instanceof Fatal f) {
            return "fatal " + text(f.text());
        }
        return reply instanceof Ready ? "ready" : "bye";
    }

    /** @throws ControlProtocolException unless {@code line} is exactly one reply */
    public static Reply parseReply(String line) {
        if ("ready".equals(line)) {
            return new Ready();
        }
        if ("bye".equals(line)) {
            return new Bye();
        }
        if (line.startsWith("error ") && line.length() > 6) {
            return new CommandError(line.substring(6));
        }
        if (line.startsWith("fatal ") && line.length() > 6) {
            return new Fatal(line.substring(6));
        }
        String[] words = words(line);
        if (!"done".equals(words[0])) {
            throw new ControlProtocolException("unknown reply '" + printable(line)
                + "': expected ready, done, bye, error or fatal");
        }
        int optional = words.length - 2 - DONE_KEYS.length;
        if (optional < 0 || optional > DONE_OPTIONAL_KEYS.length) {
            throw new ControlProtocolException("malformed reply '" + printable(line) + "': expected '" + DONE_FORM + "'");
        }
        String[] values = new String[DONE_KEYS.length + DONE_OPTIONAL_KEYS.length];
        for (int i = 0; i < DONE_KEYS.length + optional; i++) {
            String key = i < DONE_KEYS.length ? DONE_KEYS[i] : DONE_OPTIONAL_KEYS[i - DONE_KEYS.length];
            String prefix = key + "=";
            if (!words[i + 2].startsWith(prefix)) {
                throw new ControlProtocolException("malformed reply '" + printable(line) + "': field " + (i + 2)
                    + " must be " + prefix + "..., expected '" + DONE_FORM + "'");
            }
            values[i] = words[i + 2].substring(prefix.length());
        }
        Instant started;
        try {
            started = Instant.parse(values[6]);
        } catch (DateTimeParseException e) {
            throw new ControlProtocolException("done: started_utc is not an ISO-8601 instant: '" + printable(values[6]) + "'");
        }
        return new Done(words[1], unsignedLong("elapsed_ns", values[0]), intValue("calls", values[1]),
            unsignedLong("lost", values[2]), unsignedLong("mismatched", values[3]), unsignedLong("errors", values[4]),
            signedLong("jit_ms", values[5]), started, decodeProblem(values[7]),
            values[8] == null ? -1 : signedLong("alloc_bytes", values[8]));
    }

    // ---- problem text

    /**
     * '-' for null; otherwise the text (cut to {@link #MAX_TEXT_CHARS}) with every UTF-8 byte outside '!'..'~',
     * and '%', written as %XX, so it has no spaces; a text that is just "-" becomes "%2D".
     */
    public static String encodeProblem(String problem) {
        if (problem == null) {
            return NO_PROBLEM;
        }
        if (NO_PROBLEM.equals(problem)) {
            return "%2D";
        }
        StringBuilder out = new StringBuilder();
        for (byte b : shortened(problem).getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if (c > 0x20 && c < 0x7f && c != '%') {
                out.append((char) c);
            } else {
                out.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                    .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
            }
        }
        return out.toString();
    }

    /** The inverse of {@link #encodeProblem}; strict about escapes and UTF-8. */
    public static String decodeProblem(String encoded) {
        if (NO_PROBLEM.equals(encoded)) {
            return null;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(encoded.length());
        for (int i = 0; i < encoded.length(); i++) {
            char c = encoded.charAt(i);
            if (c == '%') {
                int hi = i + 1 < encoded.length() ? Character.digit(encoded.charAt(i + 1), 16) : -1;
                int lo = i + 2 < encoded.length() ? Character.digit(encoded.charAt(i + 2), 16) : -1;
                if (hi < 0 || lo < 0) {
                    throw new ControlProtocolException("problem: '%' must be followed by two hex digits at "
                        + i + " in '" + printable(encoded) + "'");
                }
                bytes.write(hi << 4 | lo);
                i += 2;
            } else if (c > 0x20 && c < 0x7f) {
                bytes.write(c);
            } else {
                throw new ControlProtocolException("problem: character " + (int) c + " must be percent-encoded");
            }
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes.toByteArray())).toString();
        } catch (CharacterCodingException e) {
            throw new ControlProtocolException("problem: the decoded bytes are not UTF-8");
        }
    }

    // ---- helpers

    /** An error or fatal text on one line: line breaks and other control characters become spaces. */
    private static String text(String text) {
        String line = shortened(text == null || text.isBlank() ? "(no detail)" : text).replaceAll("\\p{Cntrl}", " ");
        return line.isBlank() ? "(no detail)" : line;
    }

    private static String shortened(String text) {
        if (text.codePointCount(0, text.length()) <= MAX_TEXT_CHARS) {
            return text;
        }
        return text.substring(0, text.offsetByCodePoints(0, MAX_TEXT_CHARS - 3)) + "...";
    }

    private static String[] words(String line) {
        if (line == null || line.isEmpty()) {
            throw new ControlProtocolException("empty line");
        }
        String[] words = line.split(" ", -1);
        for (String word : words) {
            if (word.isEmpty()) {
                throw new ControlProtocolException("words must be separated by exactly one space: '"
                    + printable(line) + "'");
            }
        }
        return words;
    }

    private static int intValue(String name, String text) {
        long value = unsignedLong(name, text);
        if (value > Integer.MAX_VALUE) {
            throw new ControlProtocolException(name + " is too large: " + text);
        }
        return (int) value;
    }

    private static long unsignedLong(String name, String text) {
        if (!UNSIGNED.matcher(text).matches()) {
            throw new ControlProtocolException(name + " must be a whole number 0 or more, was '" + printable(text) + "'");
        }
        return parse(name, text);
    }

    private static long signedLong(String name, String text) {
        if (!SIGNED.matcher(text).matches()) {
            throw new ControlProtocolException(name + " must be a whole number, was '" + printable(text) + "'");
        }
        return parse(name, text);
    }

    private static long parse(String name, String text) {
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new ControlProtocolException(name + " is out of range: " + text);
        }
    }

    /** A line quoted in a message: at most 80 characters, control characters shown as '?'. */
    static String printable(String text) {
        if (text == null) {
            return "";
        }
        String shown = text.length() > 80 ? text.substring(0, 77) + "..." : text;
        return shown.replaceAll("\\p{Cntrl}", "?");
    }
}
