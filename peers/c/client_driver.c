/* What every C client does around its library's calls: the runs of the command line, or the lab's control
 * channel (org.dbuslab.format.ControlProtocol, issue 12's session runner), one done line per run. */
#include "peers.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

/* ControlProtocol.MAX_LINE_BYTES and MAX_TAG_CHARS. */
#define MAX_LINE_BYTES 8192
#define MAX_TAG_CHARS 128
#define LINE_SIZE (MAX_LINE_BYTES + 1024)

static latency_histogram *latencies;   /* with --latency-log: one histogram, reset for every run */

static int64_t epoch_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t) ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* One run on the backend's connection; the tally is complete and timed when it returns, and with --latency-log
 * its round trips are appended as an interval tagged `tag`. 0, 1 out of memory, 2 the log cannot be written. */
static int run_once(const client_options *o, client_backend *b, const char *tag, int window, int calls, int payload,
                    int64_t seed, run_tally *t) {
    payload_gen gen;
    if (payload_init(&gen, (size_t) payload, seed) != 0) {
        return 1;
    }
    tally_start(t, calls);
    if (latencies) {
        latency_reset(latencies);
        t->latencies = latencies;
    }
    int64_t start_ms = epoch_ms();
    int64_t start = now_ns();
    b->run(b->ctx, window, calls, &gen, o->reply_timeout_ms, t);
    t->elapsed_ns = now_ns() - start;
    payload_free(&gen);
    if (latencies && latency_append(latencies, o->latency_log, tag, start_ms, epoch_ms()) != 0) {
        return 2;
    }
    return 0;
}

/* A reply on stdout; 0, or -1 when stdout is gone (nobody reads us any more). */
static int reply(const char *line) {
    if (fputs(line, stdout) == EOF || fputc('\n', stdout) == EOF || fflush(stdout) == EOF) {
        return -1;
    }
    return 0;
}

static int done(const run_tally *t, const char *tag) {
    char line[LINE_SIZE];
    tally_done_line(t, tag, line, sizeof line);
    return reply(line);
}

/* "error TEXT" / "fatal TEXT": one line, printable ASCII (ControlProtocol.text). */
static int say(const char *kind, const char *text) {
    char line[LINE_SIZE];
    snprintf(line, sizeof line, "%s %.500s", kind, text && *text ? text : "(no detail)");
    for (char *p = line; *p; p++) {
        if ((unsigned char) *p < 0x20 || (unsigned char) *p > 0x7e) {
            *p = '?';
        }
    }
    return reply(line);
}

static int fatal(const char *prog, const char *what, const char *why) {
    char text[600];
    snprintf(text, sizeof text, "%s%s", what, why);
    fprintf(stderr, "%s: error: %s\n", prog, text);
    say("fatal", text);
    return EXIT_UNCLEAN;
}

static void report_unclean(const char *prog, const char *tag, const run_tally *t) {
    if (t->lost || t->mismatched || t->errors) {
        fprintf(stderr, "%s: run %s: lost %lld, mismatched %lld, errors %lld; first: %s\n", prog, tag,
                (long long) t->lost, (long long) t->mismatched, (long long) t->errors, t->problem);
    }
}

/* ---- the command line's runs */

static int drive_runs(const client_options *o, const char *prog, client_backend *b) {
    int clean = 1;
    for (int i = 0; i < o->warmup_runs + o->runs; i++) {
        char tag[32];
        int warm = i < o->warmup_runs;
        snprintf(tag, sizeof tag, "%s-%d", warm ? "warmup" : "measure", warm ? i + 1 : i - o->warmup_runs + 1);
        run_tally t;
        int failed = run_once(o, b, tag, o->window, o->calls, o->payload, o->seed + i, &t);
        if (failed == 1) {
            die(EXIT_UNCLEAN, prog, "out of memory for a %d-byte payload", o->payload);
        }
        int log_errno = errno;
        if (done(&t, tag) != 0) {
            die(EXIT_UNCLEAN, prog, "cannot write to stdout");
        }
        if (failed == 2) {
            die(EXIT_UNCLEAN, prog, "cannot append to %s: %s", o->latency_log, strerror(log_errno));
        }
        report_unclean(prog, tag, &t);
        clean &= t.lost == 0 && t.mismatched == 0 && t.errors == 0;
        if (b->lost_reason(b->ctx)) {
            fprintf(stderr, "%s: error: the connection is lost: %s\n", prog, b->lost_reason(b->ctx));
            return EXIT_UNCLEAN;
        }
    }
    return clean ? EXIT_CLEAN : EXIT_UNCLEAN;
}

/* ---- the control channel */

typedef struct {
    char phase[16], tag[MAX_TAG_CHARS + 1];
    long long payload, window, calls, seed;
} run_command;

/* ControlProtocol's numbers: "0|[1-9][0-9]{0,18}", optionally with one leading '-' when signed. */
static int strict_number(const char *word, int is_signed, long long *out) {
    const char *digits = is_signed && word[0] == '-' ? word + 1 : word;
    size_t n = strlen(digits);
    if (n == 0 || n > 19 || (digits[0] == '0' && n > 1)) {
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        if (!isdigit((unsigned char) digits[i])) {
            return -1;
        }
    }
    errno = 0;
    *out = strtoll(word, NULL, 10);
    return errno == 0 ? 0 : -1;
}

static int valid_tag(const char *tag) {
    size_t n = strlen(tag);
    if (n == 0 || n > MAX_TAG_CHARS) {
        return 0;
    }
    return strspn(tag, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-") == n;
}

/* Parses "run PHASE TAG PAYLOAD_BYTES WINDOW CALLS SEED"; on failure writes why into `why`. */
static int parse_run(char *line, run_command *r, char *why, size_t why_size) {
    static const char form[] = "run PHASE TAG PAYLOAD_BYTES WINDOW CALLS SEED";
    char *words[8];
    int count = 0;
    for (char *p = line;; ) {
        char *space = strchr(p, ' ');
        if (count == 8) {
            snprintf(why, why_size, "malformed command: expected '%s'", form);
            return -1;
        }
        if (space ? space == p : *p == '\0') {
            snprintf(why, why_size, "words must be separated by exactly one space: expected '%s'", form);
            return -1;
        }
        words[count++] = p;
        if (!space) {
            break;
        }
        *space = '\0';
        p = space + 1;
    }
    if (strcmp(words[0], "run") != 0) {
        snprintf(why, why_size, "unknown command '%.80s': expected '%s' or 'quit'", words[0], form);
        return -1;
    }
    if (count != 7) {
        snprintf(why, why_size, "malformed command: expected '%s'", form);
        return -1;
    }
    if (strcmp(words[1], "warmup") != 0 && strcmp(words[1], "measure") != 0) {
        snprintf(why, why_size, "PHASE must be warmup or measure, was '%.80s'", words[1]);
        return -1;
    }
    if (!valid_tag(words[2])) {
        snprintf(why, why_size, "TAG must be 1-%d of [A-Za-z0-9._-], was '%.80s'", MAX_TAG_CHARS, words[2]);
        return -1;
    }
    static const char *names[] = {"PAYLOAD_BYTES", "WINDOW", "CALLS", "SEED"};
    long long *values[] = {&r->payload, &r->window, &r->calls, &r->seed};
    for (int i = 0; i < 4; i++) {
        if (strict_number(words[3 + i], i == 3, values[i]) != 0 || (i < 3 && *values[i] > INT32_MAX)) {
            snprintf(why, why_size, "%s must be a whole number%s, was '%.80s'", names[i],
                     i == 3 ? "" : " 0 or more that fits an int", words[3 + i]);
            return -1;
        }
    }
    if (r->window < 1 || r->calls < 1) {
        snprintf(why, why_size, "%s must be at least 1", r->window < 1 ? "WINDOW" : "CALLS");
        return -1;
    }
    snprintf(r->phase, sizeof r->phase, "%s", words[1]);
    snprintf(r->tag, sizeof r->tag, "%s", words[2]);
    return 0;
}

/* Why this client cannot make the run (ControlLoop.refusal), or 0. */
static int refused(const client_options *o, const run_command *r, char *why, size_t why_size) {
    long long outstanding = (r->window < r->calls ? r->window : r->calls) * (r->payload > 0 ? r->payload : 1);
    if (o->sync && r->window != 1) {
        snprintf(why, why_size, "run %s: WINDOW must be 1 in sync mode, was %lld", r->tag, r->window);
    } else if (r->payload > MAX_PAYLOAD_BYTES) {
        snprintf(why, why_size, "run %s: PAYLOAD_BYTES must be at most %d, was %lld", r->tag, MAX_PAYLOAD_BYTES,
                 r->payload);
    } else if (r->window > MAX_WINDOW) {
        snprintf(why, why_size, "run %s: WINDOW must be at most %d, was %lld", r->tag, MAX_WINDOW, r->window);
    } else if (outstanding > MAX_OUTSTANDING_BYTES) {
        snprintf(why, why_size, "run %s: WINDOW x PAYLOAD_BYTES must be at most %lld bytes outstanding, was %lld",
                 r->tag, MAX_OUTSTANDING_BYTES, outstanding);
    } else {
        return 0;
    }
    return 1;
}

/* Reads one line of at most MAX_LINE_BYTES into `line`: 1 a line, 0 end of input, -1 a line refused (`why`). */
static int read_command(char *line, char *why, size_t why_size) {
    size_t n = 0;
    int too_long = 0, c;
    while ((c = getchar()) != EOF && c != '\n') {
        if (n < MAX_LINE_BYTES) {
            line[n++] = (char) c;
        } else {
            too_long = 1;
        }
    }
    line[n] = '\0';
    if (c == EOF && n == 0 && !too_long) {
        return 0;
    }
    if (c == EOF) {
        snprintf(why, why_size, "the stream ended inside a line (no '\\n' after %zu bytes)", n);
        return -1;
    }
    if (too_long) {
        snprintf(why, why_size, "line longer than %d bytes", MAX_LINE_BYTES);
        return -1;
    }
    if (n == 0) {
        snprintf(why, why_size, "empty line");
        return -1;
    }
    return 1;
}

static int drive_control(const client_options *o, const char *prog, client_backend *b) {
    char line[MAX_LINE_BYTES + 1], why[1024];
    if (reply("ready") != 0) {
        return EXIT_UNCLEAN;
    }
    for (;;) {
        int got = read_command(line, why, sizeof why);
        if (got == 0) {
            return EXIT_CLEAN;   /* the runner closed our stdin: as quit, with nobody left to say bye to */
        }
        if (got > 0 && strcmp(line, "quit") == 0) {
            return reply("bye") == 0 ? EXIT_CLEAN : EXIT_UNCLEAN;
        }
        run_command r;
        if (got < 0 || parse_run(line, &r, why, sizeof why) != 0 || refused(o, &r, why, sizeof why)) {
            if (say("error", why) != 0) {
                return EXIT_UNCLEAN;
            }
            if (got < 0 && strncmp(why, "the stream ended", 16) == 0) {
                return EXIT_CLEAN;
            }
            continue;
        }
        run_tally t;
        int failed = run_once(o, b, r.tag, (int) r.window, (int) r.calls, (int) r.payload, r.seed, &t);
        int log_errno = errno;
        if (failed == 1) {
            return fatal(prog, "out of memory for the run's payload", "");
        }
        if (done(&t, r.tag) != 0) {
            fprintf(stderr, "%s: error: cannot write replies to stdout; stopping\n", prog);
            return EXIT_UNCLEAN;
        }
        report_unclean(prog, r.tag, &t);
        if (failed == 2) {
            char what[300];
            snprintf(what, sizeof what, "cannot append to %s: ", o->latency_log);
            return fatal(prog, what, strerror(log_errno));
        }
        if (b->lost_reason(b->ctx)) {
            return fatal(prog, "the connection is lost: ", b->lost_reason(b->ctx));
        }
    }
}

int client_drive(const client_options *o, const char *prog, client_backend *backend) {
    signal(SIGPIPE, SIG_IGN);   /* a vanished reader of stdout is an EPIPE we report, not a silent death */
    if (o->latency_log && !(latencies = latency_new())) {
        die(EXIT_UNCLEAN, prog, "out of memory for the latency histogram");
    }
    return o->control ? drive_control(o, prog, backend) : drive_runs(o, prog, backend);
}
