package org.dbuslab.scale.signals;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** How many signals a run has and how big their pads are: the signals and subscribe tools must agree (a mixin). */
public final class SignalShape {

    @Option(names = "--signals", paramLabel = "N", defaultValue = "2000", description = "Signals per run (default: ${DEFAULT-VALUE}).")
    int signals;

    @Option(names = "--pad", paramLabel = "BYTES", defaultValue = "64", description = "Pad bytes per signal (default: ${DEFAULT-VALUE}).")
    int pad;

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    /** A bad value is a usage error of the tool that mixes these options in. */
    void validate() {
        if (signals < 1 || signals > 10_000_000) {
            throw new ParameterException(mixee.commandLine(), "--signals must be between 1 and 10000000, was " + signals);
        }
        if (pad < 0 || pad > 1 << 20) {
            throw new ParameterException(mixee.commandLine(), "--pad must be between 0 and 1048576, was " + pad);
        }
    }
}
