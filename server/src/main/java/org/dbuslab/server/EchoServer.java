package org.dbuslab.server;

/** A running echo server: on a bus or listening peer-to-peer. */
public interface EchoServer extends AutoCloseable {

    /** The address clients use: the bus address, or the actual listening address (real port for port=0). */
    String address();

    /** Stops serving and releases sockets; never throws. */
    @Override
    void close();
}
