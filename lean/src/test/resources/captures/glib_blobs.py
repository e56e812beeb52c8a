#!/usr/bin/python3
"""Big-endian replies marshalled by GLib's GDBusMessage (Debian python3-gi), independently of the lean client:
a method return of Properties.Get carrying a(ss) in a variant, and an error reply, both to serial 2.
Writes NAME.hex (xxd -p) into the folder given as the first argument."""
import sys
import gi
gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib

out = sys.argv[1]
BIG = Gio.DBusMessageByteOrder.BIG_ENDIAN
PRODUCTS = [("Tumbleweed", "openSUSE Tumbleweed"), ("Leap", "openSUSE Leap 15.5"), ("Ünïcode", "grüße, 日本")]


def call(serial):
    m = Gio.DBusMessage.new_method_call("org.opensuse.DInstaller.Software", "/org/opensuse/DInstaller/Software1",
                                        "org.freedesktop.DBus.Properties", "Get")
    m.set_serial(serial)
    m.set_sender(":1.7")
    return m


def write(name, message):
    message.set_byte_order(BIG)
    blob = message.to_blob(Gio.DBusCapabilityFlags.NONE)
    with open(f"{out}/{name}.hex", "w") as f:
        f.write(bytes(blob).hex() + "\n")


ret = Gio.DBusMessage.new_method_reply(call(2))
ret.set_sender(":1.1")
ret.set_serial(9)
ret.set_body(GLib.Variant("(v)", (GLib.Variant("a(ss)", PRODUCTS),)))
write("glib-big-endian-get-reply", ret)

err = Gio.DBusMessage.new_method_error_literal(call(2), "org.freedesktop.DBus.Error.AccessDenied", "not for you")
err.set_sender(":1.1")
err.set_serial(10)
write("glib-big-endian-error", err)

empty = Gio.DBusMessage.new_method_reply(call(2))
empty.set_serial(11)
empty.set_body(GLib.Variant("(v)", (GLib.Variant("a(ss)", []),)))
write("glib-big-endian-empty-reply", empty)
