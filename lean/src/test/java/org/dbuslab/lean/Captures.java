package org.dbuslab.lean;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;

/** The wire captures of src/test/resources/captures (see its README): other implementations' bytes. */
final class Captures {

    private Captures() {
    }

    static byte[] bytes(String name) {
        try (InputStream in = Captures.class.getResourceAsStream("/captures/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no capture " + name);
            }
            String hex = new String(in.readAllBytes(), StandardCharsets.US_ASCII).replaceAll("\\s", "");
            return HexFormat.of().parseHex(hex);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The bytes from the first D-Bus message on, past the SASL lines: a message starts with 'l' or 'B', a type from 1
     * to 4 and protocol version 1 (which tells it from the line BEGIN).
     */
    static byte[] afterSasl(byte[] stream) {
        int at = 0;
        while (at + 3 < stream.length && !((stream[at] == 'l' || stream[at] == 'B') && stream[at + 1] >= 1
            && stream[at + 1] <= 4 && stream[at + 3] == 1)) {
            int lf = indexOf(stream, (byte) '\n', at);
            at = lf + 1;
        }
        return Arrays.copyOfRange(stream, at, stream.length);
    }

    /** A reader that has been given {@code stream}, its SASL lines already taken off. */
    static MessageReader readerAfterSasl(byte[] stream) {
        byte[] messages = afterSasl(stream);
        MessageReader reader = new MessageReader(64);
        reader.feed(messages, 0, messages.length);
        return reader;
    }

    /** One message alone (the capture holds exactly one). */
    static Message single(String name) throws Failure {
        byte[] bytes = bytes(name);
        MessageReader reader = new MessageReader(16);
        reader.feed(bytes, 0, bytes.length);
        Message m = reader.next();
        if (m == null || reader.next() != null) {
            throw new IllegalStateException(name + " is not exactly one message");
        }
        return m;
    }

    static int indexOf(byte[] data, byte b, int from) {
        for (int i = from; i < data.length; i++) {
            if (data[i] == b) {
                return i;
            }
        }
        throw new IllegalArgumentException("no byte " + b + " after " + from);
    }
}
