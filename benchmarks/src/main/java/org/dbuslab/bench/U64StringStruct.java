package org.dbuslab.bench;

import org.freedesktop.dbus.Struct;
import org.freedesktop.dbus.annotations.Position;
import org.freedesktop.dbus.types.UInt64;

/** The {@code (ts)} struct of the rustbus comparison's messages: {@code (int2, string2)}. */
public final class U64StringStruct extends Struct {
    @Position(0)
    public final UInt64 number;
    @Position(1)
    public final String text;

    public U64StringStruct(UInt64 number, String text) {
        this.number = number;
        this.text = text;
    }
}
