package org.dbuslab.scenarios;

import org.dbuslab.cli.LabCli;
import org.dbuslab.scenarios.fresh.FreshnessCommand;
import org.dbuslab.scenarios.reads.CountExternalCommand;
import org.dbuslab.scenarios.reads.PropertyReadsCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.PrintWriter;

/**
 * Command line of the client-library scenarios. The cold-start contender has its own tiny main class,
 * {@link org.dbuslab.scenarios.cli.GetProducts}, so picocli is not part of what it measures.
 */
@Command(name = "dbus-lab-scenarios", mixinStandardHelpOptions = true, version = "dbus-lab-scenarios 0.1.0",
    description = {"Client-library scenarios against the installer mock (Agama blog, 2023). Raw results only; "
        + "the analysis renders them. Cold-start contender: java -cp dbus-lab-scenarios.jar "
        + "org.dbuslab.scenarios.cli.GetProducts (reads DBUS_SYSTEM_BUS_ADDRESS)."},
    synopsisSubcommandLabel = "COMMAND", commandListHeading = "%nCommands:%n",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:done, clean", "1:a check failed (stale reads, lost signals, a failing program) or the bus "
        + "misbehaved", "2:bad usage"})
public final class ScenariosMain implements Runnable {

    public static void main(String[] args) {
        LabCli.exit(run(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args));
    }

    public static int run(PrintWriter out, PrintWriter err, String... args) {
        CommandLine cli = new CommandLine(new ScenariosMain());
        cli.addSubcommand(new PropertyReadsCommand(err));
        cli.addSubcommand(new CountExternalCommand(err));
        cli.addSubcommand(new FreshnessCommand(err));
        return LabCli.execute(cli, "dbus-lab-scenarios", e -> new LabCli.Failure(e.getMessage(), LabCli.FAILURE), args,
            out, err);
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(new CommandLine(this), "no command given");
    }
}
