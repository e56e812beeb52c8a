package org.dbuslab.scale;

import org.dbuslab.cli.LabCli;
import org.dbuslab.client.ClientMain;
import org.dbuslab.scale.clients.ClientsCommand;
import org.dbuslab.scale.relay.RelayCommand;
import org.dbuslab.scale.signals.SignalsCommand;
import org.dbuslab.scale.signals.SubscribeCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.PrintStream;

/**
 * {@code dbus-lab-scale relay|clients|signals|subscribe}: the measuring tools for the bus under load and at a distance.
 * The tools print on the streams picocli hands down ({@code spec.commandLine().getOut()/getErr()}), so tests can
 * run them in-process; bad input is one line on stderr and exit 2 (LabCli, shared by every main of the lab).
 */
@Command(name = "dbus-lab-scale", mixinStandardHelpOptions = true, version = "dbus-lab-scale 0.1.0",
    description = "The bus under load and at a distance: a TCP delay line, concurrent clients, signal fan-out.",
    subcommands = {RelayCommand.class, ClientsCommand.class, SignalsCommand.class, SubscribeCommand.class})
public final class ScaleMain implements Runnable {

    @Spec
    CommandSpec spec;

    public static void main(String[] args) {
        // a peer the bus disconnects would otherwise cost an ERROR and its stack trace from dbus-java
        ClientMain.quietDbusJava("dbus-lab-scale");
        LabCli.exit(run(args, System.out, System.err));
    }

    /** Parses {@code args}, runs the tool and returns its exit code; nothing here calls System.exit. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return LabCli.execute(new ScaleMain(), "dbus-lab-scale", LabCli.FAILURE, args, out, err);
    }

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "name a tool: relay, clients, signals or subscribe");
    }
}
