package org.dbuslab.analysis.output;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.dbuslab.analysis.read.HostSpeedReadings;
import org.dbuslab.analysis.read.ResultsFolder;
import org.dbuslab.format.HostSpeed;

import static org.dbuslab.analysis.output.JsonValues.number;

/**
 * summary.json's {@code host_speed}: what the host-speed probe read on each CPU and which halves of the blocks were set
 * aside for it; no key at all for a folder without host-speed.tsv.
 */
final class HostSpeedJson {

    private HostSpeedJson() {
    }

    static void write(ObjectNode root, ResultsFolder folder) {
        folder.hostSpeed().ifPresent(h -> write(root.putObject("host_speed"), h, folder.hostSlowedRuns()));
    }

    private static void write(ObjectNode node, HostSpeedReadings h, long runsSetAside) {
        node.put("slower_threshold", HostSpeed.SLOWER);
        ArrayNode cpus = node.putArray("cpus");
        for (int cpu : h.cpus()) {
            ObjectNode c = cpus.addObject().put("cpu", cpu).put("readings", h.readings(cpu));
            Double median = h.medians().get(cpu);
            number(c, "median_ns", median == null ? Double.NaN : median);
            number(c, "max_times", h.maxTimes(cpu));
        }
        ObjectNode halves = node.putObject("halves_read");
        h.halvesRead().forEach(halves::put);
        ArrayNode setAside = node.putArray("set_aside");
        h.slowed().forEach(s -> setAside.addObject().put("round", s.half().round()).put("placement", s.half().placement().label())
                .put("cpu", s.cpu()).put("times", s.times()));
        node.put("runs_set_aside", runsSetAside);
    }
}
