package org.dbuslab.server;

import org.dbuslab.api.Spam;
import org.dbuslab.api.SpamContract;

/** Answers libdbus's spam calls like {@code dbus-test-tool echo}: an empty reply, whatever the payload. */
public class SpamService implements Spam {

    @Override
    public void Spam(byte[] payload) {
        // empty reply
    }

    @Override
    public void Spam(String payload) {
        // empty reply
    }

    @Override
    public String getObjectPath() {
        return SpamContract.OBJECT_PATH;
    }
}
