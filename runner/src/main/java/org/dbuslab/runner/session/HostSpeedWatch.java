package org.dbuslab.runner.session;

import org.dbuslab.format.HostSpeed;
import org.dbuslab.format.HostSpeedTsv;
import org.dbuslab.format.Placement;
import org.dbuslab.runner.exec.CpuPlacement;
import org.dbuslab.runner.exec.HostSpeedProbe;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads the host-speed probe at the edges of each half of every measured block and writes host-speed.tsv; says when a
 * half just ended is one {@link HostSpeed} sets aside, so that the stopping rule leaves its runs out. It judges against
 * each CPU's median reading so far (none before {@link HostSpeed#LEAST_READINGS}), the analysis against the whole
 * session's, so the two can differ on a half or two. Without a probe (no sched_setaffinity) it reads nothing and sets
 * nothing aside.
 */
final class HostSpeedWatch implements AutoCloseable {

    /** What the watch needs of a probe: a reading of every probed CPU, and letting go of its threads. */
    interface Probe extends AutoCloseable {
        List<HostSpeedProbe.Reading> read() throws InterruptedException;

        @Override
        void close();
    }

    private Probe probe;
    private final java.util.function.Consumer<String> warn;
    private final CpuPlacement cpus;
    private final Path dir;
    private final List<HostSpeedTsv.Row> rows = new ArrayList<>();
    private int readings;
    private int halves;
    private int setAside;

    HostSpeedWatch(Probe probe, CpuPlacement cpus, Path dir, java.util.function.Consumer<String> warn) {
        this.probe = probe;
        this.cpus = cpus;
        this.dir = dir;
        this.warn = warn;
    }

    /**
     * A watch over the CPUs the placements measure on, writing into DIR; WARN gets the one line that says the probe
     * stopped, should a reading fail mid-session (then nothing more is read or set aside, and the session goes on).
     */
    static HostSpeedWatch of(HostSpeedProbe probe, CpuPlacement cpus, Path dir, java.util.function.Consumer<String> warn) {
        return new HostSpeedWatch(new Probe() {
            @Override
            public List<HostSpeedProbe.Reading> read() throws InterruptedException {
                return probe.read();
            }

            @Override
            public void close() {
                probe.close();
            }
        }, cpus, dir, warn);
    }

    /** A watch that reads nothing: no probe could be set up. */
    static HostSpeedWatch none() {
        return new HostSpeedWatch(null, null, null, line -> { });
    }

    /** Whether it read at all: the session then says how many halves it set aside. */
    boolean reads() {
        return readings > 0;
    }

    /**
     * One reading between two halves of block ROUND: the end of ENDED (null at a block's start) and the start of
     * STARTING (null at its end). Returns ENDED's verdict when the host slowed it.
     */
    Optional<HostSpeed.Slowed> edge(int round, Placement ended, Placement starting) throws InterruptedException {
        if (probe == null || (ended == null && starting == null)) {
            return Optional.empty();
        }
        List<HostSpeedProbe.Reading> read;
        try {
            read = probe.read();
        } catch (IllegalStateException e) {
            warn.accept("  [!] the host-speed probe stopped (" + e.getMessage() + "): from block " + round
                + " on, nothing is read and no half-block is set aside");
            probe.close();
            probe = null;
            return Optional.empty();
        }
        readings++;
        List<HostSpeedTsv.Row> now = new ArrayList<>();
        for (HostSpeedProbe.Reading r : read) {
            if (ended != null) {
                now.add(new HostSpeedTsv.Row(readings, round, ended, HostSpeedTsv.Edge.END, r.cpu(),
                    cpus.inUse(ended, r.cpu()), r.workNs()));
            }
            if (starting != null) {
                now.add(new HostSpeedTsv.Row(readings, round, starting, HostSpeedTsv.Edge.START, r.cpu(),
                    cpus.inUse(starting, r.cpu()), r.workNs()));
            }
        }
        HostSpeedTsv.FORMAT.append(dir, now);
        rows.addAll(now);
        if (ended == null) {
            return Optional.empty();
        }
        halves++;
        List<HostSpeedTsv.Row> half = rows.stream().filter(r -> r.round() == round && r.placement() == ended).toList();
        Optional<HostSpeed.Slowed> slowed = HostSpeed.slowed(half, HostSpeed.medians(rows)).stream().findFirst();
        if (slowed.isPresent()) {
            setAside++;
        }
        return slowed;
    }

    /** What it reads, for the session log at its start. */
    String describe() {
        return "the host's speed is read on " + cpuList() + " around each half of every measured block (host-speed.tsv)";
    }

    /** "12 of 112 halves set aside", for the session's closing lines. */
    String summary() {
        return setAside + " of " + halves + " measured half-block(s) set aside because the host slowed a CPU they used"
            + " (host-speed.tsv, " + readings + " readings" + (cpus == null ? "" : " of " + cpuList()) + ")";
    }

    /** "CPU 0, 1": the CPUs probed. */
    private String cpuList() {
        return "CPU " + String.join(", ", cpus.measuring().stream().map(String::valueOf).toList());
    }

    @Override
    public void close() {
        if (probe != null) {
            probe.close();
        }
    }
}
