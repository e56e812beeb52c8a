/* The C servers' command line, as the Java server's (--bus or --listen), plus the tests' --corrupt-every. */
#include "peers.h"
#include "numbers.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(const char *prog, const char *default_name) {
    printf("Usage: %s (--bus ADDRESS [--name NAME] | --listen ADDRESS) [--corrupt-every N]\n\n"
           "Serves the lab's echo object: object " ECHO_OBJECT_PATH ", interface " ECHO_INTERFACE ",\n"
           "method " ECHO_METHOD "(ay) -> ay returning exactly the bytes received; Introspectable and Peer work too.\n"
           "libdbus's 'dbus-test-tool spam' call, " SPAM_INTERFACE "." SPAM_METHOD " on object " SPAM_OBJECT_PATH
           " with any payload,\ngets an empty reply (as the lab's Java server and 'dbus-test-tool echo' give).\n\n"
           "  --bus ADDRESS      connect to the message bus at ADDRESS and own NAME\n"
           "  --name NAME        the bus name to own (default %s)\n"
           "  --listen ADDRESS   serve peer-to-peer, many clients: unix:path=FILE or tcp:host=127.0.0.1,port=N\n"
           "                     (port 0: any free port)\n"
           "  --corrupt-every N  FOR TESTS ONLY: every Nth Echo reply has one byte flipped, so a test can check\n"
           "                     that clients count it as mismatched (default 0: never)\n\n"
           "When ready it prints 'ready ADDRESS' on stdout (the listening address with its real port), then\n"
           "serves until SIGTERM or SIGINT. Exit 0: stopped by a signal; 1: could not connect, listen or own the\n"
           "name; 2: bad usage.\n",
           prog, default_name);
}

void server_options_parse(server_options *o, const char *prog, const char *default_name, int argc, char **argv) {
    static const struct option long_options[] = {
        {"bus", required_argument, 0, 'b'}, {"listen", required_argument, 0, 'l'},
        {"name", required_argument, 0, 'n'}, {"corrupt-every", required_argument, 0, 'c'},
        {"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};
    *o = (server_options) {.name = default_name};
    opterr = 0;
    int c;
    long long n;
    while ((c = getopt_long(argc, argv, "", long_options, NULL)) != -1) {
        switch (c) {
        case 'b': o->bus = optarg; break;
        case 'l': o->listen = optarg; break;
        case 'n': o->name = optarg; break;
        case 'c':
            if (parse_long(optarg, 0, 1000000000, &n) != 0) {
                die(EXIT_USAGE, prog, "--corrupt-every must be a whole number from 0 to 1000000000, was '%s'", optarg);
            }
            o->corrupt_every = (long) n;
            break;
        case 'h': usage(prog, default_name); exit(EXIT_CLEAN);
        default:
            die(EXIT_USAGE, prog, "unknown option or missing value '%s' (see --help)", argv[optind - 1]);
        }
    }
    if (optind < argc) {
        die(EXIT_USAGE, prog, "unexpected argument '%s' (see --help)", argv[optind]);
    }
    if ((o->bus == NULL) == (o->listen == NULL)) {
        die(EXIT_USAGE, prog, "give exactly one of --bus ADDRESS and --listen ADDRESS (see --help)");
    }
    const char *address = o->bus ? o->bus : o->listen;
    if (strchr(address, ':') == NULL) {
        die(EXIT_USAGE, prog, "'%s' is not a D-Bus address such as unix:path=FILE", address);
    }
}

int server_corrupts(const server_options *o, uint64_t count) {
    return o->corrupt_every > 0 && count % (uint64_t) o->corrupt_every == 0;
}

uint8_t *server_corrupted_copy(const uint8_t *bytes, size_t length, size_t *copy_length) {
    *copy_length = length ? length : 1;
    uint8_t *copy = malloc(*copy_length);
    if (copy) {
        if (length) {
            memcpy(copy, bytes, length);
        } else {
            copy[0] = 0;
        }
        copy[length / 2] ^= 0xff;   /* the middle, away from the sequence stamps at either end */
    }
    return copy;
}
