package org.dbuslab.lean;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SaslExternalTest {

    @Test
    void theSpecificationsExampleForUid1000() {
        // D-Bus specification, "Authentication protocol", example: C: AUTH EXTERNAL 31303030 ... C: BEGIN
        assertArrayEquals("\0AUTH EXTERNAL 31303030\r\nBEGIN\r\n".getBytes(StandardCharsets.US_ASCII),
            SaslExternal.request(1000));
    }

    @Test
    void uidZeroAsLibdbusSendsIt() {
        byte[] dbusSend = Captures.bytes("dbus-send-dbus-daemon.out.hex");
        int firstLineEnd = Captures.indexOf(dbusSend, (byte) '\n', 0) + 1;
        byte[] ours = SaslExternal.request(0);
        assertArrayEquals(Arrays.copyOfRange(dbusSend, 0, firstLineEnd), Arrays.copyOfRange(ours, 0, firstLineEnd));
        assertEquals("BEGIN\r\n", new String(ours, firstLineEnd, ours.length - firstLineEnd, StandardCharsets.US_ASCII));
    }

    @Test
    void okGivesTheGuidAnythingElseIsAFailure() throws Failure {
        assertEquals("373639db4d5aa87da86806c76b1488eb", SaslExternal.accepted("OK 373639db4d5aa87da86806c76b1488eb"));
        Failure rejected = assertThrows(Failure.class, () -> SaslExternal.accepted("REJECTED DBUS_COOKIE_SHA1 ANONYMOUS"));
        assertEquals("the bus rejected EXTERNAL authentication (it offers: DBUS_COOKIE_SHA1 ANONYMOUS)", rejected.getMessage());
        Failure error = assertThrows(Failure.class, () -> SaslExternal.accepted("ERROR \"what\""));
        assertEquals("unexpected answer to AUTH EXTERNAL: 'ERROR \"what\"'", error.getMessage());
        assertThrows(Failure.class, () -> SaslExternal.accepted("OK "));
    }

    @Test
    void theEffectiveUidIsTheUidLinesSecondNumber() throws Failure {
        byte[] status = "Name:\tjava\nUmask:\t0022\nState:\tR (running)\nTgid:\t7\nUid:\t1000\t1001\t1000\t1000\nGid:\t5\t5\t5\t5\n"
            .getBytes(StandardCharsets.US_ASCII);
        assertEquals(1001, SaslExternal.effectiveUid(status));
        Failure none = assertThrows(Failure.class, () -> SaslExternal.effectiveUid("Name:\tx\nGid:\t0\n".getBytes()));
        assertEquals("no effective uid in /proc/self/status", none.getMessage());
        assertThrows(Failure.class, () -> SaslExternal.effectiveUid("Uid:\t1000\n".getBytes()));
    }

    @Test
    void thisProcesssUidIsTheOwnerOfProcSelf() throws Exception {
        Object owner = Files.getAttribute(Path.of("/proc/self/"), "unix:uid");
        assertEquals(((Integer) owner).longValue(), SaslExternal.effectiveUid());
        assertTrue(SaslExternal.effectiveUid() >= 0);
    }
}
