package org.dbuslab.runner.scale;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The scale session's second network namespace, as names and commands (no side effects; {@link IpNetns} runs
 * them): two network namespaces, the client's and the bus's, joined by a veth pair with one address at each end.
 * The same kernel and the same CPUs as loopback, but a real IP path: a veth device, the IP stack's routing and
 * neighbour lookup, and a namespace crossing per packet. The processes run inside with {@code ip netns exec NAME}.
 *
 * <p>Names carry ID (the session's pid), so sessions and tests running side by side never collide; the addresses
 * are the same in every pair, as each pair's namespaces see only each other.
 *
 * @param clientNs      namespace of the distance clients
 * @param busNs         namespace of dbus-daemon-tcp and its Java server, and of the p2p-tcp Java server
 * @param clientLink    the veth end in clientNs
 * @param busLink       the veth end in busNs
 * @param clientAddress clientLink's IPv4 address
 * @param busAddress    busLink's IPv4 address, where the bus and the p2p server listen
 */
public record NetnsPair(String clientNs, String busNs, String clientLink, String busLink, String clientAddress,
                        String busAddress) {

    /** A private /30, chosen once: nothing else lives in the pair's namespaces. */
    public static final String CLIENT_ADDRESS = "10.213.24.1";
    public static final String BUS_ADDRESS = "10.213.24.2";
    public static final int PREFIX_LENGTH = 30;
    /** What the namespaces' names start with (ip netns list shows them). */
    public static final String NAME_PREFIX = "dbuslab-";
    /** Linux's longest interface name (IFNAMSIZ - 1). */
    static final int MAX_LINK_NAME = 15;

    /** The pair of session or test ID (its pid, or anything of letters and digits; others are dropped). */
    public static NetnsPair of(String id) {
        String clean = id.toLowerCase(Locale.ROOT).replaceAll("[^0-9a-z]", "");
        if (clean.isEmpty()) {
            throw new IllegalArgumentException("a namespace id needs letters or digits, was '" + id + "'");
        }
        // "dl" + id + "c": the id's last characters (a pid's most varying ones) where it is too long
        String link = clean.length() > MAX_LINK_NAME - 3 ? clean.substring(clean.length() - (MAX_LINK_NAME - 3)) : clean;
        return new NetnsPair(NAME_PREFIX + clean + "-client", NAME_PREFIX + clean + "-bus", "dl" + link + "c",
            "dl" + link + "b", CLIENT_ADDRESS, BUS_ADDRESS);
    }

    /** The session's pair: LAB_SESSION_PID (the pid a user sees; inside the session's PID namespace the runner is 1), else PID. */
    public static NetnsPair forSession(java.util.Map<String, String> env, long pid) {
        String id = env.getOrDefault("LAB_SESSION_PID", "");
        return of(id.matches("[0-9]{1,10}") ? id : Long.toString(pid));
    }

    /** The commands that make the pair, in order (IP: the ip binary). */
    public List<List<String>> createCommands(Path ip) {
        String ipc = ip.toString();
        return List.of(
            List.of(ipc, "netns", "add", clientNs),
            List.of(ipc, "netns", "add", busNs),
            // both ends are born in their namespaces: nothing is ever left in the machine's own namespace
            List.of(ipc, "link", "add", clientLink, "netns", clientNs, "type", "veth", "peer", "name", busLink,
                "netns", busNs),
            List.of(ipc, "-n", clientNs, "addr", "add", clientAddress + "/" + PREFIX_LENGTH, "dev", clientLink),
            List.of(ipc, "-n", busNs, "addr", "add", busAddress + "/" + PREFIX_LENGTH, "dev", busLink),
            List.of(ipc, "-n", clientNs, "link", "set", "lo", "up"),
            List.of(ipc, "-n", busNs, "link", "set", "lo", "up"),
            List.of(ipc, "-n", clientNs, "link", "set", clientLink, "up"),
            List.of(ipc, "-n", busNs, "link", "set", busLink, "up"));
    }

    /** The commands that remove it (the veth pair goes with its namespaces); each may fail when already gone. */
    public List<List<String>> deleteCommands(Path ip) {
        return List.of(List.of(ip.toString(), "netns", "delete", clientNs),
            List.of(ip.toString(), "netns", "delete", busNs));
    }

    /** The prefix that starts a command in the client's namespace. */
    public List<String> inClientNs(Path ip) {
        return List.of(ip.toString(), "netns", "exec", clientNs);
    }

    /** The prefix that starts a command in the bus's namespace. */
    public List<String> inBusNs(Path ip) {
        return List.of(ip.toString(), "netns", "exec", busNs);
    }

    /** The p2p-tcp server's --listen address in the bus's namespace. */
    public String p2pListen() {
        return "tcp:host=" + busAddress + ",port=0";
    }

    /** For the session log. */
    public String describe() {
        return clientNs + " (" + clientLink + " " + clientAddress + "/" + PREFIX_LENGTH + ") <-veth-> " + busNs + " ("
            + busLink + " " + busAddress + "/" + PREFIX_LENGTH + ")";
    }
}
