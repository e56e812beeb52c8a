package org.dbuslab.labio;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DbusJavaRaceTest {

    private static NullPointerException thrownIn(String className, String message) {
        NullPointerException e = new NullPointerException(message);
        e.setStackTrace(new StackTraceElement[] {
            new StackTraceElement(className, "disconnect", "X.java", 1),
            new StackTraceElement("org.dbuslab.client.Caller", "close", "Caller.java", 2)});
        return e;
    }

    @Test
    void aNullPointerWithItsMessageThrownInDbusJavaIsTheRace() {
        assertTrue(DbusJavaRace.isNullPointerInDbusJava(thrownIn(
            "org.freedesktop.dbus.messages.Message", "Cannot invoke \"Object.toString()\" because \"_data\" is null")));
    }

    @Test
    void aMessageLessNullPointerIsNeverTakenForTheRace() {
        assertFalse(DbusJavaRace.isNullPointerInDbusJava(thrownIn("org.freedesktop.dbus.messages.Message", null)));
    }

    @Test
    void aNullPointerInTheLabsOwnCodeIsNotTheRace() {
        assertFalse(DbusJavaRace.isNullPointerInDbusJava(thrownIn("org.dbuslab.client.Caller", "x is null")));
        assertFalse(DbusJavaRace.isNullPointerInDbusJava(new IllegalStateException("in dbus-java")));
    }

    @Test
    void aThreadEndsQuietlyAfterThePeerLeftOnlyOfTheRaceOrNotConnected() {
        assertTrue(DbusJavaRace.endsAThreadAfterThePeerLeft(
            new org.freedesktop.dbus.exceptions.NotConnected("Cannot send message: Not connected")));
        assertTrue(DbusJavaRace.endsAThreadAfterThePeerLeft(thrownIn("org.freedesktop.dbus.messages.Message", "x")));
        assertFalse(DbusJavaRace.endsAThreadAfterThePeerLeft(thrownIn("org.dbuslab.client.Caller", "x is null")));
        assertFalse(DbusJavaRace.endsAThreadAfterThePeerLeft(new IllegalStateException("anything else")));
    }

    @Test
    void aDisconnectAfterTheSocketEndedSwallowsOnlyTheRace() {
        assertDoesNotThrow(() -> DbusJavaRace.disconnectAfterSocketEnded(() -> {
            throw thrownIn("org.freedesktop.dbus.connections.AbstractConnectionBase", "\"_data\" is null");
        }));
        assertThrows(NullPointerException.class, () -> DbusJavaRace.disconnectAfterSocketEnded(() -> {
            throw thrownIn("org.freedesktop.dbus.connections.AbstractConnectionBase", null);
        }));
        assertThrows(IllegalStateException.class, () -> DbusJavaRace.disconnectAfterSocketEnded(() -> {
            throw new IllegalStateException("not the race");
        }));
    }
}
