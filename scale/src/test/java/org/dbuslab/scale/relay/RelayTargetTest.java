package org.dbuslab.scale.relay;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class RelayTargetTest {

    @Test
    void aDbusAddressKeepsItsOtherKeysThroughTheRelay() {
        RelayTarget target = RelayTarget.parse("tcp:host=127.0.0.1,port=4711,family=ipv4,guid=abc");
        assertEquals("127.0.0.1", target.host());
        assertEquals(4711, target.port());
        assertEquals("tcp:host=127.0.0.1,port=9000,family=ipv4,guid=abc", target.throughRelay(9000));
    }

    @Test
    void hostAndPort() {
        RelayTarget target = RelayTarget.parse("localhost:80");
        assertEquals("localhost", target.host());
        assertEquals("127.0.0.1:9000", target.throughRelay(9000));
    }

    @Test
    void aUnixTargetIsReachedOverTcpWithItsGuid() {
        RelayTarget target = RelayTarget.parse("unix:path=/tmp/x/bridge.sock,guid=abc");
        assertEquals(java.nio.file.Path.of("/tmp/x/bridge.sock"), target.unixPath());
        assertEquals("/tmp/x/bridge.sock", target.describe());
        assertEquals("tcp:host=127.0.0.1,port=9000,guid=abc", target.throughRelay(9000));
        assertEquals("tcp:host=127.0.0.1,port=9000", RelayTarget.parse("unix:path=/s").throughRelay(9000));
    }

    @Test
    void badTargetsSayWhy() {
        assertThrows(IllegalArgumentException.class, () -> RelayTarget.parse("unix:abstract=x"));
        assertThrows(IllegalArgumentException.class, () -> RelayTarget.parse("tcp:host=x"));
        assertThrows(IllegalArgumentException.class, () -> RelayTarget.parse("nohost"));
        assertThrows(IllegalArgumentException.class, () -> RelayTarget.parse("h:99999"));
        assertThrows(IllegalArgumentException.class, () -> RelayTarget.parse("h:x"));
    }
}
