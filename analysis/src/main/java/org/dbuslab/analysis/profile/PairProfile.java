package org.dbuslab.analysis.profile;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.dbuslab.format.ProfilesTsv;

/**
 * The profiles of one cell of the profiling pass: a library pair on one transport, mode, payload and window. Its CPU
 * profiles (client, server, bus, each as far as it could be profiled) and the wall-clock profile of a JVM client's
 * calling thread.
 */
public record PairProfile(String transport, String pair, String mode, int payloadBytes, int window,
                          Map<String, RoleProfile> cpu, Optional<RoleProfile> wall, Map<String, Double> measuredCpuUs) {

    public PairProfile {
        cpu = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(cpu));
        measuredCpuUs = Map.copyOf(measuredCpuUs);
    }

    public PairProfile(String transport, String pair, String mode, int payloadBytes, int window,
                       Map<String, RoleProfile> cpu, Optional<RoleProfile> wall) {
        this(transport, pair, mode, payloadBytes, window, cpu, wall, Map.of());
    }

    /**
     * The same profiles with each role's CPU µs per call as the measured blocks had it (runs.csv's cpu_*_ns medians,
     * unslowed by profiling): the profile's shares then split that instead of the CPU used while profiled. A role
     * whose value is not finite keeps its profile's.
     */
    public PairProfile withMeasuredCpu(Map<String, Double> roleUs) {
        Map<String, Double> finite = new LinkedHashMap<>();
        roleUs.forEach((role, us) -> {
            if (us != null && Double.isFinite(us) && us > 0) {
                finite.put(role, us);
            }
        });
        return new PairProfile(transport, pair, mode, payloadBytes, window, cpu, wall, finite);
    }

    /** A role's CPU µs per call: the blocks' measurement where given, else while profiled. */
    public double roleCpuUs(String role) {
        Double measured = measuredCpuUs.get(role);
        if (measured != null) {
            return measured;
        }
        RoleProfile r = cpu.get(role);
        return r == null ? Double.NaN : r.cpuUsPerCall();
    }

    /** Whether every profiled role's CPU per call comes from the measured blocks. */
    public boolean cpuMeasured() {
        return !cpu.isEmpty() && measuredCpuUs.keySet().containsAll(cpu.keySet());
    }

    /** "dbus-java-stock>dbus-java-stock sync 1000 B". */
    public String describe() {
        return pair + " " + mode + " " + payloadBytes + " B" + (mode.equals("sync") ? "" : " w" + window);
    }

    /** Every profile of the cell: the CPU ones in role order, then the wall one. */
    public List<RoleProfile> all() {
        List<RoleProfile> out = new ArrayList<>();
        for (String role : ProfilesTsv.ROLES) {
            if (cpu.containsKey(role)) {
                out.add(cpu.get(role));
            }
        }
        wall.ifPresent(out::add);
        return out;
    }

    /** CPU samples over client, server and bus. */
    public long cpuSamples() {
        return cpu.values().stream().mapToLong(RoleProfile::samples).sum();
    }

    /** The share of the pair's CPU samples (client, server and bus together) a rule named. */
    public double categorisedShare() {
        long all = cpuSamples();
        long other = cpu.values().stream().mapToLong(r -> r.byCategory().get(FrameCategory.OTHER)).sum();
        return all == 0 ? 0 : 1 - (double) other / all;
    }

    /** The pair's CPU samples per category over its roles. */
    public Map<FrameCategory, Long> samplesByCategory() {
        Map<FrameCategory, Long> out = new EnumMap<>(FrameCategory.class);
        for (FrameCategory c : FrameCategory.values()) {
            out.put(c, cpu.values().stream().mapToLong(r -> r.byCategory().get(c)).sum());
        }
        return out;
    }

    /** CPU µs per call per category, client + server + bus (each role's share times its CPU per call). */
    public Map<FrameCategory, Double> usPerCallByCategory() {
        Map<FrameCategory, Double> out = new EnumMap<>(FrameCategory.class);
        for (FrameCategory c : FrameCategory.values()) {
            double sum = 0;
            for (RoleProfile r : cpu.values()) {
                double v = r.share(c) * roleCpuUs(r.role());
                sum += Double.isFinite(v) ? v : 0;
            }
            out.put(c, sum);
        }
        return out;
    }

    /** CPU µs per call per part over the roles, largest first. */
    public Map<RoleProfile.Part, Double> usPerCallByPart() {
        Map<RoleProfile.Part, Double> out = new LinkedHashMap<>();
        for (RoleProfile r : cpu.values()) {
            for (RoleProfile.Part p : r.byPart().keySet()) {
                double v = partUs(r.role(), p);
                out.merge(p, Double.isFinite(v) ? v : 0, Double::sum);
            }
        }
        List<Map.Entry<RoleProfile.Part, Double>> sorted = new ArrayList<>(out.entrySet());
        sorted.sort(Map.Entry.<RoleProfile.Part, Double>comparingByValue().reversed());
        Map<RoleProfile.Part, Double> result = new LinkedHashMap<>();
        sorted.forEach(e -> result.put(e.getKey(), e.getValue()));
        return result;
    }

    /** ROLE's CPU µs per call in PART (0 when the role was not profiled). */
    public double partUs(String role, RoleProfile.Part part) {
        RoleProfile r = cpu.get(role);
        if (r == null || r.samples() == 0) {
            return 0;
        }
        return (double) r.byPart().getOrDefault(part, 0L) / r.samples() * roleCpuUs(role);
    }

    /** CPU µs per call over the roles profiled ({@link #roleCpuUs} each). */
    public double cpuUsPerCall() {
        return cpu.keySet().stream().mapToDouble(this::roleCpuUs).filter(Double::isFinite).sum();
    }

    /** The calling thread's share of wall-clock samples blocked (waiting), or NaN without a wall profile. */
    public double waitingShare() {
        return wall.map(w -> w.share(FrameCategory.WAITING)).orElse(Double.NaN);
    }
}
