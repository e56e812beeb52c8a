package org.dbuslab.runner.exec;

/**
 * N bus policy rules that do not concern the echo service, in the shapes real system.d files hold, for the policy
 * series (issue 24): per unrelated service, the root user may own it, everybody else may not send to it except on
 * its API interface, and replies from it may be received. Every rule is an {@code <allow>} or {@code <deny>}
 * element, so N counts exactly what a bus must compile and match. The lab runs as root, so the root policy applies
 * to its own connections too, as a system service's would.
 */
public final class PolicyRules {

    /** Rules per unrelated service. */
    static final int PER_SERVICE = 4;

    private PolicyRules() {
    }

    /** The {@code <policy>} elements of N rules (a multiple of 4) for lab/bus.sh's LAB_BUS_POLICY_FILE. */
    public static String xml(int rules) {
        if (rules < 0 || rules % PER_SERVICE != 0) {
            throw new IllegalArgumentException("policy rules come in fours, got " + rules);
        }
        int services = rules / PER_SERVICE;
        StringBuilder root = new StringBuilder("  <policy user=\"root\">\n");
        StringBuilder all = new StringBuilder("  <policy context=\"default\">\n");
        for (int i = 0; i < services; i++) {
            String name = "org.dbuslab.Unrelated" + i;
            root.append("    <allow own=\"").append(name).append("\"/>\n");
            all.append("    <deny send_destination=\"").append(name).append("\"/>\n");
            all.append("    <allow send_destination=\"").append(name).append("\" send_interface=\"").append(name)
                .append(".Api\"/>\n");
            all.append("    <allow receive_sender=\"").append(name).append("\"/>\n");
        }
        return root.append("  </policy>\n").append(all).append("  </policy>\n").toString();
    }
}
