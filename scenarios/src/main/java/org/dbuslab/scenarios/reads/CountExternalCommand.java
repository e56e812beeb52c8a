package org.dbuslab.scenarios.reads;

import org.dbuslab.scenarios.monitor.BusctlMonitor;
import org.dbuslab.scenarios.monitor.MessageTally;
import org.dbuslab.scenarios.monitor.Observation;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * Times a foreign program that reads the property itself (the seed's ruby-dbus many-reads script) and counts its
 * messages with the same observer, so its pattern sits beside the Java strategies in property-reads.csv.
 */
@Command(name = "count-external", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Runs COMMAND (with DBUS_SYSTEM_BUS_ADDRESS set to --address) --runs times, timing each whole "
        + "process, then once more under busctl monitor, counting the messages of the connection it opened. "
        + "Appends to --csv (same format as property-reads)."})
public final class CountExternalCommand implements Callable<Integer> {

    private static final long PROCESS_TIMEOUT_S = 120;

    @Option(names = "--address", required = true)
    String address;

    @Option(names = "--bus", required = true)
    String bus;

    @Option(names = "--label", required = true, description = "Name in the strategy column, e.g. ruby-dbus-seed.")
    String label;

    @Option(names = "--reads", defaultValue = "100", description = "Reads the program makes (for the CSV).")
    int reads;

    @Option(names = "--runs", defaultValue = "3")
    int runs;

    @Option(names = "--count", negatable = true, defaultValue = "true")
    boolean count;

    @Option(names = "--csv", required = true)
    Path csvFile;

    @Parameters(arity = "1..*", paramLabel = "COMMAND")
    List<String> command;

    private final PrintWriter err;

    public CountExternalCommand(PrintWriter err) {
        this.err = err;
    }

    @Override
    public Integer call() throws Exception {
        ReadsCsv csv = new ReadsCsv(csvFile);
        int failures = 0;
        for (int i = 1; i <= runs; i++) {
            Instant started = Instant.now();
            long t0 = System.nanoTime();
            boolean ok = runOnce();
            failures += ok ? 0 : 1;
            csv.append(bus, label, "measure", i, reads, null, ok, new ReadsCsv.Times(null, null, null, System.nanoTime() - t0),
                null, started);
        }
        if (count) {
            Instant started = Instant.now();
            try (BusctlMonitor monitor = BusctlMonitor.start(address, 10_000)) {
                long t0 = System.nanoTime();
                boolean ok = runOnce();
                long total = System.nanoTime() - t0;
                Observation.awaitHello(monitor);
                List<String> clients = MessageTally.newClients(monitor.messages());
                if (clients.size() != 1) {
                    err.println("count-external: error: expected 1 new connection from " + label + ", saw " + clients);
                    return 1;
                }
                Map<String, MessageTally.Counts> counts = MessageTally.of(
                    Observation.untilGone(monitor, clients.get(0)), clients.get(0));
                csv.append(bus, label, "count", 1, reads, null, ok, new ReadsCsv.Times(null, null, null, total), counts, started);
                MessageTally.Counts t = MessageTally.total(counts);
                err.println(bus + " " + label + ": messages sent " + t.sent() + ", received " + t.received() + " (" + t.sentByMemberText() + ")");
            }
        }
        return failures == 0 ? 0 : 1;
    }

    private boolean runOnce() throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectError(ProcessBuilder.Redirect.INHERIT);
        pb.environment().put("DBUS_SYSTEM_BUS_ADDRESS", address);
        Process p = pb.start();
        p.getOutputStream().close();
        if (!p.waitFor(PROCESS_TIMEOUT_S, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            p.waitFor();
            return false;
        }
        return p.exitValue() == 0;
    }
}
