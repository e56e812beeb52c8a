/* Clocks: a monotonic one for elapsed times, the wall clock for a run's started_utc. */
#include "peers.h"

#include <stdio.h>
#include <time.h>

int64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t) ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

void utc_now_iso(char out[40]) {
    struct timespec ts;
    struct tm tm;
    clock_gettime(CLOCK_REALTIME, &ts);
    gmtime_r(&ts.tv_sec, &tm);
    size_t n = strftime(out, 40, "%Y-%m-%dT%H:%M:%S", &tm);
    snprintf(out + n, 40 - n, ".%09dZ", (int) (ts.tv_nsec % 1000000000));
}
