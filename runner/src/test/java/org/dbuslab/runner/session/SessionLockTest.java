package org.dbuslab.runner.session;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The machine's session lock: one holder, who says who it is; free again when released; every user may lock it. */
class SessionLockTest {

    @TempDir
    Path dir;

    @Test
    void aHeldLockNamesItsHolderAndIsFreeAgainWhenReleased() throws Exception {
        Path file = dir.resolve("session.lock");
        try (SessionLock first = SessionLock.take(file, "pid 42, results in /r")) {
            SessionLock.Held held = assertThrows(SessionLock.Held.class, () -> SessionLock.take(file, "pid 43"));
            assertEquals("pid 42, results in /r", held.getMessage());
        }
        try (SessionLock again = SessionLock.take(file, "pid 43")) {
            assertEquals("pid 43\n", Files.readString(file));
        }
        assertEquals("rw-rw-rw-", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
    }

    @Test
    void theLockFileIsSharedByEveryUserUnlessTheEnvironmentNamesOne() {
        assertEquals(Path.of("/x/lock"), SessionLock.file(Map.of("LAB_SESSION_LOCK", "/x/lock")));
        assertEquals(SessionLock.NAME, SessionLock.file(Map.of()).getFileName().toString());
    }
}
