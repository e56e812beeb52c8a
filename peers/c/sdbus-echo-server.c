/* The lab's echo server on sd-bus (libsystemd): owns the name on a bus, or listens peer-to-peer itself (sd-bus has
 * no listener: each accepted socket becomes a server-side sd_bus). sd-bus answers Introspectable and Peer and the
 * standard errors for an unknown interface or method and a wrong signature from the vtable. libdbus's spam call is
 * answered by an object callback. */
#define _GNU_SOURCE /* accept4 */
#include "peers.h"
#include "sdbus_connect.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <systemd/sd-event.h>
#include <unistd.h>

static const char PROG[] = "sdbus-echo-server";

static server_options options;
static uint64_t echo_calls;

static int echo(sd_bus_message *call, void *data, sd_bus_error *error) {
    const void *bytes;
    size_t length;
    int r = sd_bus_message_read_array(call, 'y', &bytes, &length);
    if (r < 0) {
        return r;
    }
    uint8_t *corrupt = NULL;
    if (server_corrupts(&options, ++echo_calls)) {
        corrupt = server_corrupted_copy(bytes, length, &length);
        if (!corrupt) {
            return -ENOMEM;
        }
        bytes = corrupt;
    }
    sd_bus_message *reply = NULL;
    r = sd_bus_message_new_method_return(call, &reply);
    if (r >= 0) {
        r = sd_bus_message_append_array(reply, 'y', bytes, length);
    }
    if (r >= 0) {
        r = sd_bus_send(NULL, reply, NULL);
    }
    sd_bus_message_unref(reply);
    free(corrupt);
    return r;
}

static const sd_bus_vtable ECHO_VTABLE[] = {
    SD_BUS_VTABLE_START(0),
    SD_BUS_METHOD_WITH_NAMES(ECHO_METHOD, "ay", SD_BUS_PARAM(payload), "ay", SD_BUS_PARAM(echo), echo,
                             SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_VTABLE_END};

/*
 * libdbus's spam call gets an empty reply whatever its payload (s, ay or none), as from the Java server. A plain
 * object callback, not a vtable: a vtable method has ONE signature. sd-bus runs it before the vtables of the path;
 * returning 0 passes any other call on to them (and their standard errors).
 */
static int answer_spam(sd_bus_message *call, void *data, sd_bus_error *error) {
    if (!sd_bus_message_is_method_call(call, SPAM_INTERFACE, SPAM_METHOD)) {
        return 0;
    }
    int r = sd_bus_reply_method_return(call, NULL);
    return r < 0 ? r : 1;   /* handled, also when no reply was expected */
}

static int export_echo(sd_bus *bus) {
    int r = sd_bus_add_object(bus, NULL, SPAM_OBJECT_PATH, answer_spam, NULL);
    return r < 0 ? r : sd_bus_add_object_vtable(bus, NULL, ECHO_OBJECT_PATH, ECHO_INTERFACE, ECHO_VTABLE, NULL);
}

/* ---- on a bus */

static sd_bus *serve_on_bus(sd_event *event) {
    sd_bus *bus = NULL;
    int r = sdbus_connect(options.bus, 0, 10000, &bus);
    if (r < 0) {
        die(EXIT_UNCLEAN, PROG, "cannot connect to %s: %s", options.bus, strerror(-r));
    }
    if ((r = export_echo(bus)) < 0) {
        die(EXIT_UNCLEAN, PROG, "cannot export %s: %s", ECHO_OBJECT_PATH, strerror(-r));
    }
    if ((r = sd_bus_request_name(bus, options.name, 0)) < 0) {
        die(EXIT_UNCLEAN, PROG, "cannot own %s: %s", options.name, strerror(-r));
    }
    if ((r = sd_bus_attach_event(bus, event, SD_EVENT_PRIORITY_NORMAL)) < 0
        || (r = sd_bus_set_exit_on_disconnect(bus, 1)) < 0) {
        die(EXIT_UNCLEAN, PROG, "cannot serve: %s", strerror(-r));
    }
    printf("ready %s\n", options.bus);
    fflush(stdout);
    return bus;
}

/* ---- peer-to-peer: our own listening socket */

#define MAX_PEERS 1024

static sd_bus *peers[MAX_PEERS];
/* Peers whose authentication may have ended with a call already read (see process_fresh_peers). */
static int fresh[MAX_PEERS];
static int tcp_listener;

/* The value of `key` in a D-Bus address "transport:key=value,key=value" into `out`; 0, or -1 when absent. */
static int address_value(const char *address, const char *key, char *out, size_t out_size) {
    const char *p = strchr(address, ':');
    size_t key_length = strlen(key);
    while (p) {
        p++;
        if (strncmp(p, key, key_length) == 0 && p[key_length] == '=') {
            const char *value = p + key_length + 1;
            size_t n = strcspn(value, ",");
            if (n >= out_size) {
                return -1;
            }
            memcpy(out, value, n);
            out[n] = '\0';
            return 0;
        }
        p = strchr(p, ',');
    }
    return -1;
}

static int listen_on(const char *address, char *ready_address, size_t ready_size) {
    char value[108], port[8];
    int fd;
    if (strncmp(address, "unix:", 5) == 0 && address_value(address, "path", value, sizeof value) == 0) {
        struct sockaddr_un sa = {.sun_family = AF_UNIX};
        snprintf(sa.sun_path, sizeof sa.sun_path, "%s", value);
        fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
        if (fd < 0 || bind(fd, (struct sockaddr *) &sa, sizeof sa) < 0) {
            die(EXIT_UNCLEAN, PROG, "cannot listen on %s: %s", address, strerror(errno));
        }
        snprintf(ready_address, ready_size, "unix:path=%s", value);
    } else if (strncmp(address, "tcp:", 4) == 0 && address_value(address, "host", value, sizeof value) == 0
               && address_value(address, "port", port, sizeof port) == 0) {
        struct sockaddr_in sa = {.sin_family = AF_INET, .sin_port = htons((uint16_t) atoi(port))};
        if (inet_pton(AF_INET, value, &sa.sin_addr) != 1) {
            die(EXIT_USAGE, PROG, "--listen: host must be an IPv4 address such as 127.0.0.1, was '%s'", value);
        }
        socklen_t length = sizeof sa;
        fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
        if (fd < 0 || bind(fd, (struct sockaddr *) &sa, sizeof sa) < 0
            || getsockname(fd, (struct sockaddr *) &sa, &length) < 0) {
            die(EXIT_UNCLEAN, PROG, "cannot listen on %s: %s", address, strerror(errno));
        }
        snprintf(ready_address, ready_size, "tcp:host=%s,port=%u", value, ntohs(sa.sin_port));
        tcp_listener = 1;
    } else {
        die(EXIT_USAGE, PROG, "--listen must be unix:path=FILE or tcp:host=IPV4,port=N, was '%s'", address);
    }
    if (listen(fd, 64) < 0) {
        die(EXIT_UNCLEAN, PROG, "cannot listen on %s: %s", address, strerror(errno));
    }
    return fd;
}

static int accept_peer(sd_event_source *source, int fd, uint32_t events, void *data) {
    int peer_fd = accept4(fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (peer_fd < 0) {
        return 0;   /* the peer went before we took it */
    }
    int slot = 0;
    while (slot < MAX_PEERS && peers[slot]) {
        slot++;
    }
    sd_id128_t id;
    sd_bus *bus = NULL;
    int r = slot == MAX_PEERS ? -EMFILE : sd_bus_new(&bus);
    if (r >= 0 && (r = sd_id128_randomize(&id)) >= 0 && (r = sd_bus_set_fd(bus, peer_fd, peer_fd)) >= 0) {
        peer_fd = -1;   /* the bus has it now */
        /* Over TCP no credentials travel, so peers there authenticate ANONYMOUS (we listen on 127.0.0.1). */
        if ((r = sd_bus_set_server(bus, 1, id)) >= 0 && (r = sd_bus_set_anonymous(bus, tcp_listener)) >= 0
            && (r = export_echo(bus)) >= 0 && (r = sd_bus_start(bus)) >= 0) {
            r = sd_bus_attach_event(bus, sd_event_source_get_event(source), SD_EVENT_PRIORITY_NORMAL);
        }
    }
    if (r < 0) {
        fprintf(stderr, "%s: cannot serve a new peer: %s\n", PROG, strerror(-r));
        sd_bus_unref(bus);
        if (peer_fd >= 0) {
            close(peer_fd);
        }
        return 0;
    }
    peers[slot] = bus;
    fresh[slot] = 1;
    return 0;
}

/*
 * After each loop iteration that dispatched something: process the peers still authenticating or just done.
 * A client may send BEGIN and its first call in one write; sd-bus then reads the call into its buffer with the
 * last authentication line, and as the socket is drained nothing wakes the loop for it (seen with dbus-send: about
 * one first call in eight went unanswered). Once a peer is running its own events suffice.
 */
static int process_fresh_peers(sd_event_source *source, void *data) {
    for (int i = 0; i < MAX_PEERS; i++) {
        if (peers[i] && fresh[i]) {
            while (sd_bus_process(peers[i], NULL) > 0) {
            }
            fresh[i] = sd_bus_is_ready(peers[i]) <= 0;
        }
    }
    return 0;
}

/* Every second: forget the peers that have gone. */
static int reap_peers(sd_event_source *source, uint64_t now, void *data) {
    for (int i = 0; i < MAX_PEERS; i++) {
        if (peers[i] && sd_bus_is_open(peers[i]) <= 0) {
            peers[i] = sd_bus_flush_close_unref(peers[i]);
            fresh[i] = 0;
        }
    }
    sd_event_source_set_time(source, now + 1000000);
    return 0;
}

static void serve_peers(sd_event *event) {
    char ready[200];
    int fd = listen_on(options.listen, ready, sizeof ready);
    uint64_t now;
    sd_event_now(event, CLOCK_MONOTONIC, &now);
    sd_event_source *reaper = NULL;
    if (sd_event_add_io(event, NULL, fd, EPOLLIN, accept_peer, NULL) < 0
        || sd_event_add_post(event, NULL, process_fresh_peers, NULL) < 0
        || sd_event_add_time(event, &reaper, CLOCK_MONOTONIC, now + 1000000, 0, reap_peers, NULL) < 0
        || sd_event_source_set_enabled(reaper, SD_EVENT_ON) < 0) {
        die(EXIT_UNCLEAN, PROG, "cannot serve on %s", options.listen);
    }
    printf("ready %s\n", ready);
    fflush(stdout);
}

int main(int argc, char **argv) {
    server_options_parse(&options, PROG, SDBUS_BUS_NAME, argc, argv);
    sd_event *event = NULL;
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGTERM);
    sigaddset(&stop, SIGINT);
    if (sigprocmask(SIG_BLOCK, &stop, NULL) < 0 || sd_event_default(&event) < 0
        || sd_event_add_signal(event, NULL, SIGTERM, NULL, NULL) < 0
        || sd_event_add_signal(event, NULL, SIGINT, NULL, NULL) < 0) {
        die(EXIT_UNCLEAN, PROG, "cannot set up the event loop");
    }
    sd_bus *bus = NULL;   /* closed by sd-bus itself when the loop exits */
    if (options.bus) {
        bus = serve_on_bus(event);
    } else {
        serve_peers(event);
    }
    /* A signal ends the loop with 0; sd-bus ends it with EXIT_FAILURE when the bus goes (exit_on_disconnect). */
    int r = sd_event_loop(event);
    if (bus && r > 0) {
        die(EXIT_UNCLEAN, PROG, "the bus connection closed");
    }
    if (r < 0) {
        die(EXIT_UNCLEAN, PROG, "the event loop failed: %s", strerror(-r));
    }
    if (options.listen && strncmp(options.listen, "unix:", 5) == 0) {
        char path[108];
        if (address_value(options.listen, "path", path, sizeof path) == 0) {
            unlink(path);
        }
    }
    return EXIT_CLEAN;
}
