package org.dbuslab.scale.signals;

import org.dbuslab.client.run.PayloadGenerator;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each way a signal can go wrong is counted, and a clean sequence counts nothing. */
class SubscriberTallyTest {

    private final PayloadGenerator pads = new PayloadGenerator(16, 3);

    private void receive(SubscriberTally tally, long seq) {
        tally.receive(seq, 100, pads.payload(seq), 200);
    }

    @Test
    void aCleanSequenceHasNoProblem() throws Exception {
        SubscriberTally tally = new SubscriberTally(10, 3, pads);
        receive(tally, 10);
        receive(tally, 11);
        receive(tally, 12);
        assertEquals(3, tally.received());
        assertTrue(tally.awaitReceived(3, System.nanoTime()));
        assertNull(tally.firstProblem());
        assertEquals(1, tally.latencies().getTotalCount() / 3);
    }

    @Test
    void duplicatesReordersStraysAndBadPadsAreCounted() throws Exception {
        SubscriberTally tally = new SubscriberTally(0, 4, pads);
        receive(tally, 1);
        receive(tally, 0);            // out of order
        receive(tally, 1);            // duplicate
        receive(tally, 9);            // outside the run
        tally.receive(2, 100, new byte[16], 200); // wrong pad
        assertEquals(3, tally.received());
        assertEquals(1, tally.outOfOrder());
        assertEquals(1, tally.duplicated());
        assertEquals(1, tally.stray());
        assertEquals(1, tally.mismatched());
        assertNotNull(tally.firstProblem());
        assertFalse(tally.awaitReceived(4, System.nanoTime() + 1_000_000), "signal 3 never came");
    }
}
