/* Bad input or a failure that ends the program: one line on stderr, then the exit code. */
#include "peers.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void die(int code, const char *prog, const char *format, ...) {
    va_list args;
    va_start(args, format);
    fprintf(stderr, "%s: error: ", prog);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
    exit(code);
}
