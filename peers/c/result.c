/* One run's outcome: every call counted once as ok, lost, mismatched or error, and its control-channel line. */
#include "peers.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* As ControlProtocol.MAX_TEXT_CHARS: a problem text is cut to this many characters before it is encoded. */
#define MAX_TEXT_CHARS 500

void tally_start(run_tally *t, int64_t calls) {
    memset(t, 0, sizeof *t);
    t->calls = calls;
    utc_now_iso(t->started_utc);
}

static const char *verdict_name(verdict v) {
    switch (v) {
    case VERDICT_LOST: return "lost (no reply within the reply timeout)";
    case VERDICT_MISMATCHED: return "mismatched";
    case VERDICT_ERROR: return "error";
    default: return "ok";
    }
}

void tally_round_trip(run_tally *t, int64_t sent_at_ns) {
    if (t->latencies) {
        latency_record(t->latencies, now_ns() - sent_at_ns);
    }
}

void tally_add(run_tally *t, int64_t sequence, verdict v, const char *detail) {
    switch (v) {
    case VERDICT_OK: t->ok++; return;
    case VERDICT_LOST: t->lost++; break;
    case VERDICT_MISMATCHED: t->mismatched++; break;
    case VERDICT_ERROR: t->errors++; break;
    }
    if (t->problem[0] == '\0') {
        snprintf(t->problem, sizeof t->problem, "call %" PRId64 ": %s%s%s", sequence, verdict_name(v),
                 detail ? ": " : "", detail ? detail : "");
        /* ASCII only, so a text cut at the buffer's end is never a broken UTF-8 sequence */
        for (char *p = t->problem; *p; p++) {
            if ((unsigned char) *p < 0x20 || (unsigned char) *p > 0x7e) {
                *p = '?';
            }
        }
    }
}

/* ControlProtocol.encodeProblem: '-' for none, else every byte outside '!'..'~', and '%', as %XX. */
static void encode_problem(const char *problem, char *out, size_t out_size) {
    if (problem[0] == '\0') {
        snprintf(out, out_size, "-");
        return;
    }
    if (strcmp(problem, "-") == 0) {
        snprintf(out, out_size, "%%2D");
        return;
    }
    size_t n = 0;
    int chars = 0;
    for (const unsigned char *p = (const unsigned char *) problem; *p && chars < MAX_TEXT_CHARS; p++) {
        if ((*p & 0xc0) != 0x80) {
            chars++;   /* counts UTF-8 sequences, not their continuation bytes */
        }
        if (n + 4 > out_size) {
            break;
        }
        if (*p > 0x20 && *p < 0x7f && *p != '%') {
            out[n++] = (char) *p;
        } else {
            n += (size_t) snprintf(out + n, out_size - n, "%%%02X", *p);
        }
    }
    out[n] = '\0';
}

void tally_done_line(const run_tally *t, const char *tag, char *out, size_t out_size) {
    char problem[3 * sizeof t->problem + 1];
    encode_problem(t->problem, problem, sizeof problem);
    snprintf(out, out_size,
             "done %s elapsed_ns=%" PRId64 " calls=%" PRId64 " lost=%" PRId64 " mismatched=%" PRId64
             " errors=%" PRId64 " jit_ms=-1 started_utc=%s problem=%s",
             tag, t->elapsed_ns > 0 ? t->elapsed_ns : 1, t->calls, t->lost, t->mismatched, t->errors,
             t->started_utc, problem);
}
