package org.dbuslab.scenarios.monitor;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Counts, per phase, the messages one client connection sent (sender = its unique name) and received
 * (destination = its unique name: replies, errors, unicast signals). Broadcast signals have no destination, so
 * a monitor cannot tell who received them; they are not counted. Phase markers ({@link PhaseMarker}) and their
 * replies are left out. Messages before the first marker belong to phase "connect".
 */
public final class MessageTally {

    public static final String CONNECT = "connect";

    /** Counts of one phase; {@code sentByMember} e.g. {Get=100}. */
    public record Counts(int sent, int received, Map<String, Integer> sentByMember) {

        public String sentByMemberText() {
            StringBuilder text = new StringBuilder();
            sentByMember.forEach((member, n) -> text.append(text.length() == 0 ? "" : " ").append(member).append('=').append(n));
            return text.toString();
        }
    }

    private MessageTally() {
    }

    /** Phase name (lower case: connect, setup, reads, end, ...) to counts, in the order the phases began. */
    public static Map<String, Counts> of(List<ObservedMessage> messages, String client) {
        Map<String, int[]> totals = new LinkedHashMap<>();
        Map<String, Map<String, Integer>> members = new LinkedHashMap<>();
        java.util.Set<Long> markerSerials = new java.util.HashSet<>();
        String phase = CONNECT;
        totals.put(phase, new int[2]);
        members.put(phase, new TreeMap<>());
        for (ObservedMessage m : messages) {
            boolean sent = client.equals(m.sender());
            boolean received = client.equals(m.destination());
            if (sent && m.isCall() && "NameHasOwner".equals(m.member()) && m.arg0() != null
                    && m.arg0().startsWith(PhaseMarker.PREFIX)) {
                markerSerials.add(m.serial());
                phase = m.arg0().substring(PhaseMarker.PREFIX.length()).toLowerCase(java.util.Locale.ROOT);
                totals.putIfAbsent(phase, new int[2]);
                members.putIfAbsent(phase, new TreeMap<>());
                continue;
            }
            if (received && m.isReply() && markerSerials.contains(m.replySerial())) {
                continue;
            }
            if (sent) {
                totals.get(phase)[0]++;
                members.get(phase).merge(m.member() != null ? m.member() : m.type(), 1, Integer::sum);
            } else if (received) {
                totals.get(phase)[1]++;
            }
        }
        Map<String, Counts> result = new LinkedHashMap<>();
        totals.forEach((p, t) -> result.put(p, new Counts(t[0], t[1], java.util.Collections.unmodifiableMap(members.get(p)))));
        return result;
    }

    /** All phases added together. */
    public static Counts total(Map<String, Counts> phases) {
        int sent = 0;
        int received = 0;
        Map<String, Integer> byMember = new TreeMap<>();
        for (Counts c : phases.values()) {
            sent += c.sent();
            received += c.received();
            c.sentByMember().forEach((k, v) -> byMember.merge(k, v, Integer::sum));
        }
        return new Counts(sent, received, java.util.Collections.unmodifiableMap(byMember));
    }

    /** Unique names that said Hello in {@code messages} (the clients that connected while it was observed). */
    public static List<String> newClients(List<ObservedMessage> messages) {
        return messages.stream().filter(MessageTally::isHello).map(ObservedMessage::sender).distinct().toList();
    }

    /** A client's Hello to the bus, the first call of every new connection. */
    static boolean isHello(ObservedMessage m) {
        return m.isCall() && "Hello".equals(m.member()) && m.sender() != null;
    }
}
