/* The lab's libdbus client: the calls of `dbus-test-tool spam --bytes --stdin`, without its leak.
 *
 * dbus-test-tool spam (dbus 1.14) keeps every reply it takes from a pending call: its resident memory grows by
 * about 10 kB per call at 10000 B. Each run is a new process, so those are fresh pages, and on the lab's VMs the
 * cost of faulting them in varies from run to run by more than the calls themselves cost (issue 25). This program
 * makes the same calls the same way (a new method call per call, dbus_connection_send_with_reply, at most --queue
 * pending, dbus_connection_read_write_dispatch) and frees each reply.
 *
 *   libdbus-spam --dest=NAME --count=N [--queue=N] --bytes --stdin [--print-elapsed] < PAYLOAD
 *
 * Calls com.example.Spam on object / of NAME on the session bus (DBUS_SESSION_BUS_ADDRESS) with the bytes of
 * stdin as `ay`. An error reply prints "Failed to receive reply #N: NAME: MESSAGE" on stderr, as spam does, and
 * the calls go on. No call times out (spam's DBUS_TIMEOUT_INFINITE): whoever runs it bounds it.
 * With --print-elapsed it prints one line on stdout once every call is answered, "elapsed_ns=N cpu_ns=N": the
 * monotonic time from just before the first call is sent to the last reply, and the process's CPU time over the same
 * span: the calls alone, as the lab's other clients time and measure them.
 * Timed from outside, a run also holds process start, connecting and exit, 20-60 ms on the lab's VMs against
 * 10-50 ms of calls, and subtracting a fixed cost measured apart left per-call figures that swung by half (issue 25).
 * Exit 0 when every call was answered (error replies included); 1 no connection or the connection died;
 * 2 bad usage (one line on stderr). */
#include "numbers.h"
#include "peers.h"

#include <dbus/dbus.h>
#include <stdio.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>

static const char PROG[] = "libdbus-spam";

/* This process's CPU time (user + system, every thread), ns. */
static int64_t cpu_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (int64_t) ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

typedef struct {
    long received;
} spam_state;

static void count_reply(DBusPendingCall *pending, void *data) {
    spam_state *s = data;
    DBusMessage *reply = dbus_pending_call_steal_reply(pending);
    if (reply && dbus_message_get_type(reply) == DBUS_MESSAGE_TYPE_ERROR) {
        DBusError error = DBUS_ERROR_INIT;
        dbus_set_error_from_message(&error, reply);
        fprintf(stderr, "Failed to receive reply #%ld: %s: %s\n", s->received, error.name,
                error.message ? error.message : "");
        dbus_error_free(&error);
    }
    if (reply) {
        dbus_message_unref(reply);
    }
    s->received++;
}

/* The whole of stdin, at most MAX_PAYLOAD_BYTES. */
static uint8_t *read_payload(size_t *length) {
    size_t size = 0, capacity = 4096;
    uint8_t *buffer = malloc(capacity);
    for (;;) {
        if (!buffer) {
            die(EXIT_UNCLEAN, PROG, "out of memory for the payload");
        }
        size_t n = fread(buffer + size, 1, capacity - size, stdin);
        size += n;
        if (n == 0) {
            break;
        }
        if (size > (size_t) MAX_PAYLOAD_BYTES) {
            die(EXIT_USAGE, PROG, "the payload on stdin is over %d bytes", MAX_PAYLOAD_BYTES);
        }
        if (size == capacity) {
            /* one byte over the limit is room enough to see a payload that exceeds it */
            capacity = capacity * 2 > (size_t) MAX_PAYLOAD_BYTES ? (size_t) MAX_PAYLOAD_BYTES + 1 : capacity * 2;
            buffer = realloc(buffer, capacity);
        }
    }
    if (ferror(stdin)) {
        die(EXIT_USAGE, PROG, "cannot read the payload from stdin");
    }
    *length = size;
    return buffer;
}

static long positive(const char *arg, const char *value) {
    long long n;
    if (parse_long(value, 1, 1000000000LL, &n) != 0) {
        die(EXIT_USAGE, PROG, "%s must be a whole number from 1 to 1000000000", arg);
    }
    return (long) n;
}

int main(int argc, char **argv) {
    const char *dest = NULL;
    long count = 0, queue = 1;
    int bytes = 0, from_stdin = 0, print_elapsed = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strncmp(a, "--dest=", 7) == 0 && a[7]) {
            dest = a + 7;
        } else if (strncmp(a, "--count=", 8) == 0) {
            count = positive("--count", a + 8);
        } else if (strncmp(a, "--queue=", 8) == 0) {
            queue = positive("--queue", a + 8);
        } else if (strcmp(a, "--bytes") == 0) {
            bytes = 1;
        } else if (strcmp(a, "--stdin") == 0) {
            from_stdin = 1;
        } else if (strcmp(a, "--print-elapsed") == 0) {
            print_elapsed = 1;
        } else {
            die(EXIT_USAGE, PROG, "unknown argument '%.80s' (usage: %s --dest=NAME --count=N [--queue=N] --bytes "
                "--stdin [--print-elapsed] < PAYLOAD)", a, PROG);
        }
    }
    if (!dest || !count || !bytes || !from_stdin) {
        die(EXIT_USAGE, PROG, "usage: %s --dest=NAME --count=N [--queue=N] --bytes --stdin [--print-elapsed] < PAYLOAD",
            PROG);
    }
    if (!dbus_validate_bus_name(dest, NULL)) {   /* libdbus would abort on it */
        die(EXIT_USAGE, PROG, "--dest: '%.80s' is not a bus name", dest);
    }
    size_t length = 0;
    uint8_t *payload = read_payload(&length);

    DBusError error = DBUS_ERROR_INIT;
    DBusConnection *connection = dbus_bus_get_private(DBUS_BUS_SESSION, &error);
    if (!connection) {
        die(EXIT_UNCLEAN, PROG, "cannot connect to the bus: %s: %s", error.name, error.message);
    }
    dbus_connection_set_exit_on_disconnect(connection, FALSE);

    spam_state state = {0};
    long sent = 0;
    int64_t started = now_ns();
    int64_t cpu_started = cpu_now_ns();
    while (state.received < count) {
        while (sent < count && sent - state.received < queue) {
            DBusMessage *call = dbus_message_new_method_call(dest, SPAM_OBJECT_PATH, SPAM_INTERFACE, SPAM_METHOD);
            const uint8_t *bytes_ptr = payload;
            DBusPendingCall *pending = NULL;
            if (!call || !dbus_message_append_args(call, DBUS_TYPE_ARRAY, DBUS_TYPE_BYTE, &bytes_ptr,
                                                   (int) length, DBUS_TYPE_INVALID)
                || !dbus_connection_send_with_reply(connection, call, &pending, DBUS_TIMEOUT_INFINITE)) {
                die(EXIT_UNCLEAN, PROG, "out of memory sending call #%ld", sent);
            }
            if (!pending) {   /* libdbus gives no pending call on a connection that is gone */
                fprintf(stderr, "%s: error: disconnected from the bus after %ld of %ld replies\n", PROG,
                        state.received, count);
                return EXIT_UNCLEAN;
            }
            sent++;
            if (dbus_pending_call_get_completed(pending)) {
                count_reply(pending, &state);
            } else if (!dbus_pending_call_set_notify(pending, count_reply, &state, NULL)) {
                die(EXIT_UNCLEAN, PROG, "out of memory waiting for call #%ld", sent - 1);
            }
            dbus_pending_call_unref(pending);
            dbus_message_unref(call);
        }
        if (!dbus_connection_read_write_dispatch(connection, -1)) {
            fprintf(stderr, "%s: error: disconnected from the bus after %ld of %ld replies\n", PROG, state.received,
                    count);
            return EXIT_UNCLEAN;
        }
    }
    int64_t elapsed = now_ns() - started;
    int64_t cpu = cpu_now_ns() - cpu_started;
    if (print_elapsed) {
        printf("elapsed_ns=%lld cpu_ns=%lld\n", (long long) elapsed, (long long) cpu);
        fflush(stdout);
    }
    dbus_connection_flush(connection);
    dbus_connection_close(connection);
    dbus_connection_unref(connection);
    free(payload);
    return EXIT_CLEAN;
}
