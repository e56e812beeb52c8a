package org.dbuslab.analysis.model.paths;

import java.util.List;
import java.util.Optional;

/**
 * Policy weight (issue 24) on one bus, at one mode, payload, window, pair and placement: the points of series policy
 * by rule count (0, 100, 1000, 10000 extra rules that do not concern the echo service), and the verdict at
 * {@value RealWorldPaths#VERDICT_RULES} rules against none.
 *
 * @param bus    the bus program: dbus-daemon or dbus-broker
 * @param points by rule count, ascending
 */
public record PolicySweep(String bus, String mode, int payloadBytes, int window, String pair, String placement,
                          List<PolicyPoint> points, PolicyVerdict verdict) {

    public PolicySweep {
        points = List.copyOf(points);
    }

    public Optional<PolicyPoint> point(int rules) {
        return points.stream().filter(p -> p.rules() == rules).findFirst();
    }

    /** "sync 1000 B" or "async 1000 B window 128". */
    public String shape() {
        return mode + " " + payloadBytes + " B" + (window > 1 ? " window " + window : "");
    }
}
