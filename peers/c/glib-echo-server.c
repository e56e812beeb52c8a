/* The lab's echo server on GLib's GDBus: owns the name on a bus, or listens peer-to-peer with GDBusServer.
 * GDBus itself answers Introspectable and Peer, and the standard errors for an unknown interface or method and
 * for a wrong signature, from the introspection data below. libdbus's spam call is answered by a filter. */
#include "peers.h"
#include "glib_connect.h"

#include <gio/gio.h>
#include <glib-unix.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char PROG[] = "glib-echo-server";

static const char INTROSPECTION[] =
    "<node><interface name='" ECHO_INTERFACE "'><method name='" ECHO_METHOD "'>"
    "<arg type='ay' name='payload' direction='in'/><arg type='ay' name='echo' direction='out'/>"
    "</method></interface></node>";

static server_options options;
static guint64 echo_calls;
static GDBusInterfaceInfo *echo_interface;

static void method_call(GDBusConnection *connection, const gchar *sender, const gchar *path,
                        const gchar *interface, const gchar *method, GVariant *parameters,
                        GDBusMethodInvocation *invocation, gpointer data) {
    (void) connection; (void) sender; (void) path; (void) interface; (void) method; (void) data;
    /* GDBus has checked the method and its (ay) signature against the introspection data. */
    if (!server_corrupts(&options, ++echo_calls)) {
        g_dbus_method_invocation_return_value(invocation, parameters);   /* exactly the bytes received */
        return;
    }
    GVariant *payload = g_variant_get_child_value(parameters, 0);
    gsize length, corrupt_length;
    const guint8 *bytes = g_variant_get_fixed_array(payload, &length, 1);
    guint8 *corrupt = server_corrupted_copy(bytes, length, &corrupt_length);
    GVariant *reply = g_variant_new_fixed_array(G_VARIANT_TYPE_BYTE, corrupt, corrupt_length, 1);
    g_dbus_method_invocation_return_value(invocation, g_variant_new_tuple(&reply, 1));
    free(corrupt);
    g_variant_unref(payload);
}

static const GDBusInterfaceVTable VTABLE = {method_call, NULL, NULL, {0}};

/*
 * libdbus's spam call gets an empty reply whatever its payload (s, ay or none), as from the Java server. A filter,
 * not an exported object: GDBus checks an object's calls against ONE introspected signature per method. It runs
 * on GDBus's worker thread, before dispatch; every other message goes on as usual.
 */
static GDBusMessage *answer_spam(GDBusConnection *connection, GDBusMessage *message, gboolean incoming,
                                 gpointer data) {
    (void) data;
    if (!incoming || g_dbus_message_get_message_type(message) != G_DBUS_MESSAGE_TYPE_METHOD_CALL
        || g_strcmp0(g_dbus_message_get_path(message), SPAM_OBJECT_PATH) != 0
        || g_strcmp0(g_dbus_message_get_interface(message), SPAM_INTERFACE) != 0
        || g_strcmp0(g_dbus_message_get_member(message), SPAM_METHOD) != 0) {
        return message;
    }
    if (!(g_dbus_message_get_flags(message) & G_DBUS_MESSAGE_FLAGS_NO_REPLY_EXPECTED)) {
        GDBusMessage *reply = g_dbus_message_new_method_reply(message);
        g_dbus_connection_send_message(connection, reply, G_DBUS_SEND_MESSAGE_FLAGS_NONE, NULL, NULL);
        g_object_unref(reply);
    }
    g_object_unref(message);   /* answered: dropped before dispatch */
    return NULL;
}

static gboolean export_echo(GDBusConnection *connection, GError **error) {
    g_dbus_connection_add_filter(connection, answer_spam, NULL, NULL);
    return g_dbus_connection_register_object(connection, ECHO_OBJECT_PATH, echo_interface, &VTABLE, NULL, NULL,
                                             error) != 0;
}

/* ---- on a bus */

static void bus_closed(GDBusConnection *connection, gboolean remote, GError *error, gpointer data) {
    (void) connection; (void) remote; (void) data;
    die(EXIT_UNCLEAN, PROG, "the bus connection closed: %s", error ? error->message : "no reason given");
}

static void serve_on_bus(void) {
    GError *error = NULL;
    GDBusConnection *bus = glib_connect(options.bus, FALSE, 10000, &error);
    if (!bus) {
        die(EXIT_UNCLEAN, PROG, "cannot connect to %s: %s", options.bus, error->message);
    }
    g_signal_connect(bus, "closed", G_CALLBACK(bus_closed), NULL);
    if (!export_echo(bus, &error)) {
        die(EXIT_UNCLEAN, PROG, "cannot export %s: %s", ECHO_OBJECT_PATH, error->message);
    }
    GVariant *owned = g_dbus_connection_call_sync(bus, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                                  "org.freedesktop.DBus", "RequestName",
                                                  g_variant_new("(su)", options.name, 4 /* DO_NOT_QUEUE */),
                                                  G_VARIANT_TYPE("(u)"), G_DBUS_CALL_FLAGS_NONE, 10000, NULL, &error);
    if (!owned) {
        die(EXIT_UNCLEAN, PROG, "cannot own %s: %s", options.name, error->message);
    }
    guint32 answer;
    g_variant_get(owned, "(u)", &answer);
    if (answer != 1 /* PRIMARY_OWNER */) {
        die(EXIT_UNCLEAN, PROG, "cannot own %s: another connection has it", options.name);
    }
    g_variant_unref(owned);
    printf("ready %s\n", options.bus);
    fflush(stdout);
}

/* ---- peer-to-peer */

static void connection_closed(GDBusConnection *connection, gboolean remote, GError *error, gpointer data) {
    (void) remote; (void) error; (void) data;
    g_object_unref(connection);
}

static gboolean new_connection(GDBusServer *server, GDBusConnection *connection, gpointer data) {
    (void) server; (void) data;
    GError *error = NULL;
    if (!export_echo(connection, &error)) {
        fprintf(stderr, "%s: cannot export %s on a new connection: %s\n", PROG, ECHO_OBJECT_PATH, error->message);
        g_error_free(error);
        return FALSE;
    }
    g_object_ref(connection);   /* held until the peer goes */
    g_signal_connect(connection, "closed", G_CALLBACK(connection_closed), NULL);
    return TRUE;
}

static GDBusServer *serve_peers(void) {
    GError *error = NULL;
    gchar *guid = g_dbus_generate_guid();
    /* Over TCP no credentials travel, so peers there authenticate ANONYMOUS (the server listens on 127.0.0.1). */
    GDBusServerFlags flags = g_str_has_prefix(options.listen, "tcp:")
        ? G_DBUS_SERVER_FLAGS_AUTHENTICATION_ALLOW_ANONYMOUS : G_DBUS_SERVER_FLAGS_NONE;
    GDBusServer *server = g_dbus_server_new_sync(options.listen, flags, guid, NULL, NULL, &error);
    g_free(guid);
    if (!server) {
        die(EXIT_UNCLEAN, PROG, "cannot listen on %s: %s", options.listen, error->message);
    }
    g_signal_connect(server, "new-connection", G_CALLBACK(new_connection), NULL);
    g_dbus_server_start(server);
    printf("ready %s\n", g_dbus_server_get_client_address(server));
    fflush(stdout);
    return server;
}

static gboolean stop(gpointer loop) {
    g_main_loop_quit(loop);
    return G_SOURCE_CONTINUE;
}

int main(int argc, char **argv) {
    server_options_parse(&options, PROG, GLIB_BUS_NAME, argc, argv);
    GDBusNodeInfo *node = g_dbus_node_info_new_for_xml(INTROSPECTION, NULL);
    echo_interface = node->interfaces[0];
    GMainLoop *loop = g_main_loop_new(NULL, FALSE);
    g_unix_signal_add(SIGTERM, stop, loop);
    g_unix_signal_add(SIGINT, stop, loop);
    GDBusServer *server = NULL;
    if (options.bus) {
        serve_on_bus();
    } else {
        server = serve_peers();
    }
    g_main_loop_run(loop);
    if (server) {
        g_dbus_server_stop(server);
        g_object_unref(server);
    }
    g_main_loop_unref(loop);
    g_dbus_node_info_unref(node);
    return EXIT_CLEAN;
}
