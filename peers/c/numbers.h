/* Strict whole-number parsing for options and commands: all digits, in range, nothing after. */
#ifndef DBUSLAB_NUMBERS_H
#define DBUSLAB_NUMBERS_H

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

/* 0 and *out set when `text` is a decimal number in [min, max], else -1. */
static inline int parse_long(const char *text, long long min, long long max, long long *out) {
    if (text == NULL || *text == '\0' || (*text != '-' && (*text < '0' || *text > '9'))) {
        return -1;
    }
    char *end;
    errno = 0;
    long long value = strtoll(text, &end, 10);
    if (errno != 0 || *end != '\0' || value < min || value > max) {
        return -1;
    }
    *out = value;
    return 0;
}

#endif
