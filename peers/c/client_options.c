/* The C clients' command line: the same options as the lab's Java client, where they mean the same. */
#include "peers.h"
#include "numbers.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

static void usage(const char *prog) {
    printf("Usage: %s --address ADDR [--peer] [--dest NAME] [--mode sync|async] [--window W]\n"
           "       [--payload BYTES] [--calls N] [--runs R] [--warmup-runs K] [--reply-timeout MS] [--seed S]\n"
           "       [--control] [--latency-log FILE]\n\n"
           "Calls " ECHO_INTERFACE "." ECHO_METHOD "(ay) on " ECHO_OBJECT_PATH " and verifies every reply byte for byte\n"
           "against what that call sent (each payload carries its call's sequence number, as the Java client's).\n\n"
           "  --address ADDR     the bus, or with --peer the server itself (unix:path=FILE, tcp:host=127.0.0.1,port=N)\n"
           "  --peer             peer-to-peer: no bus, no destination name\n"
           "  --dest NAME        the server's bus name (default " ECHO_BUS_NAME "; ignored with --peer)\n"
           "  --mode MODE        sync: one call at a time; async: pipelined, at most --window outstanding (default sync)\n"
           "  --window W         async: most calls outstanding, 1..%d (default 128); sync uses 1\n"
           "  --payload BYTES    payload size, 0..%d (default 1000)\n"
           "  --calls N          calls per run (default 1000)\n"
           "  --runs R           measured runs (default 10)\n"
           "  --warmup-runs K    runs before them, tagged warmup-N (default 2)\n"
           "  --reply-timeout MS a reply not there MS ms after its call was sent is lost (default 10000)\n"
           "  --seed S           payload seed; run i (0-based, warm-up runs first) uses S+i (default 20150430)\n"
           "  --control          take 'run'/'quit' commands on stdin, as the lab's control channel\n"
           "  --latency-log FILE append each run's per-call round trips to FILE (HdrHistogram log, ns, one interval\n"
           "                     per run tagged with the run's TAG)\n\n"
           "Output: one line per run on stdout, 'done TAG elapsed_ns=N calls=N lost=N mismatched=N errors=N\n"
           "jit_ms=-1 started_utc=ISO problem=TEXT' (TAG warmup-N or measure-N). Exit 0: every call of every run\n"
           "got its exact echo; 1: some call was lost, mismatched or failed, or the connection died; 2: bad usage.\n",
           prog, MAX_WINDOW, MAX_PAYLOAD_BYTES);
}

static long long number(const char *prog, const char *option, const char *text, long long min, long long max) {
    long long value;
    if (parse_long(text, min, max, &value) != 0) {
        die(EXIT_USAGE, prog, "%s must be a whole number from %lld to %lld, was '%s'", option, min, max, text);
    }
    return value;
}

void client_options_parse(client_options *o, const char *prog, int argc, char **argv) {
    static const struct option long_options[] = {
        {"address", required_argument, 0, 'a'}, {"peer", no_argument, 0, 'p'},
        {"dest", required_argument, 0, 'd'}, {"mode", required_argument, 0, 'm'},
        {"window", required_argument, 0, 'w'}, {"payload", required_argument, 0, 'b'},
        {"calls", required_argument, 0, 'n'}, {"runs", required_argument, 0, 'r'},
        {"warmup-runs", required_argument, 0, 'k'}, {"reply-timeout", required_argument, 0, 't'},
        {"seed", required_argument, 0, 's'}, {"control", no_argument, 0, 'c'},
        {"latency-log", required_argument, 0, 'l'},
        {"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};
    *o = (client_options) {.dest = ECHO_BUS_NAME, .sync = 1, .window = 128, .payload = 1000, .calls = 1000,
                           .runs = 10, .warmup_runs = 2, .reply_timeout_ms = 10000, .seed = 20150430};
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, "", long_options, NULL)) != -1) {
        switch (c) {
        case 'a': o->address = optarg; break;
        case 'p': o->peer = 1; break;
        case 'd': o->dest = optarg; break;
        case 'm':
            if (strcmp(optarg, "sync") != 0 && strcmp(optarg, "async") != 0) {
                die(EXIT_USAGE, prog, "--mode must be sync or async, was '%s'", optarg);
            }
            o->sync = strcmp(optarg, "sync") == 0;
            break;
        case 'w': o->window = (int) number(prog, "--window", optarg, 1, MAX_WINDOW); break;
        case 'b': o->payload = (int) number(prog, "--payload", optarg, 0, MAX_PAYLOAD_BYTES); break;
        case 'n': o->calls = (int) number(prog, "--calls", optarg, 1, 1000000000); break;
        case 'r': o->runs = (int) number(prog, "--runs", optarg, 1, 1000000); break;
        case 'k': o->warmup_runs = (int) number(prog, "--warmup-runs", optarg, 0, 1000000); break;
        case 't': o->reply_timeout_ms = (int) number(prog, "--reply-timeout", optarg, 1, 3600000); break;
        case 's': o->seed = number(prog, "--seed", optarg, INT64_MIN, INT64_MAX); break;
        case 'c': o->control = 1; break;
        case 'l': o->latency_log = optarg; break;
        case 'h': usage(prog); exit(EXIT_CLEAN);
        default:
            die(EXIT_USAGE, prog, "unknown option or missing value '%s' (see --help)", argv[optind - 1]);
        }
    }
    if (optind < argc) {
        die(EXIT_USAGE, prog, "unexpected argument '%s' (see --help)", argv[optind]);
    }
    if (o->address == NULL || strchr(o->address, ':') == NULL) {
        die(EXIT_USAGE, prog, "--address must be a D-Bus address such as unix:path=FILE%s",
            o->address ? "" : " (it is required)");
    }
    if (o->sync) {
        o->window = 1;
    }
    if ((long long) o->window * (o->payload > 0 ? o->payload : 1) > MAX_OUTSTANDING_BYTES) {
        die(EXIT_USAGE, prog, "--window x --payload must be at most %lld bytes outstanding", MAX_OUTSTANDING_BYTES);
    }
}
