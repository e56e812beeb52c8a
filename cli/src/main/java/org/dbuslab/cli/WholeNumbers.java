package org.dbuslab.cli;

import picocli.CommandLine;

/**
 * The lab's converter for int options: picocli calls a whole number too large for an int "not an int"; this
 * says what is wrong with it.
 */
public final class WholeNumbers {

    private WholeNumbers() {
    }

    /** Registers the converter for int and Integer options on {@code cli} and its subcommands so far. */
    public static void register(CommandLine cli) {
        cli.registerConverter(Integer.class, WholeNumbers::parse);
        cli.registerConverter(int.class, WholeNumbers::parse);
    }

    /** {@code text} as an int, or a conversion error that says "not a whole number" or "out of range". */
    public static Integer parse(String text) {
        try {
            return Integer.valueOf(text.strip());
        } catch (NumberFormatException e) {
            if (text.strip().matches("[-+]?\\d+")) {
                throw new CommandLine.TypeConversionException("'" + text + "' is out of range (whole numbers from "
                    + Integer.MIN_VALUE + " to " + Integer.MAX_VALUE + ")");
            }
            throw new CommandLine.TypeConversionException("'" + text + "' is not a whole number");
        }
    }
}
