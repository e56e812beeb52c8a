package org.dbuslab.runner.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class RunTagsTest {

    @Test
    void aCellsSecondRunInABlockGetsATagOfItsOwn() {
        RunTags tags = new RunTags();
        assertEquals("matrix.java.p2p-tcp.async.1000.w128.b5", tags.next("matrix.java.p2p-tcp.async.1000.w128", 5));
        assertEquals("matrix.java.dbus-daemon.sync.1000.w1.b5", tags.next("matrix.java.dbus-daemon.sync.1000.w1", 5));
        assertEquals("matrix.java.p2p-tcp.async.1000.w128.b5.r2", tags.next("matrix.java.p2p-tcp.async.1000.w128", 5));
        assertEquals("matrix.java.p2p-tcp.async.1000.w128.b5.r3", tags.next("matrix.java.p2p-tcp.async.1000.w128", 5));
    }

    @Test
    void aNewBlockStartsAfresh() {
        RunTags tags = new RunTags();
        tags.next("c", 5);
        tags.next("c", 5);
        assertEquals("c.b6", tags.next("c", 6));
    }
}
