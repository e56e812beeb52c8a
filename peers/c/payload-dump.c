/* Test tool: prints the payload of one call in hex, so PayloadSchemeTest can compare it with the Java client's
 * PayloadGenerator. Usage: payload-dump SIZE SEED SEQUENCE */
#include "peers.h"
#include "numbers.h"

#include <stdio.h>

int main(int argc, char **argv) {
    long long size, seed, sequence;
    if (argc != 4 || parse_long(argv[1], 0, MAX_PAYLOAD_BYTES, &size) != 0
        || parse_long(argv[2], INT64_MIN, INT64_MAX, &seed) != 0
        || parse_long(argv[3], INT64_MIN, INT64_MAX, &sequence) != 0) {
        die(EXIT_USAGE, "payload-dump", "usage: payload-dump SIZE SEED SEQUENCE");
    }
    payload_gen gen;
    if (payload_init(&gen, (size_t) size, seed) != 0) {
        die(EXIT_UNCLEAN, "payload-dump", "out of memory");
    }
    const uint8_t *payload = payload_make(&gen, sequence);
    for (long long i = 0; i < size; i++) {
        printf("%02x", payload[i]);
    }
    printf("\n");
    payload_free(&gen);
    return 0;
}
