/* Connecting with GDBus within a time limit: the asynchronous constructor, a main loop and a cancelling timer. */
#include "glib_connect.h"

typedef struct {
    GMainLoop *loop;
    GDBusConnection *connection;
    GError *error;
} connecting;

static void connected(GObject *source, GAsyncResult *result, gpointer data) {
    (void) source;
    connecting *c = data;
    c->connection = g_dbus_connection_new_for_address_finish(result, &c->error);
    g_main_loop_quit(c->loop);
}

static gboolean give_up(gpointer cancellable) {
    g_cancellable_cancel(cancellable);
    return G_SOURCE_REMOVE;
}

GDBusConnection *glib_connect(const char *address, gboolean peer, int timeout_ms, GError **error) {
    GMainContext *context = g_main_context_new();
    g_main_context_push_thread_default(context);
    connecting c = {g_main_loop_new(context, FALSE), NULL, NULL};
    GCancellable *cancellable = g_cancellable_new();
    GSource *timer = g_timeout_source_new((guint) timeout_ms);
    g_source_set_callback(timer, give_up, cancellable, NULL);
    g_source_attach(timer, context);
    GDBusConnectionFlags flags = G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT
        | (peer ? 0 : G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION);
    g_dbus_connection_new_for_address(address, flags, NULL, cancellable, connected, &c);
    g_main_loop_run(c.loop);
    g_source_destroy(timer);
    g_source_unref(timer);
    if (c.error && g_error_matches(c.error, G_IO_ERROR, G_IO_ERROR_CANCELLED)) {
        g_clear_error(&c.error);
        g_set_error(&c.error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT, "no connection within %d ms", timeout_ms);
    }
    g_object_unref(cancellable);
    g_main_loop_unref(c.loop);
    g_main_context_pop_thread_default(context);
    g_main_context_unref(context);
    if (c.error) {
        g_propagate_error(error, c.error);
    }
    return c.connection;
}
