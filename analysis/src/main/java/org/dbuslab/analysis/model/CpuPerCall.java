package org.dbuslab.analysis.model;

import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.analysis.read.CpuNs;
import org.dbuslab.analysis.read.RunRecord;
import org.dbuslab.format.Route;
import org.dbuslab.stats.Quantiles;

import java.util.List;
import java.util.function.Function;

/**
 * Where a cell's time goes: the median over its measured runs of each component's CPU time per call, in µs
 * (runs.csv's cpu_*_ns / calls). NaN for a component no measured run has a value for; the bus is 0 for cells
 * without one (p2p and raw-socket transports), measured or not, and the path (the program on a real-world path's
 * route: xdg-dbus-proxy, systemd-stdio-bridge) is 0 for every direct cell. CPU of the processes can overlap (two
 * cores, pipelined calls), so their sum may exceed the wall time per call; what the sum does not account for
 * is time nobody computed: waiting for the other side and waking up.
 *
 * @param runs measured runs with at least one CPU value
 */
public record CpuPerCall(double client, double bus, double server, double path, int runs) {

    public static final CpuPerCall NONE = new CpuPerCall(Double.NaN, Double.NaN, Double.NaN, Double.NaN, 0);

    public static CpuPerCall of(CellKey key, List<RunRecord> measured) {
        int runs = (int) measured.stream().filter(r -> r.cpu().any()).count();
        double bus = key.hasBus() ? median(measured, CpuNs::bus) : 0;
        double path = key.route() == Route.DIRECT ? 0 : median(measured, CpuNs::path);
        return new CpuPerCall(median(measured, CpuNs::client), bus, median(measured, CpuNs::server), path, runs);
    }

    private static double median(List<RunRecord> measured, Function<CpuNs, Long> component) {
        double[] values = measured.stream().filter(r -> component.apply(r.cpu()) != null)
                .mapToDouble(r -> r.cpuUsPerCall(component.apply(r.cpu()))).toArray();
        return values.length == 0 ? Double.NaN : Quantiles.median(values);
    }

    public boolean measured() {
        return runs > 0;
    }

    /** Client + bus + server + path (0 for a direct cell); NaN when any of them is unknown. */
    public double sum() {
        return client + bus + server + path;
    }

    /** Wall µs per call minus the CPU sum: waiting and waking up; negative when the components ran in parallel. */
    public double unaccounted(double wallUsPerCall) {
        return wallUsPerCall - sum();
    }
}
