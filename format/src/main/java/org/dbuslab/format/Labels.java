package org.dbuslab.format;

import java.util.Locale;

/** The label an enum constant has in the results files and on the command line: its name, lower case, '-' for '_'. */
public final class Labels {

    private Labels() {
    }

    public static String of(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
