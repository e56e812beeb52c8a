package org.dbuslab.lean;

import java.io.FileInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The client's side of D-Bus authentication with SASL EXTERNAL (D-Bus specification, "Authentication Protocol"):
 * a NUL byte, {@code AUTH EXTERNAL <uid as decimal ASCII, hex-encoded>}, and {@code BEGIN} right behind it, as
 * sd-bus sends its whole exchange in one write; the server answers {@code OK <guid>} and reads what follows BEGIN
 * as messages. The uid is the effective one, which the server compares with the socket's peer credentials.
 */
final class SaslExternal {

    private static final String STATUS = "/proc/self/status";

    private SaslExternal() {
    }

    /** {@code \0AUTH EXTERNAL 30\r\nBEGIN\r\n} for uid 0. */
    static byte[] request(long uid) {
        String decimal = Long.toString(uid);
        StringBuilder line = new StringBuilder(48).append("\0AUTH EXTERNAL ");
        for (int i = 0; i < decimal.length(); i++) {
            line.append(Integer.toHexString(decimal.charAt(i)));
        }
        return line.append("\r\nBEGIN\r\n").toString().getBytes(StandardCharsets.US_ASCII);
    }

    /** The server's first line (without CR LF) must be {@code OK <guid>}; returns the guid. */
    static String accepted(String line) throws Failure {
        if (line.startsWith("OK ") && line.length() > 3) {
            return line.substring(3);
        }
        if (line.startsWith("REJECTED")) {
            throw new Failure("the bus rejected EXTERNAL authentication (it offers:" + line.substring(8) + ")");
        }
        throw new Failure("unexpected answer to AUTH EXTERNAL: '" + line + "'");
    }

    /** The effective uid of this process, from /proc/self/status. */
    static long effectiveUid() throws Failure {
        byte[] status;
        try (FileInputStream in = new FileInputStream(STATUS)) {
            status = in.readAllBytes();
        } catch (IOException e) {
            throw new Failure("cannot read " + STATUS + " for the uid: " + e.getMessage());
        }
        return effectiveUid(status);
    }

    /** The second number of the {@code Uid:} line (real, effective, saved, file-system uid). */
    static long effectiveUid(byte[] status) throws Failure {
        byte[] key = {'U', 'i', 'd', ':'};
        for (int line = 0; line < status.length; ) {
            if (startsWith(status, line, key)) {
                int at = skipBlanks(status, skipDigits(status, skipBlanks(status, line + key.length)));
                int end = skipDigits(status, at);
                if (end > at && end - at < 19) {
                    return Long.parseLong(new String(status, at, end - at, StandardCharsets.US_ASCII));
                }
                break;
            }
            while (line < status.length && status[line] != '\n') {
                line++;
            }
            line++;
        }
        throw new Failure("no effective uid in " + STATUS);
    }

    private static boolean startsWith(byte[] data, int at, byte[] prefix) {
        if (at + prefix.length > data.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (data[at + i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    private static int skipBlanks(byte[] data, int at) {
        while (at < data.length && (data[at] == ' ' || data[at] == '\t')) {
            at++;
        }
        return at;
    }

    private static int skipDigits(byte[] data, int at) {
        while (at < data.length && data[at] >= '0' && data[at] <= '9') {
            at++;
        }
        return at;
    }
}
