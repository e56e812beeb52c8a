package org.dbuslab.runner.options;

import java.util.function.Function;

import picocli.CommandLine.TypeConversionException;

/**
 * A command-line value a converter refused. Converters do not know which option they serve, so the line is made
 * once the option's name is known ("--calls must be >= 2, got '0'"); see {@link SessionOptions#parse}.
 */
final class BadValue extends TypeConversionException {

    private final transient Function<String, String> line;

    BadValue(Function<String, String> line) {
        super("bad value");
        this.line = line;
    }

    /** The one error line for this value given to {@code option}. */
    String lineFor(String option) {
        return line.apply(option);
    }
}
