/* Payloads exactly as the Java client's PayloadGenerator makes them (client/.../run/PayloadGenerator.java):
 * the run's base is java.util.SplittableRandom(seed).nextBytes(size); call `sequence` stamps its sequence
 * number big-endian in the first 8 bytes and its complement in the last 8 (when the payload has at least 16),
 * so a swapped, stale or corrupted reply cannot pass. PeersPayloadTest checks this against the Java class. */
#include "peers.h"

#include <stdlib.h>
#include <string.h>

#define STAMP_BYTES 8
#define GOLDEN_GAMMA 0x9e3779b97f4a7c15ULL

/* SplittableRandom's mix64 and nextLong (Steele, Lea and Flood's SplitMix64). */
static uint64_t mix64(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* RandomGenerator.nextBytes: each long fills 8 bytes, low byte first; the tail takes the low bytes of one more. */
static void split_random_bytes(uint8_t *bytes, size_t length, int64_t seed) {
    uint64_t state = (uint64_t) seed;
    size_t i = 0;
    while (i < length) {
        state += GOLDEN_GAMMA;
        uint64_t r = mix64(state);
        for (int n = 0; n < 8 && i < length; n++, r >>= 8) {
            bytes[i++] = (uint8_t) r;
        }
    }
}

int payload_init(payload_gen *gen, size_t size, int64_t seed) {
    gen->size = size;
    gen->base = malloc(size ? size : 1);
    gen->scratch = malloc(size ? size : 1);
    if (!gen->base || !gen->scratch) {
        payload_free(gen);
        return -1;
    }
    split_random_bytes(gen->base, size, seed);
    return 0;
}

void payload_free(payload_gen *gen) {
    free(gen->base);
    free(gen->scratch);
    gen->base = gen->scratch = NULL;
}

/* Big-endian value, truncated to what fits (payloads under 8 bytes carry its low bytes). */
static void stamp(uint8_t *payload, size_t size, size_t offset, uint64_t value) {
    size_t length = size - offset < STAMP_BYTES ? size - offset : STAMP_BYTES;
    for (size_t i = 0; i < length; i++) {
        payload[offset + i] = (uint8_t) (value >> (8 * (length - 1 - i)));
    }
}

const uint8_t *payload_make(payload_gen *gen, int64_t sequence) {
    memcpy(gen->scratch, gen->base, gen->size);
    stamp(gen->scratch, gen->size, 0, (uint64_t) sequence);
    if (gen->size >= 2 * STAMP_BYTES) {
        stamp(gen->scratch, gen->size, gen->size - STAMP_BYTES, ~(uint64_t) sequence);
    }
    return gen->scratch;
}

int payload_matches(payload_gen *gen, int64_t sequence, const uint8_t *reply, size_t length) {
    if (length != gen->size) {
        return 0;
    }
    return length == 0 || memcmp(payload_make(gen, sequence), reply, length) == 0;
}
