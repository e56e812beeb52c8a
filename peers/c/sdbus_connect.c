/* Connecting with sd-bus within a time limit: sd_bus_start only begins; this waits until sd_bus_is_ready. */
#include "sdbus_connect.h"
#include "peers.h"

#include <errno.h>
#include <string.h>

int sdbus_connect(const char *address, int peer, int timeout_ms, sd_bus **result) {
    sd_bus *bus = NULL;
    int r = sd_bus_new(&bus);
    if (r < 0) {
        return r;
    }
    if ((r = sd_bus_set_address(bus, address)) < 0 || (r = sd_bus_set_bus_client(bus, !peer)) < 0) {
        sd_bus_unref(bus);
        return r;
    }
    /* Over TCP no credentials travel: a peer is authenticated ANONYMOUS (sd-bus has no DBUS_COOKIE_SHA1). */
    if (peer && strncmp(address, "tcp:", 4) == 0 && (r = sd_bus_set_anonymous(bus, 1)) < 0) {
        sd_bus_unref(bus);
        return r;
    }
    if ((r = sd_bus_start(bus)) < 0) {
        sd_bus_unref(bus);
        return r;
    }
    int64_t deadline = now_ns() + (int64_t) timeout_ms * 1000000;
    while ((r = sd_bus_is_ready(bus)) == 0) {
        int64_t left = deadline - now_ns();
        if (left <= 0) {
            r = -ETIMEDOUT;
            break;
        }
        r = sd_bus_process(bus, NULL);
        if (r == 0) {
            r = sd_bus_wait(bus, (uint64_t) (left / 1000));
        }
        if (r < 0) {
            break;
        }
    }
    if (r < 0) {
        sd_bus_unref(bus);
        return r;
    }
    *result = bus;
    return 0;
}
