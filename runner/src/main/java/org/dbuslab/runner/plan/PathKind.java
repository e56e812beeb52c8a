package org.dbuslab.runner.plan;

import org.dbuslab.format.Labels;

/** The real-world paths a session measures (--paths, issue 24). */
public enum PathKind {
    /** xdg-dbus-proxy in front of each bus. */
    PROXY,
    /** systemd-stdio-bridge in front of each bus. */
    BRIDGE,
    /** Each bus with 100, 1000 and 10000 extra policy rules. */
    POLICY;

    public String label() {
        return Labels.of(this);
    }
}
