package org.dbuslab.scenarios.reads;

import org.dbuslab.scenarios.monitor.MessageTally;
import org.dbuslab.scenarios.record.CsvFile;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * scenarios/property-reads.csv: one row per run. phase: warmup, measure (timed, no observer) or count (one run
 * observed by the bus monitor; its times are slower by the observer's cost and are not in the statistics).
 * Message columns are empty for runs nobody observed; phase columns are empty for external programs.
 */
public final class ReadsCsv {

    public static final List<String> HEADER = List.of("bus", "strategy", "phase", "run", "reads", "products", "ok",
        "connect_ns", "setup_ns", "reads_ns", "total_ns",
        "msgs_connect_sent", "msgs_connect_received", "msgs_setup_sent", "msgs_setup_received",
        "msgs_reads_sent", "msgs_reads_received", "msgs_total_sent", "msgs_total_received",
        "sent_by_member", "started_utc");

    private final CsvFile csv;

    public ReadsCsv(Path file) {
        this.csv = new CsvFile(file, HEADER);
    }

    /** Times of a run; null where a phase was not timed separately. */
    public record Times(Long connectNs, Long setupNs, Long readsNs, long totalNs) {
    }

    public void append(String bus, String strategy, String phase, int run, int reads, Integer products, boolean ok,
                       Times times, Map<String, MessageTally.Counts> counts, Instant started) {
        List<Object> row = new ArrayList<>(Arrays.asList(bus, strategy, phase, run, reads, products, ok,
            times.connectNs(), times.setupNs(), times.readsNs(), times.totalNs()));
        for (String p : List.of(MessageTally.CONNECT, "setup", "reads")) {
            MessageTally.Counts c = counts == null ? null : counts.get(p);
            boolean phased = counts != null && counts.size() > 1;
            row.add(phased ? (c == null ? 0 : c.sent()) : null);
            row.add(phased ? (c == null ? 0 : c.received()) : null);
        }
        MessageTally.Counts total = counts == null ? null : MessageTally.total(counts);
        row.add(total == null ? null : total.sent());
        row.add(total == null ? null : total.received());
        row.add(total == null ? null : total.sentByMemberText());
        row.add(started);
        csv.append(row);
    }
}
