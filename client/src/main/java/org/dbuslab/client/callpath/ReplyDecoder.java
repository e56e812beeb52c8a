package org.dbuslab.client.callpath;

import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.messages.Error;
import org.freedesktop.dbus.messages.Message;

import java.lang.reflect.Type;
import java.util.List;

/**
 * Turns a reply message into a {@link Reply}, the same way for every call path: an echo reply is decoded with an
 * explicit {@code byte[]} type (dbus-java's untyped path would box every byte), a spam reply must have no body.
 */
final class ReplyDecoder {

    private static final List<Type[]> BYTE_ARRAY_BODY = List.<Type[]>of(new Type[] {byte[].class});
    private static final byte[] EMPTY = new byte[0];

    private ReplyDecoder() {
    }

    /** @param reply the reply, or null when none came in time */
    static Reply decode(Message reply, CallMethod method) {
        if (reply == null) {
            return Reply.timedOut();
        }
        if (reply instanceof Error error) {
            return Reply.error(error.getName());
        }
        try {
            if (!method.echoesPayload()) {
                Object[] body = reply.getParameters();
                return Reply.returned(body == null || body.length == 0 ? EMPTY : null);
            }
            Object[] body = reply.getParameters(BYTE_ARRAY_BODY);
            if (body != null && body.length == 1 && body[0] instanceof byte[] bytes) {
                return Reply.returned(bytes);
            }
            return Reply.returned(null); // wrong shape: the verifier counts it as a mismatch
        } catch (DBusException | RuntimeException e) {
            // a hostile body (a length past its end, a signature that lies) can make dbus-java's decoder throw anything
            return Reply.error("undecodable reply: " + e);
        }
    }
}
