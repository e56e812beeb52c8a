/* The lab's echo client on GLib's GDBus. sync: g_dbus_connection_call_sync, one call at a time; async:
 * g_dbus_connection_call with at most --window replies pending, in a GMainLoop, as the 2015 kdbus test on LKML. */
#include "peers.h"
#include "glib_connect.h"

#include <gio/gio.h>
#include <stdio.h>

static const char PROG[] = "glib-echo-client";

typedef struct {
    GDBusConnection *connection;
    const char *dest;   /* NULL peer-to-peer */
    int sync;           /* --mode: the library's synchronous call, or its asynchronous one */
} glib_client;

static GVariant *echo_arguments(payload_gen *payloads, int64_t sequence) {
    GVariant *bytes = g_variant_new_fixed_array(G_VARIANT_TYPE_BYTE, payload_make(payloads, sequence),
                                                payloads->size, 1);
    return g_variant_new_tuple(&bytes, 1);
}

/* Counts one call's outcome: a timeout is lost, any other failure an error, a reply is compared byte for byte. */
static void judge(run_tally *t, payload_gen *payloads, int64_t sequence, int64_t sent_at, GVariant *reply,
                  GError *error) {
    if (error && g_error_matches(error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT)) {
        tally_add(t, sequence, VERDICT_LOST, NULL);
        return;
    }
    tally_round_trip(t, sent_at);
    if (error) {
        gchar *remote = g_dbus_error_get_remote_error(error);
        tally_add(t, sequence, VERDICT_ERROR, remote ? remote : error->message);
        g_free(remote);
        return;
    }
    if (!g_variant_is_of_type(reply, G_VARIANT_TYPE("(ay)"))) {
        tally_add(t, sequence, VERDICT_MISMATCHED, "reply body has an unexpected shape");
        return;
    }
    GVariant *bytes = g_variant_get_child_value(reply, 0);
    gsize length;
    const guint8 *data = g_variant_get_fixed_array(bytes, &length, 1);
    if (payload_matches(payloads, sequence, data, length)) {
        tally_add(t, sequence, VERDICT_OK, NULL);
    } else {
        char detail[80];
        snprintf(detail, sizeof detail, "reply of %zu bytes differs from what it must be", (size_t) length);
        tally_add(t, sequence, VERDICT_MISMATCHED, detail);
    }
    g_variant_unref(bytes);
}

static void run_sync(glib_client *c, int calls, payload_gen *payloads, int timeout_ms, run_tally *t) {
    for (int64_t sequence = 0; sequence < calls; sequence++) {
        GError *error = NULL;
        int64_t sent_at = now_ns();
        GVariant *reply = g_dbus_connection_call_sync(c->connection, c->dest, ECHO_OBJECT_PATH, ECHO_INTERFACE,
                                                      ECHO_METHOD, echo_arguments(payloads, sequence), NULL,
                                                      G_DBUS_CALL_FLAGS_NONE, timeout_ms, NULL, &error);
        judge(t, payloads, sequence, sent_at, reply, error);
        g_clear_pointer(&reply, g_variant_unref);
        g_clear_error(&error);
    }
}

/* ---- async: a bounded window of pending calls, refilled from each reply's callback */

typedef struct {
    glib_client *client;
    GMainLoop *loop;
    payload_gen *payloads;
    run_tally *tally;
    int window, calls, timeout_ms;
    int64_t next, pending, completed;
} pipeline;

typedef struct {
    pipeline *p;
    int64_t sequence, sent_at;
} pending_call;

static void send_more(pipeline *p);

static void replied(GObject *source, GAsyncResult *result, gpointer data) {
    pending_call *call = data;
    pipeline *p = call->p;
    GError *error = NULL;
    GVariant *reply = g_dbus_connection_call_finish(G_DBUS_CONNECTION(source), result, &error);
    judge(p->tally, p->payloads, call->sequence, call->sent_at, reply, error);
    g_clear_pointer(&reply, g_variant_unref);
    g_clear_error(&error);
    g_free(call);
    p->pending--;
    p->completed++;
    send_more(p);
}

static void send_more(pipeline *p) {
    while (p->pending < p->window && p->next < p->calls) {
        pending_call *call = g_new(pending_call, 1);
        *call = (pending_call) {p, p->next, now_ns()};
        g_dbus_connection_call(p->client->connection, p->client->dest, ECHO_OBJECT_PATH, ECHO_INTERFACE,
                               ECHO_METHOD, echo_arguments(p->payloads, p->next), NULL, G_DBUS_CALL_FLAGS_NONE,
                               p->timeout_ms, NULL, replied, call);
        p->next++;
        p->pending++;
    }
    if (p->completed == p->calls) {
        g_main_loop_quit(p->loop);
    }
}

static void run_async(glib_client *c, int window, int calls, payload_gen *payloads, int timeout_ms, run_tally *t) {
    /* Every call ends in its callback: a reply, an error, GDBus's own timeout, or the connection closing. */
    pipeline p = {c, g_main_loop_new(NULL, FALSE), payloads, t, window, calls, timeout_ms, 0, 0, 0};
    send_more(&p);
    if (p.completed < p.calls) {
        g_main_loop_run(p.loop);
    }
    g_main_loop_unref(p.loop);
}

static void run(void *ctx, int window, int calls, payload_gen *payloads, int timeout_ms, run_tally *t) {
    if (((glib_client *) ctx)->sync) {
        run_sync(ctx, calls, payloads, timeout_ms, t);
    } else {
        run_async(ctx, window, calls, payloads, timeout_ms, t);
    }
}

static const char *lost_reason(void *ctx) {
    glib_client *c = ctx;
    return g_dbus_connection_is_closed(c->connection) ? "the connection was closed" : NULL;
}

int main(int argc, char **argv) {
    client_options o;
    client_options_parse(&o, PROG, argc, argv);
    GError *error = NULL;
    GDBusConnection *connection = glib_connect(o.address, o.peer, o.reply_timeout_ms, &error);
    if (!connection) {
        die(EXIT_USAGE, PROG, "cannot connect to %s: %s", o.address, error->message);
    }
    glib_client client = {connection, o.peer ? NULL : o.dest, o.sync};
    client_backend backend = {&client, run, lost_reason};
    int code = client_drive(&o, PROG, &backend);
    g_object_unref(connection);
    return code;
}
