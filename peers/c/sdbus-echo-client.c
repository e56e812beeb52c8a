/* The lab's echo client on sd-bus (libsystemd). sync: sd_bus_call, one call at a time; async: pipelined with
 * sd_bus_call_async, at most --window replies pending, driven by sd_bus_process and sd_bus_wait. */
#include "peers.h"
#include "sdbus_connect.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char PROG[] = "sdbus-echo-client";

/* sd_bus_wait's longest sleep: a bound on every wait; the calls' own timeouts end the run. */
#define MAX_WAIT_USEC 1000000ULL

typedef struct {
    sd_bus *bus;
    const char *dest;   /* NULL peer-to-peer */
    int sync;
} sdbus_client;

static int echo_call(sdbus_client *c, payload_gen *payloads, int64_t sequence, sd_bus_message **call) {
    int r = sd_bus_message_new_method_call(c->bus, call, c->dest, ECHO_OBJECT_PATH, ECHO_INTERFACE, ECHO_METHOD);
    if (r >= 0) {
        r = sd_bus_message_append_array(*call, 'y', payload_make(payloads, sequence), payloads->size);
    }
    return r;
}

/* A timeout is lost: sd_bus_call's own (Timeout), sd-bus's for an async call or the bus's (NoReply). */
static int is_timeout(const char *name) {
    return name && (strcmp(name, SD_BUS_ERROR_TIMEOUT) == 0 || strcmp(name, SD_BUS_ERROR_NO_REPLY) == 0);
}

/* Counts one call's outcome from its reply (a method return or an error message). */
static void judge_reply(run_tally *t, payload_gen *payloads, int64_t sequence, int64_t sent_at,
                        sd_bus_message *reply) {
    const sd_bus_error *error = sd_bus_message_get_error(reply);
    if (error && is_timeout(error->name)) {
        tally_add(t, sequence, VERDICT_LOST, NULL);
        return;
    }
    tally_round_trip(t, sent_at);
    if (error) {
        tally_add(t, sequence, VERDICT_ERROR, error->name);
        return;
    }
    const void *data = NULL;
    size_t length = 0;
    const char *signature = sd_bus_message_get_signature(reply, 1);
    if (!signature || strcmp(signature, "ay") != 0 || sd_bus_message_read_array(reply, 'y', &data, &length) < 0) {
        tally_add(t, sequence, VERDICT_MISMATCHED, "reply body has an unexpected shape");
        return;
    }
    if (payload_matches(payloads, sequence, data, length)) {
        tally_add(t, sequence, VERDICT_OK, NULL);
    } else {
        char detail[80];
        snprintf(detail, sizeof detail, "reply of %zu bytes differs from what it must be", length);
        tally_add(t, sequence, VERDICT_MISMATCHED, detail);
    }
}

static void run_sync(sdbus_client *c, int calls, payload_gen *payloads, int timeout_ms, run_tally *t) {
    for (int64_t sequence = 0; sequence < calls; sequence++) {
        sd_bus_message *call = NULL, *reply = NULL;
        sd_bus_error error = SD_BUS_ERROR_NULL;
        int r = echo_call(c, payloads, sequence, &call);
        int64_t sent_at = now_ns();
        if (r >= 0) {
            r = sd_bus_call(c->bus, call, (uint64_t) timeout_ms * 1000, &error, &reply);
        }
        if (r >= 0) {
            judge_reply(t, payloads, sequence, sent_at, reply);
        } else if (r == -ETIMEDOUT && is_timeout(error.name)) {
            tally_add(t, sequence, VERDICT_LOST, NULL);
        } else {
            tally_round_trip(t, sent_at);   /* an error reply (sd_bus_call returns it as a failure) */
            tally_add(t, sequence, VERDICT_ERROR, sd_bus_error_is_set(&error) ? error.name : strerror(-r));
        }
        sd_bus_error_free(&error);
        sd_bus_message_unref(reply);
        sd_bus_message_unref(call);
    }
}

/* ---- async: a pool of `window` call slots; a reply's callback frees its slot for the next call */

typedef struct pipeline pipeline;

typedef struct {
    pipeline *p;
    int64_t sequence, sent_at;
    sd_bus_slot *slot;   /* NULL while the slot is free */
} pending_call;

struct pipeline {
    payload_gen *payloads;
    run_tally *tally;
    pending_call *calls;
    int *free_slots, free_count;
    int64_t completed;
};

static int replied(sd_bus_message *reply, void *data, sd_bus_error *unused) {
    pending_call *call = data;
    pipeline *p = call->p;
    judge_reply(p->tally, p->payloads, call->sequence, call->sent_at, reply);
    call->slot = sd_bus_slot_unref(call->slot);   /* sd-bus holds its own reference while we run */
    p->free_slots[p->free_count++] = (int) (call - p->calls);
    p->completed++;
    return 0;
}

static void run_async(sdbus_client *c, int window, int calls, payload_gen *payloads, int timeout_ms, run_tally *t) {
    pipeline p = {payloads, t, calloc((size_t) window, sizeof(pending_call)), malloc(sizeof(int) * (size_t) window),
                  window, 0};
    if (!p.calls || !p.free_slots) {
        for (int64_t s = 0; s < calls; s++) {
            tally_add(t, s, VERDICT_ERROR, "out of memory for the window");
        }
        free(p.calls);
        free(p.free_slots);
        return;
    }
    for (int i = 0; i < window; i++) {
        p.free_slots[i] = window - 1 - i;
    }
    int64_t next = 0;
    const char *broken = NULL;
    while (p.completed < calls && !broken) {
        while (p.free_count > 0 && next < calls) {
            pending_call *call = &p.calls[p.free_slots[--p.free_count]];
            *call = (pending_call) {&p, next, 0, NULL};
            sd_bus_message *m = NULL;
            int r = echo_call(c, payloads, next, &m);
            call->sent_at = now_ns();
            if (r >= 0) {
                r = sd_bus_call_async(c->bus, &call->slot, m, replied, call, (uint64_t) timeout_ms * 1000);
            }
            sd_bus_message_unref(m);
            if (r < 0) {
                tally_add(t, next, VERDICT_ERROR, strerror(-r));
                p.free_slots[p.free_count++] = (int) (call - p.calls);
                p.completed++;
            }
            next++;
        }
        int r = sd_bus_process(c->bus, NULL);
        if (r == 0) {
            r = sd_bus_wait(c->bus, MAX_WAIT_USEC);
        }
        if (r < 0) {
            broken = strerror(-r);
        }
    }
    /* A dead connection: the calls still pending are errors, and their callbacks are cancelled. */
    for (int i = 0; i < window; i++) {
        if (p.calls[i].slot) {
            tally_add(t, p.calls[i].sequence, VERDICT_ERROR, broken);
            p.calls[i].slot = sd_bus_slot_unref(p.calls[i].slot);
            p.completed++;
        }
    }
    for (; next < calls; next++) {
        tally_add(t, next, VERDICT_ERROR, broken);
    }
    free(p.calls);
    free(p.free_slots);
}

static void run(void *ctx, int window, int calls, payload_gen *payloads, int timeout_ms, run_tally *t) {
    if (((sdbus_client *) ctx)->sync) {
        run_sync(ctx, calls, payloads, timeout_ms, t);
    } else {
        run_async(ctx, window, calls, payloads, timeout_ms, t);
    }
}

static const char *lost_reason(void *ctx) {
    sdbus_client *c = ctx;
    return sd_bus_is_open(c->bus) > 0 ? NULL : "the connection was closed";
}

int main(int argc, char **argv) {
    client_options o;
    client_options_parse(&o, PROG, argc, argv);
    sd_bus *bus = NULL;
    int r = sdbus_connect(o.address, o.peer, o.reply_timeout_ms, &bus);
    if (r < 0) {
        die(EXIT_USAGE, PROG, "cannot connect to %s: %s", o.address, strerror(-r));
    }
    sdbus_client client = {bus, o.peer ? NULL : o.dest, o.sync};
    client_backend backend = {&client, run, lost_reason};
    int code = client_drive(&o, PROG, &backend);
    sd_bus_flush_close_unref(bus);
    return code;
}
