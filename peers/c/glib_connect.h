/* Connecting with GDBus within a time limit (g_dbus_connection_new_for_address_sync has none). */
#ifndef DBUSLAB_GLIB_CONNECT_H
#define DBUSLAB_GLIB_CONNECT_H

#include <gio/gio.h>

/* A bus connection (Hello done) or, with `peer`, a direct one; NULL with `error` set after `timeout_ms`. */
GDBusConnection *glib_connect(const char *address, gboolean peer, int timeout_ms, GError **error);

#endif
