package org.dbuslab.scenarios.monitor;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class MessageTallyTest {

    private static final String ME = ":1.7";

    private static ObservedMessage call(String sender, String member, long serial, String arg0) {
        return new ObservedMessage("method_call", sender, "org.freedesktop.DBus", "x", member, serial, -1, arg0, null);
    }

    private static ObservedMessage reply(String destination, long replySerial) {
        return new ObservedMessage("method_return", "org.freedesktop.DBus", destination, null, null, 99, replySerial, null, null);
    }

    @Test
    void countsBothDirectionsPerPhaseWithoutMarkersOrStrangers() {
        List<ObservedMessage> seen = List.of(
            call(ME, "Hello", 1, null), reply(ME, 1),
            call(ME, "NameHasOwner", 2, PhaseMarker.PREFIX + "Reads"), reply(ME, 2),
            call(ME, "Get", 3, "org.opensuse.DInstaller.Software1"), reply(ME, 3),
            call(":1.8", "Get", 1, null), reply(":1.8", 1),
            new ObservedMessage("signal", "org.freedesktop.DBus", null, "org.freedesktop.DBus", "NameOwnerChanged", 5, -1, ME, ""));
        Map<String, MessageTally.Counts> c = MessageTally.of(seen, ME);
        assertEquals(new MessageTally.Counts(1, 1, Map.of("Hello", 1)), c.get(MessageTally.CONNECT));
        assertEquals(new MessageTally.Counts(1, 1, Map.of("Get", 1)), c.get("reads"));
        assertNull(c.get("setup"));
        assertEquals(2, MessageTally.total(c).sent());
        assertEquals("Get=1 Hello=1", MessageTally.total(c).sentByMemberText());
        assertEquals(List.of(ME), MessageTally.newClients(seen), "only connections that said Hello are new");
    }

    @Test
    void parsesBusctlJson() {
        ObservedMessage m = BusctlMonitor.parse("{\"type\":\"signal\",\"cookie\":5,\"sender\":\"org.freedesktop.DBus\","
            + "\"path\":\"/org/freedesktop/DBus\",\"interface\":\"org.freedesktop.DBus\",\"member\":\"NameOwnerChanged\","
            + "\"payload\":{\"type\":\"sss\",\"data\":[\":1.2\",\":1.2\",\"\"]}}");
        assertEquals(new ObservedMessage("signal", "org.freedesktop.DBus", null, "org.freedesktop.DBus", "NameOwnerChanged",
            5, -1, ":1.2", ""), m);
        assertNull(BusctlMonitor.parse("Monitoring bus message stream."));
    }
}
