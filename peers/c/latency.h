/* Per-call round-trip times of a run, written as the Java client's latency log is: one interval per run in an
 * HdrHistogram log (nanoseconds, 3 significant digits), so the lab reads every client's latencies one way. */
#ifndef DBUSLAB_LATENCY_H
#define DBUSLAB_LATENCY_H

#include <stdint.h>

typedef struct latency_histogram latency_histogram;

latency_histogram *latency_new(void);            /* NULL: out of memory */
void latency_free(latency_histogram *h);
void latency_reset(latency_histogram *h);
void latency_record(latency_histogram *h, int64_t nanos);
int64_t latency_total(const latency_histogram *h);

/* Appends the histogram as one interval tagged `tag` (epoch ms start and end) to `path`, with the log's header
 * when the file is new; 0, or -1 with errno set. */
int latency_append(const latency_histogram *h, const char *path, const char *tag, int64_t start_ms, int64_t end_ms);

#endif
