package org.dbuslab.server;

import org.dbuslab.api.Echo1;
import org.dbuslab.api.EchoContract;

/** The exported echo object: returns exactly the bytes it received. */
public class EchoService implements Echo1 {

    @Override
    public byte[] Echo(byte[] payload) {
        return payload;
    }

    @Override
    public String getObjectPath() {
        return EchoContract.OBJECT_PATH;
    }
}
