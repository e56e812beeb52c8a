package org.dbuslab.runner.options;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.function.Function;

import org.dbuslab.format.Labels;
import org.dbuslab.format.Library;
import org.dbuslab.format.Placement;
import org.dbuslab.format.Transport;
import org.dbuslab.runner.plan.Mode;

import picocli.CommandLine.ITypeConverter;

/**
 * The runner's option types: each converter checks one kind of value and refuses a bad one with a {@link BadValue}.
 * The bounded whole numbers are one small class per range, so that the range stands beside the option.
 */
final class OptionConverters {

    private OptionConverters() {
    }

    /** A plain decimal whole number (no sign, at most 9 digits) in min..max. */
    abstract static class Bounded implements ITypeConverter<Integer> {
        private final int min;
        private final int max;

        Bounded(int min, int max) {
            this.min = min;
            this.max = max;
        }

        @Override
        public Integer convert(String value) {
            if (!value.matches("[0-9]{1,9}")) {
                throw new BadValue(name -> name + " must be a whole number, got '" + value + "'");
            }
            int v = Integer.parseInt(value);
            if (v < min) {
                throw new BadValue(name -> name + " must be >= " + min + ", got '" + value + "'");
            }
            if (v > max) {
                throw new BadValue(name -> name + " must be <= " + max + ", got '" + value + "'");
            }
            return v;
        }
    }

    public static final class Calls extends Bounded {
        public Calls() {
            super(2, SessionOptions.MAX_CALLS);
        }
    }

    public static final class Millis extends Bounded {
        public Millis() {
            super(1, 600_000);
        }
    }

    public static final class BlockCount extends Bounded {
        public BlockCount() {
            super(1, 100_000);
        }
    }

    public static final class RunCount extends Bounded {
        public RunCount() {
            super(0, 100_000);
        }
    }

    public static final class Window extends Bounded {
        public Window() {
            super(1, SessionConfig.MAX_SWEEP_WINDOW);
        }
    }

    public static final class Seed extends Bounded {
        public Seed() {
            super(0, (int) SessionConfig.MAX_ORDER_SEED);
        }
    }

    public static final class Seconds extends Bounded {
        public Seconds() {
            super(1, 86_400);
        }
    }

    public static final class EpochMillis implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            if (!value.matches("[0-9]{1,15}")) {
                throw new BadValue(name -> name + " must be a whole number, got '" + value + "'");
            }
            return Long.parseLong(value);
        }
    }

    public static final class Percent implements ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            double v = value.matches("[0-9]{1,3}(\\.[0-9]{1,6})?") ? Double.parseDouble(value) : Double.NaN;
            if (!(v > 0 && v <= 100)) {
                throw new BadValue(name -> name
                        + " must be a percentage above 0 and at most 100 (e.g. 3 or 2.5), got '" + value + "'");
            }
            return v;
        }
    }

    /** A {@link Durations} text between min and 7 days. */
    abstract static class Within implements ITypeConverter<Duration> {
        private final Duration min;

        Within(Duration min) {
            this.min = min;
        }

        @Override
        public Duration convert(String value) {
            Duration d = Durations.parse(value).orElseThrow(() -> new BadValue(
                    name -> name + " must be a duration like 90s, 10m or 1h30m, got '" + value + "'"));
            if (d.compareTo(min) < 0 || d.compareTo(Duration.ofDays(7)) > 0) {
                throw new BadValue(name -> name + " must be between " + Durations.format(min) + " and 7 days, got '"
                        + value + "'");
            }
            return d;
        }
    }

    public static final class Budget extends Within {
        public Budget() {
            super(Duration.ofSeconds(1));
        }
    }

    public static final class WarmupBudget extends Within {
        public WarmupBudget() {
            super(Duration.ZERO);
        }
    }

    public static final class Directory implements ITypeConverter<Path> {
        @Override
        public Path convert(String value) {
            if (value.isEmpty()) {
                throw new BadValue(name -> name + " needs a directory");
            }
            return Path.of(value);
        }
    }

    /** A non-empty comma list without empty elements. */
    static List<String> commaItems(String value) {
        if (value.isEmpty()) {
            throw new BadValue(name -> name + " must not be empty");
        }
        if (value.startsWith(",") || value.endsWith(",") || value.contains(",,")) {
            throw new BadValue(name -> name + " has an empty element: '" + value + "'");
        }
        return List.of(value.split(","));
    }

    /** A comma list of some of {@code allowed}, named by their labels; "none" is the empty list where allowed. */
    abstract static class Items<T> implements ITypeConverter<CommaList<T>>, Iterable<String> {
        private final List<T> allowed;
        private final Function<T, String> label;
        private final boolean noneAllowed;

        Items(List<T> allowed, Function<T, String> label, boolean noneAllowed) {
            this.allowed = allowed;
            this.label = label;
            this.noneAllowed = noneAllowed;
        }

        @Override
        public CommaList<T> convert(String value) {
            if (noneAllowed && value.equals("none")) {
                return new CommaList<>(List.of());
            }
            LinkedHashSet<T> out = new LinkedHashSet<>();
            for (String item : commaItems(value)) {
                out.add(allowed.stream().filter(a -> label.apply(a).equals(item)).findFirst().orElseThrow(
                        () -> new BadValue(name -> "unknown " + name + " element '" + item + "' (allowed: "
                                + String.join(",", this) + ")")));
            }
            return new CommaList<>(new ArrayList<>(out));
        }

        /** The labels, for --help's ${COMPLETION-CANDIDATES}. */
        @Override
        public Iterator<String> iterator() {
            return allowed.stream().map(label).iterator();
        }
    }

    public static final class Transports extends Items<Transport> {
        public Transports() {
            super(Transport.SELECTABLE, Transport::label, false);
        }
    }

    public static final class Modes extends Items<Mode> {
        public Modes() {
            super(List.of(Mode.values()), Mode::label, false);
        }
    }

    public static final class Scenarios extends Items<String> {
        public Scenarios() {
            super(SessionConfig.ALL_SCENARIOS, s -> s, true);
        }
    }

    public static final class Paths extends Items<org.dbuslab.runner.plan.PathKind> {
        public Paths() {
            super(List.of(org.dbuslab.runner.plan.PathKind.values()), org.dbuslab.runner.plan.PathKind::label, true);
        }
    }

    public static final class Libraries extends Items<Library> {
        public Libraries() {
            super(Library.CLIENTS, Library::label, true);
        }
    }

    /** One of {@code allowed}, named by its label. */
    abstract static class Choice<T> implements ITypeConverter<T>, Iterable<String> {
        private final List<T> allowed;
        private final Function<T, String> label;

        Choice(List<T> allowed, Function<T, String> label) {
            this.allowed = allowed;
            this.label = label;
        }

        @Override
        public T convert(String value) {
            return allowed.stream().filter(a -> label.apply(a).equals(value)).findFirst().orElseThrow(
                    () -> new BadValue(name -> name + " must be " + String.join(" or ", this) + ", got '" + value + "'"));
        }

        @Override
        public Iterator<String> iterator() {
            return allowed.stream().map(label).iterator();
        }
    }

    public static final class Ordering extends Choice<BlockOrdering> {
        public Ordering() {
            super(List.of(BlockOrdering.values()), BlockOrdering::label);
        }
    }

    /** --placement: one label or a comma list, each once, in the order given (same-cpu is still read as one-cpu). */
    public static final class Placements implements ITypeConverter<CommaList<Placement>>, Iterable<String> {
        @Override
        public CommaList<Placement> convert(String value) {
            LinkedHashSet<Placement> out = new LinkedHashSet<>();
            for (String item : commaItems(value)) {
                out.add(Placement.ofLabel(item).orElseThrow(() -> new BadValue(name -> name + " must be "
                        + String.join(" or ", this) + ", got '" + item + "'")));
            }
            return new CommaList<>(new ArrayList<>(out));
        }

        @Override
        public Iterator<String> iterator() {
            return java.util.Arrays.stream(Placement.values()).map(Placement::label).iterator();
        }
    }

    /** An on|off option's value: an enum, since picocli would take a Boolean option for a flag. */
    enum Switch {
        ON, OFF
    }

    public static final class OnOff extends Choice<Switch> {
        public OnOff() {
            super(List.of(Switch.values()), Labels::of);
        }
    }

    /** Payload sizes in bytes, each MIN_PAYLOAD..MAX_PAYLOAD. */
    public static final class Sizes implements ITypeConverter<CommaList<Integer>> {
        @Override
        public CommaList<Integer> convert(String value) {
            LinkedHashSet<Integer> out = new LinkedHashSet<>();
            for (String s : commaItems(value)) {
                if (s.matches("-[0-9]+")) {
                    throw new BadValue(name -> name + ": payload size must not be negative, got '" + s + "'");
                }
                if (s.matches("[0-9]{10,}") || s.matches("[0-9]{1,9}") && Integer.parseInt(s) > SessionConfig.MAX_PAYLOAD) {
                    throw new BadValue(name -> name + ": " + s + " is larger than the maximum payload "
                            + SessionConfig.MAX_PAYLOAD);
                }
                if (!s.matches("[0-9]{1,9}")) {
                    throw new BadValue(name -> name + ": '" + s
                            + "' is not a byte count (comma-separated whole numbers, e.g. 1000,10000)");
                }
                int bytes = Integer.parseInt(s);
                if (bytes < SessionConfig.MIN_PAYLOAD) {
                    throw new BadValue(name -> name + ": " + bytes + " bytes cannot carry a call's sequence number;"
                            + " the smallest payload is " + SessionConfig.MIN_PAYLOAD + " bytes");
                }
                out.add(bytes);
            }
            return new CommaList<>(new ArrayList<>(out));
        }
    }

    /** Sweep windows, each 1..MAX_SWEEP_WINDOW. */
    public static final class Windows implements ITypeConverter<CommaList<Integer>> {
        @Override
        public CommaList<Integer> convert(String value) {
            LinkedHashSet<Integer> out = new LinkedHashSet<>();
            for (String item : commaItems(value)) {
                if (!item.matches("[0-9]{1,9}")) {
                    throw new BadValue(name -> name + ": '" + item + "' is not a whole number");
                }
                int v = Integer.parseInt(item);
                if (v < 1 || v > SessionConfig.MAX_SWEEP_WINDOW) {
                    throw new BadValue(name -> name + ": " + v + " is outside 1.." + SessionConfig.MAX_SWEEP_WINDOW);
                }
                out.add(v);
            }
            return new CommaList<>(new ArrayList<>(out));
        }
    }
}
