/* An HdrHistogram (lowest 1, 3 significant digits, as the Java client's Histogram(3)) and its log line:
 * "Tag=TAG,start,length,max,BASE64" where BASE64 is the V2 compressed encoding (zlib-deflated ZigZag LEB128
 * counts, zero runs as negative numbers), the format HdrHistogram's HistogramLogReader reads. */
#include "latency.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <zlib.h>

/* 3 significant digits: sub-buckets of 2048 (2 * 10^3 rounded up to a power of two), unit 1 ns. */
#define SUB_BUCKET_COUNT_MAGNITUDE 11
#define SUB_BUCKET_HALF_COUNT_MAGNITUDE 10
#define SUB_BUCKET_COUNT (1 << SUB_BUCKET_COUNT_MAGNITUDE)
#define SUB_BUCKET_HALF_COUNT (1 << SUB_BUCKET_HALF_COUNT_MAGNITUDE)
#define SUB_BUCKET_MASK ((int64_t) SUB_BUCKET_COUNT - 1)
#define LEADING_ZERO_COUNT_BASE (64 - SUB_BUCKET_COUNT_MAGNITUDE)
/* Values are clamped to 2^43 ns (about 2.4 hours): far above any reply timeout. */
#define HIGHEST_VALUE ((int64_t) 1 << 43)
#define BUCKET_COUNT (43 - SUB_BUCKET_COUNT_MAGNITUDE + 2)
#define COUNTS_LENGTH ((BUCKET_COUNT + 1) * SUB_BUCKET_HALF_COUNT)

#define ENCODING_COOKIE 0x1c849313              /* V2EncodingCookieBase | 0x10 */
#define COMPRESSED_ENCODING_COOKIE 0x1c849314   /* V2CompressedEncodingCookieBase | 0x10 */

struct latency_histogram {
    int64_t total, max;
    int64_t counts[COUNTS_LENGTH];
};

latency_histogram *latency_new(void) {
    return calloc(1, sizeof(latency_histogram));
}

void latency_free(latency_histogram *h) {
    free(h);
}

void latency_reset(latency_histogram *h) {
    memset(h, 0, sizeof *h);
}

static int bucket_index(int64_t value) {
    return LEADING_ZERO_COUNT_BASE - __builtin_clzll((uint64_t) (value | SUB_BUCKET_MASK));
}

static int counts_index(int64_t value) {
    int bucket = bucket_index(value);
    int sub_bucket = (int) (value >> bucket);
    return ((bucket + 1) << SUB_BUCKET_HALF_COUNT_MAGNITUDE) + (sub_bucket - SUB_BUCKET_HALF_COUNT);
}

/* The largest value that counts as `value` (AbstractHistogram.highestEquivalentValue). */
static int64_t highest_equivalent(int64_t value) {
    int bucket = bucket_index(value);
    int64_t sub_bucket = value >> bucket;
    int64_t lowest = sub_bucket << bucket;
    int64_t range = (int64_t) 1 << (sub_bucket >= SUB_BUCKET_COUNT ? bucket + 1 : bucket);
    return lowest + range - 1;
}

void latency_record(latency_histogram *h, int64_t nanos) {
    int64_t value = nanos < 1 ? 1 : nanos >= HIGHEST_VALUE ? HIGHEST_VALUE - 1 : nanos;
    h->counts[counts_index(value)]++;
    h->total++;
    if (value > h->max) {
        h->max = value;
    }
}

int64_t latency_total(const latency_histogram *h) {
    return h->total;
}

static size_t put_int(uint8_t *out, uint32_t v) {
    for (int i = 0; i < 4; i++) {
        out[i] = (uint8_t) (v >> (24 - 8 * i));
    }
    return 4;
}

static size_t put_long(uint8_t *out, uint64_t v) {
    put_int(out, (uint32_t) (v >> 32));
    put_int(out + 4, (uint32_t) v);
    return 8;
}

/* HdrHistogram's ZigZagEncoding.putLong: ZigZag, then LEB128 of at most 9 bytes (the 9th carries 8 bits). */
static size_t put_zigzag(uint8_t *out, int64_t value) {
    uint64_t v = ((uint64_t) value << 1) ^ (uint64_t) (value >> 63);
    size_t n = 0;
    while (n < 8 && (v >> 7) != 0) {
        out[n++] = (uint8_t) ((v & 0x7f) | 0x80);
        v >>= 7;
    }
    out[n++] = (uint8_t) v;
    return n;
}

/* AbstractHistogram.encodeIntoByteBuffer; returns the length written into `out` (room for 40 + 9 per count). */
static size_t encode(const latency_histogram *h, uint8_t *out) {
    int limit = h->total ? counts_index(h->max) + 1 : 0;
    int64_t highest = h->max > 2 ? highest_equivalent(h->max) : 2;
    size_t n = 0;
    n += put_int(out + n, ENCODING_COOKIE);
    n += put_int(out + n, 0);                   /* the payload's length, filled in below */
    n += put_int(out + n, 0);                   /* normalizing index offset */
    n += put_int(out + n, 3);                   /* significant digits */
    n += put_long(out + n, 1);                  /* lowest discernible value */
    n += put_long(out + n, (uint64_t) highest);
    double ratio = 1.0;                         /* integer to double conversion ratio */
    uint64_t ratio_bits;
    memcpy(&ratio_bits, &ratio, sizeof ratio_bits);
    n += put_long(out + n, ratio_bits);
    size_t payload_start = n;
    for (int i = 0; i < limit;) {
        int64_t count = h->counts[i++];
        int64_t zeros = 0;
        if (count == 0) {
            zeros = 1;
            while (i < limit && h->counts[i] == 0) {
                zeros++;
                i++;
            }
        }
        n += put_zigzag(out + n, zeros > 1 ? -zeros : count);
    }
    put_int(out + 4, (uint32_t) (n - payload_start));
    return n;
}

static const char BASE64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static void put_base64(FILE *f, const uint8_t *in, size_t length) {
    for (size_t i = 0; i < length; i += 3) {
        uint32_t v = (uint32_t) in[i] << 16 | (i + 1 < length ? (uint32_t) in[i + 1] << 8 : 0)
            | (i + 2 < length ? in[i + 2] : 0);
        fputc(BASE64[v >> 18 & 63], f);
        fputc(BASE64[v >> 12 & 63], f);
        fputc(i + 1 < length ? BASE64[v >> 6 & 63] : '=', f);
        fputc(i + 2 < length ? BASE64[v & 63] : '=', f);
    }
}

int latency_append(const latency_histogram *h, const char *path, const char *tag, int64_t start_ms, int64_t end_ms) {
    size_t room = 40 + 9 * (size_t) COUNTS_LENGTH;
    uint8_t *plain = malloc(room);
    uLongf packed_length = compressBound((uLong) room);
    uint8_t *packed = malloc(8 + packed_length);
    if (!plain || !packed) {
        free(plain);
        free(packed);
        errno = ENOMEM;
        return -1;
    }
    size_t plain_length = encode(h, plain);
    if (compress2(packed + 8, &packed_length, plain, (uLong) plain_length, Z_DEFAULT_COMPRESSION) != Z_OK) {
        free(plain);
        free(packed);
        errno = EIO;
        return -1;
    }
    put_int(packed, COMPRESSED_ENCODING_COOKIE);
    put_int(packed + 4, (uint32_t) packed_length);
    struct stat st;
    int fresh = stat(path, &st) != 0 || st.st_size == 0;
    FILE *f = fopen(path, "a");
    int ok = f != NULL;
    if (ok) {
        if (fresh) {   /* as HistogramLogWriter: version, comment, legend */
            fputs("#[Histogram log format version 1.3]\n"
                  "#dbus-lab per-call round-trip times, nanoseconds, one interval per run\n"
                  "\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\",\"Interval_Compressed_Histogram\"\n", f);
        }
        fprintf(f, "Tag=%s,%.3f,%.3f,%.3f,", tag, start_ms / 1000.0, (end_ms - start_ms) / 1000.0,
                h->total ? (double) highest_equivalent(h->max) : 0.0);
        put_base64(f, packed, 8 + packed_length);
        fputc('\n', f);
        ok = fflush(f) == 0 && !ferror(f);
        ok &= fclose(f) == 0;
    }
    free(plain);
    free(packed);
    return ok ? 0 : -1;
}
