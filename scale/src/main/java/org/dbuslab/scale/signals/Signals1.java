package org.dbuslab.scale.signals;

import org.freedesktop.dbus.annotations.DBusInterfaceName;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.interfaces.DBusInterface;
import org.freedesktop.dbus.messages.DBusSignal;

/**
 * The signal the fan-out measurement emits: {@code org.dbuslab.Signals1.Tick(t seq, t emitted_ns, ay pad)} on
 * {@link #OBJECT_PATH}. {@code seq} lets every subscriber check for loss, duplicates and order; {@code emitted_ns}
 * is the emitter's System.nanoTime() (subscribers run in the same JVM, so it is their clock too).
 */
@DBusInterfaceName(Signals1.INTERFACE)
public interface Signals1 extends DBusInterface {

    String INTERFACE = "org.dbuslab.Signals1";
    String MEMBER = "Tick";
    String OBJECT_PATH = "/org/dbuslab/Signals";
    /** Idle connections' rules name paths under this prefix, which the emitter never uses. */
    String IDLE_PATH_PREFIX = "/org/dbuslab/Idle/r";

    /** A rule on the same interface and member as the subscribers', so the bus must look at it, that never matches. */
    static String nonMatchingRule(int number) {
        return "type='signal',interface='" + INTERFACE + "',member='" + MEMBER + "',path='" + IDLE_PATH_PREFIX
            + number + "'";
    }

    final class Tick extends DBusSignal {
        private final long seq;
        private final long emittedNanos;
        private final byte[] pad;

        public Tick(String path, long seq, long emittedNanos, byte[] pad) throws DBusException {
            super(path, seq, emittedNanos, pad);
            this.seq = seq;
            this.emittedNanos = emittedNanos;
            this.pad = pad;
        }

        public long seq() {
            return seq;
        }

        public long emittedNanos() {
            return emittedNanos;
        }

        public byte[] pad() {
            return pad;
        }
    }
}
