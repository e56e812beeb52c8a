package org.dbuslab.client.callpath;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Which thread reads the replies, by window and kind of connection (docs/EXPERIMENTS.md, steps 8 and 10). */
class ReplyReadingTest {

    private static final String UNIX = "unix:path=/tmp/x/p2p.sock";
    private static final String TCP = "tcp:host=127.0.0.1,port=4711";

    @Test
    void synchronousCallersReadTheirOwnReplies() {
        assertEquals(ReplyReading.CALLING_THREAD, ReplyReading.forConnection(1, false, UNIX));
        assertEquals(ReplyReading.CALLING_THREAD, ReplyReading.forConnection(1, true, UNIX));
        assertEquals(ReplyReading.CALLING_THREAD, ReplyReading.forConnection(1, true, TCP));
    }

    @Test
    void pipelinedCallersLoopExceptOnADirectUnixSocket() {
        assertEquals(ReplyReading.CALLER_LOOP, ReplyReading.forConnection(128, false, UNIX));
        assertEquals(ReplyReading.CALLER_LOOP, ReplyReading.forConnection(128, false, TCP));
        assertEquals(ReplyReading.CALLER_LOOP, ReplyReading.forConnection(2, true, TCP));
        assertEquals(ReplyReading.READER_THREAD, ReplyReading.forConnection(128, true, UNIX));
    }

    @Test
    void thePropertyKeepsTheReaderThreadEverywhere() {
        System.setProperty("dbuslab.callerReads", "false");
        try {
            assertEquals(ReplyReading.READER_THREAD, ReplyReading.forConnection(1, false, UNIX));
            assertEquals(ReplyReading.READER_THREAD, ReplyReading.forConnection(128, false, TCP));
        } finally {
            System.clearProperty("dbuslab.callerReads");
        }
    }
}
