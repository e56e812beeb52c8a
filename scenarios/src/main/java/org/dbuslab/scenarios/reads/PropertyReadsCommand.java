package org.dbuslab.scenarios.reads;

import org.dbuslab.scenarios.monitor.BusctlMonitor;
import org.dbuslab.scenarios.monitor.MessageTally;
import org.dbuslab.scenarios.monitor.Observation;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** The property-reads scenario: N reads of AvailableBaseProducts in one process, per strategy. */
@Command(name = "property-reads", mixinStandardHelpOptions = true, sortOptions = false,
    description = {
        "Reads AvailableBaseProducts N times in one process with each strategy: get (Properties.Get each time), "
            + "introspect-get (Introspect, then Get, each time), cached (one GetAll, a cache kept fresh by "
            + "PropertiesChanged).",
        "Per strategy: warm-up runs, measured runs (no observer), then one run observed by 'busctl monitor' "
            + "whose message counts go to the CSV (phase=count). Appends to --csv."})
public final class PropertyReadsCommand implements Callable<Integer> {

    @Option(names = "--address", required = true, description = "Bus address of the installer mock.")
    String address;

    @Option(names = "--bus", required = true, description = "Bus label for the CSV (dbus-daemon, dbus-broker).")
    String bus;

    @Option(names = "--strategies", split = ",", defaultValue = "get,introspect-get,cached",
        description = "Comma-separated strategies (default: ${DEFAULT-VALUE}).")
    List<String> strategies;

    @Option(names = "--reads", defaultValue = "100", description = "Reads per run (default: ${DEFAULT-VALUE}, as the seed).")
    int reads;

    @Option(names = "--runs", defaultValue = "10", description = "Measured runs per strategy (default: ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--warmup-runs", defaultValue = "2", description = "Warm-up runs per strategy (default: ${DEFAULT-VALUE}).")
    int warmupRuns;

    @Option(names = "--count", negatable = true, defaultValue = "true",
        description = "Add one run observed by busctl monitor per strategy (default: on; --no-count when busctl is missing).")
    boolean count;

    @Option(names = "--csv", required = true, description = "CSV to append to (scenarios/property-reads.csv).")
    Path csvFile;

    private final PrintWriter err;

    public PropertyReadsCommand(PrintWriter err) {
        this.err = err;
    }

    @Override
    public Integer call() throws Exception {
        if (reads < 1 || runs < 1 || warmupRuns < 0) {
            err.println("property-reads: error: --reads and --runs must be >= 1, --warmup-runs >= 0");
            return 2;
        }
        List<Strategy> chosen = strategies.stream().map(Strategy::of).toList();
        ReadsCsv csv = new ReadsCsv(csvFile);
        for (Strategy strategy : chosen) {
            for (int i = 1; i <= warmupRuns; i++) {
                timed(csv, strategy, "warmup", i);
            }
            long sum = 0;
            for (int i = 1; i <= runs; i++) {
                sum += timed(csv, strategy, "measure", i);
            }
            String line = String.format(java.util.Locale.ROOT, "%s %s: %d reads, mean %.3f ms per run", bus, strategy,
                reads, sum / 1e6 / runs);
            if (count) {
                Map<String, MessageTally.Counts> counts = counted(csv, strategy);
                MessageTally.Counts total = MessageTally.total(counts);
                line += "; messages sent " + total.sent() + ", received " + total.received() + " (" + total.sentByMemberText() + ")";
            }
            err.println(line);
            err.flush();
        }
        return 0;
    }

    private long timed(ReadsCsv csv, Strategy strategy, String phase, int run) throws Exception {
        Instant started = Instant.now();
        ReadRun.Result r = ReadRun.run(address, strategy, reads, false);
        csv.append(bus, strategy.label(), phase, run, reads, r.products(), true, r.times(), null, started);
        return r.times().totalNs();
    }

    private Map<String, MessageTally.Counts> counted(ReadsCsv csv, Strategy strategy) throws Exception {
        Instant started = Instant.now();
        try (BusctlMonitor monitor = BusctlMonitor.start(address, 10_000)) {
            ReadRun.Result r = ReadRun.run(address, strategy, reads, true);
            Map<String, MessageTally.Counts> counts = MessageTally.of(Observation.untilGone(monitor, r.client()), r.client());
            csv.append(bus, strategy.label(), "count", 1, reads, r.products(), true, r.times(), counts, started);
            return counts;
        }
    }
}
