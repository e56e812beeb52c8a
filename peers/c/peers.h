/* Shared parts of the lab's C peers: the contract, options, payloads, verification, results, timing. */
#ifndef DBUSLAB_PEERS_H
#define DBUSLAB_PEERS_H

#include <stdint.h>
#include <stddef.h>

#include "latency.h"

/* The lab's D-Bus contract (README.md, "The D-Bus contract"). */
#define ECHO_BUS_NAME "org.dbuslab.Echo"
#define ECHO_OBJECT_PATH "/org/dbuslab/Echo"
#define ECHO_INTERFACE "org.dbuslab.Echo1"
#define ECHO_METHOD "Echo"
/* Each C server's default bus name (ROUND2.md), so several servers share one bus; clients pick one with --dest. */
#define GLIB_BUS_NAME "org.dbuslab.Echo.Glib"
#define SDBUS_BUS_NAME "org.dbuslab.Echo.Sdbus"
/* The call libdbus's `dbus-test-tool spam` makes (org.dbuslab.api.SpamContract): com.example.Spam on object /,
 * payload `s`, `ay` or none. Answered as the Java server and `dbus-test-tool echo` do: an empty reply. */
#define SPAM_OBJECT_PATH "/"
#define SPAM_INTERFACE "com.example"
#define SPAM_METHOD "Spam"

/* Exit codes: 0 every call got its exact echo; 1 some call did not (or the connection died); 2 bad usage. */
#define EXIT_CLEAN 0
#define EXIT_UNCLEAN 1
#define EXIT_USAGE 2

/* As the Java client's --control mode (ControlLoop): bounds a hostile command cannot exceed. */
#define MAX_WINDOW (1 << 16)
#define MAX_OUTSTANDING_BYTES (256LL << 20)
/* D-Bus's array limit (EchoContract.MAX_PAYLOAD_BYTES). */
#define MAX_PAYLOAD_BYTES (64 << 20)

/* ---- timing (timing.c) */
int64_t now_ns(void);             /* CLOCK_MONOTONIC */
void utc_now_iso(char out[40]);   /* e.g. 2026-12-01T14:35:31.123456789Z, as java.time.Instant prints it */

/* ---- payloads (payload.c): the scheme of the Java client's PayloadGenerator, byte for byte */
typedef struct {
    size_t size;
    uint8_t *base;      /* random bytes from the run's seed (java.util.SplittableRandom) */
    uint8_t *scratch;   /* one payload at a time: what a call sends, and what its reply must be */
} payload_gen;

int payload_init(payload_gen *gen, size_t size, int64_t seed);   /* 0, or -1 out of memory */
void payload_free(payload_gen *gen);
/* The payload of call `sequence` in gen->scratch (valid until the next call). */
const uint8_t *payload_make(payload_gen *gen, int64_t sequence);
/* 1 when `reply` is exactly the payload of call `sequence`. */
int payload_matches(payload_gen *gen, int64_t sequence, const uint8_t *reply, size_t length);

/* ---- one run's outcome (result.c) */
typedef enum { VERDICT_OK, VERDICT_LOST, VERDICT_MISMATCHED, VERDICT_ERROR } verdict;

typedef struct {
    int64_t calls, ok, lost, mismatched, errors;
    int64_t elapsed_ns;
    char started_utc[40];
    char problem[512];      /* the first failed call's description, "" for none */
    latency_histogram *latencies;   /* each answered call's round trip, or NULL */
} run_tally;

void tally_start(run_tally *t, int64_t calls);
/* Counts one call's verdict; the first failure's `detail` (may be NULL) becomes the run's problem. */
void tally_add(run_tally *t, int64_t sequence, verdict v, const char *detail);
/* A call sent at `sent_at_ns` (now_ns) was answered now (a reply of any kind; lost calls have none). */
void tally_round_trip(run_tally *t, int64_t sent_at_ns);
/* The control channel's done line (ControlProtocol.encode(Done)), without its '\n'. */
void tally_done_line(const run_tally *t, const char *tag, char *out, size_t out_size);

/* ---- the client side (client_options.c, client_driver.c) */
typedef struct {
    const char *address;
    int peer;
    const char *dest;
    int sync;               /* --mode sync (window 1) or async */
    int window;
    int payload;
    int calls, runs, warmup_runs;
    int reply_timeout_ms;
    int64_t seed;
    int control;
    const char *latency_log;   /* --latency-log FILE, or NULL */
} client_options;

/* Parses argv; on bad input prints one line on stderr and exits EXIT_USAGE. */
void client_options_parse(client_options *o, const char *prog, int argc, char **argv);

/* One library's way of making calls on its one connection. */
typedef struct {
    void *ctx;
    /* Makes `calls` calls, at most `window` outstanding, verifying every reply; fills `t` (tally_start done). */
    void (*run)(void *ctx, int window, int calls, payload_gen *payloads, int reply_timeout_ms, run_tally *t);
    /* Why the connection is dead, or NULL while it works. */
    const char *(*lost_reason)(void *ctx);
} client_backend;

/* Runs the options' runs (one done line each on stdout) or serves --control; returns the exit code. */
int client_drive(const client_options *o, const char *prog, client_backend *backend);

/* ---- the server side (server_options.c) */
typedef struct {
    const char *bus;        /* --bus ADDRESS, or NULL */
    const char *listen;     /* --listen ADDRESS, or NULL */
    const char *name;       /* --name NAME (bus only) */
    long corrupt_every;     /* tests only: every Nth echo reply has one byte flipped (0: never) */
} server_options;

/* Parses argv (--name defaults to `default_name`); on bad input one line on stderr and exit EXIT_USAGE. */
void server_options_parse(server_options *o, const char *prog, const char *default_name, int argc, char **argv);
/* 1 when the `count`th Echo call (1-based) must get a corrupted reply (--corrupt-every). */
int server_corrupts(const server_options *o, uint64_t count);
/* A malloc'd copy of `bytes` with its middle byte flipped (one byte, 0xff, for an empty payload); NULL: no memory. */
uint8_t *server_corrupted_copy(const uint8_t *bytes, size_t length, size_t *copy_length);

/* One line "PROG: error: ..." on stderr and exit(code). */
void die(int code, const char *prog, const char *format, ...) __attribute__((format(printf, 3, 4), noreturn));

#endif
