/* Test tool: records the given values (ns) and appends them as one interval to an HdrHistogram log, so
 * LatencyLogIT can compare the encoding with HdrHistogram's own. Usage: latency-dump FILE TAG VALUE... */
#include "peers.h"
#include "numbers.h"

#include <stdio.h>

int main(int argc, char **argv) {
    latency_histogram *h = latency_new();
    if (argc < 3 || !h) {
        die(EXIT_USAGE, "latency-dump", "usage: latency-dump FILE TAG VALUE...");
    }
    for (int i = 3; i < argc; i++) {
        long long value;
        if (parse_long(argv[i], 0, INT64_MAX, &value) != 0) {
            die(EXIT_USAGE, "latency-dump", "not a value: '%s'", argv[i]);
        }
        latency_record(h, value);
    }
    if (latency_append(h, argv[1], argv[2], 1000, 2500) != 0) {
        die(EXIT_UNCLEAN, "latency-dump", "cannot append to %s", argv[1]);
    }
    latency_free(h);
    return 0;
}
