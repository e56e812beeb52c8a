package org.dbuslab.labio;

import java.nio.ByteBuffer;

/** A whole message's bytes, ready to be copied into the connection's send buffer in one piece. */
public interface OutgoingFrame {

    /** How many bytes {@link #writeTo} puts. */
    int length();

    /** Puts the message's bytes at {@code into}'s position, advancing it by {@link #length}. */
    void writeTo(ByteBuffer into);
}
