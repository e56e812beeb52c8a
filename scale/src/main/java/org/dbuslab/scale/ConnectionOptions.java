package org.dbuslab.scale;

import org.dbuslab.client.callpath.DbusJavaConnector;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** Options the D-Bus tools (clients, signals) share, declared once: a picocli mixin. */
public final class ConnectionOptions {

    @Option(names = "--connect-timeout", paramLabel = "MS", defaultValue = "" + DbusJavaConnector.DEFAULT_CONNECT_TIMEOUT_MS,
        description = "How long each connection may take to open (default: ${DEFAULT-VALUE}).")
    public int connectTimeoutMs;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "20150430",
        description = "Seed of the payload (or pad) bytes; run r uses S+r (default: ${DEFAULT-VALUE}).")
    public long seed;

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    /** A bad value is a usage error of the tool that mixes these options in. */
    public void validate() {
        if (connectTimeoutMs < 1) {
            throw new ParameterException(mixee.commandLine(), "--connect-timeout must be at least 1 ms, was "
                + connectTimeoutMs);
        }
    }
}
