/* Connecting with sd-bus within a time limit, to a bus or directly to a peer. */
#ifndef DBUSLAB_SDBUS_CONNECT_H
#define DBUSLAB_SDBUS_CONNECT_H

#include <systemd/sd-bus.h>

/* 0 and *bus ready (authenticated; on a bus, Hello answered), or a negative errno after at most `timeout_ms`. */
int sdbus_connect(const char *address, int peer, int timeout_ms, sd_bus **bus);

#endif
