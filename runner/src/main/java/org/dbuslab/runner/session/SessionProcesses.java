package org.dbuslab.runner.session;

import org.dbuslab.format.Placement;
import org.dbuslab.runner.exec.ClientProcess;
import org.dbuslab.runner.exec.CpuPlacement;
import org.dbuslab.runner.exec.Services;
import org.dbuslab.runner.options.SessionConfig;
import org.dbuslab.runner.plan.ClientKey;
import org.dbuslab.runner.record.ResultsFolder;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The session's persistent processes as placement targets, and what notes.tsv says about the placements. */
final class SessionProcesses {

    private SessionProcesses() {
    }

    /**
     * Every bus (its own processes: dbus-daemon, or dbus-broker and its launcher), every server and every client
     * while it runs. The spam timer stays in the home placement: only the home placement's spam cells use it.
     */
    static List<PlacementSwitch.Target> targets(Services services, Map<ClientKey, ClientProcess> clients) {
        List<PlacementSwitch.Target> targets = new ArrayList<>(PlacementSwitch.targetsOf(services));
        for (ClientKey key : List.copyOf(clients.keySet())) {
            // a client that failed leaves the map
            targets.add(PlacementSwitch.Target.client(key.name(), () -> clients.get(key), key.transport().isBus()));
        }
        return targets;
    }

    /** notes.tsv: which placements the matrix is measured in, and where the other series run and why. */
    static void notePlacements(ResultsFolder folder, SessionConfig config, CpuPlacement cpus) {
        folder.note(Blocks.PLACEMENT_TOPIC, "info", "matrix cells in " + labels(config.arrangement().placements())
            + " (each in every block, the processes moved between them within the block); " + String.join("; ",
                config.arrangement().placements().stream().map(cpus::describe).toList()));
        if (config.arrangement().placements().size() > 1 || config.arrangement().homePlacement() != Placement.FREE) {
            folder.note(Blocks.PLACEMENT_TOPIC, "info", "reference rows, libraries, lkml and sweep in "
                + config.arrangement().homePlacement().label() + only(config) + ": they compare implementations on one CPU path,"
                + " which cross-CPU wake-ups (an IPI each, on a VM an exit) would blur; plan.tsv's placements column");
        }
        if (!config.others().paths().isEmpty()) {
            folder.note(Blocks.PLACEMENT_TOPIC, "info", "real-world paths (series paths, policy) in "
                + config.arrangement().homePlacement().label() + ", like the other series; the route's program"
                + " (xdg-dbus-proxy, systemd-socket-activate and its systemd-stdio-bridge per connection) runs on the"
                + " bus's CPU" + (config.arrangement().homePlacement() == Placement.ONE_CPU ? ", which is the one CPU" : ""));
        }
    }

    private static String only(SessionConfig config) {
        return config.arrangement().homePlacement() == Placement.ONE_CPU ? " (the transport's CPU path, no cross-CPU wake-up)" : "";
    }

    private static String labels(List<Placement> placements) {
        return String.join(" and ", placements.stream().map(Placement::label).toList());
    }
}
