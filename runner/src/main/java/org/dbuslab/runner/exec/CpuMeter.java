package org.dbuslab.runner.exec;

import java.util.List;
import java.util.OptionalLong;

/**
 * The CPU of one run, per component: client, bus, server. Each component is a set of pids (empty = not part
 * of this run, reads as 0: the bus of a p2p run). {@link #start()} reads them all before the run,
 * {@link Reading#stop()} after it; a component whose process vanished meanwhile is unknown (empty).
 */
public final class CpuMeter {

    private final CpuClock clock;

    public CpuMeter(CpuClock clock) {
        this.clock = clock;
    }

    /** The three CPU deltas of a run in ns; empty = not measured. */
    public record Cpu(OptionalLong clientNs, OptionalLong busNs, OptionalLong serverNs) {
        public static final Cpu UNKNOWN = new Cpu(OptionalLong.empty(), OptionalLong.empty(), OptionalLong.empty());
    }

    public Reading start(List<Long> client, List<Long> bus, List<Long> server) {
        return new Reading(client, bus, server, read(client), read(bus), read(server));
    }

    private CpuClock.Sample read(List<Long> pids) {
        return pids.isEmpty() ? CpuClock.Sample.ZERO : clock.sample(pids);
    }

    public final class Reading {
        private final List<Long> client, bus, server;
        private final CpuClock.Sample client0, bus0, server0;

        private Reading(List<Long> client, List<Long> bus, List<Long> server,
                        CpuClock.Sample client0, CpuClock.Sample bus0, CpuClock.Sample server0) {
            this.client = client;
            this.bus = bus;
            this.server = server;
            this.client0 = client0;
            this.bus0 = bus0;
            this.server0 = server0;
        }

        public Cpu stop() {
            return new Cpu(read(client).since(client0), read(bus).since(bus0), read(server).since(server0));
        }
    }
}
