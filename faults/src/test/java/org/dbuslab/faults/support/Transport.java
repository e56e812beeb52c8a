package org.dbuslab.faults.support;

/** The lab's five transports: three buses (started by lab/bus.sh) and two peer-to-peer listeners. */
public enum Transport {
    DBUS_DAEMON("dbus-daemon", null),
    DBUS_BROKER("dbus-broker", null),
    DBUS_DAEMON_TCP("dbus-daemon-tcp", null),
    P2P_UNIX("p2p-unix", "unix:path=%s/p2p.sock"),
    P2P_TCP("p2p-tcp", "tcp:host=127.0.0.1,port=0");

    private final String label;
    /** The server's --listen address (%s: the case's private folder); null on a bus. */
    private final String listenTemplate;

    Transport(String label, String listenTemplate) {
        this.label = label;
        this.listenTemplate = listenTemplate;
    }

    public String label() {
        return label;
    }

    public boolean onBus() {
        return listenTemplate == null;
    }

    String listenAddress(java.nio.file.Path dir) {
        return String.format(listenTemplate, dir);
    }

    @Override
    public String toString() {
        return label;
    }
}
