package org.dbuslab.labio;

import java.io.IOException;

/** Bytes queued to be sent on a socket whose buffer was full, for an event loop that waits until it drains. */
interface OutgoingBytes {

    /** True while queued bytes wait to be sent. */
    boolean pending();

    /** Sends what the socket takes now, without blocking; the rest stays queued. */
    void sendWithoutBlocking() throws IOException;
}
