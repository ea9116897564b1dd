/*
 * evhttp_reference: the speed reference for StandIn's serve benchmark.
 *
 * A plain C server on libevent's evhttp (one event_base, one thread) that
 * answers every request with exactly the bytes StandIn serves for
 * Benchmarks/mocks/bench.json, doing the same per-request work StandIn must do
 * for a static envelope fixture:
 *
 *   - take the request's X-Request-ID, or make a new 32-hex-char id;
 *   - add Content-Type and X-Request-ID to the output headers;
 *   - append the body as prefix (prepared once) + id + suffix (prepared once);
 *   - send 200.
 *
 * Anything StandIn does beyond this (routing, journal, access log) is its own
 * overhead; Benchmarks/serve-vs-reference.sh reports the ratio of the two.
 *
 * Build: cc -O2 -Wall -Wextra -o evhttp_reference evhttp_reference.c \
 *            $(pkg-config --cflags --libs libevent)
 * Usage: evhttp_reference PORT      (binds 127.0.0.1; SIGINT/SIGTERM exit)
 */

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <event2/buffer.h>
#include <event2/event.h>
#include <event2/http.h>
#include <event2/keyvalq_struct.h>
#include <event2/listener.h>

/* The envelope around the request id; the same bytes StandIn renders at load. */
static const char body_prefix[] =
    "{\"code\":0,\"message\":\"success\","
    "\"data\":{\"id\":1,\"name\":\"Ada Lovelace\",\"email\":\"ada@example.com\"},"
    "\"request_id\":\"";
static const char body_suffix[] = "\"}";

/* Per-process splitmix64 state, seeded once in main. Single-threaded: no lock. */
static uint64_t prng_state;

static uint64_t splitmix64_next(void)
{
    uint64_t z = (prng_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Writes 32 lowercase hex chars (two 64-bit draws) and a NUL into out[33]. */
static void make_request_id(char out[33])
{
    static const char hex[] = "0123456789abcdef";
    for (int word = 0; word < 2; word++) {
        uint64_t bits = splitmix64_next();
        for (int i = 15; i >= 0; i--) {
            out[word * 16 + i] = hex[bits & 0xF];
            bits >>= 4;
        }
    }
    out[32] = '\0';
}

/* Answers every request, whatever its method or path. */
static void handle_request(struct evhttp_request *req, void *arg)
{
    (void)arg;
    char generated[33];
    const char *id = evhttp_find_header(evhttp_request_get_input_headers(req), "X-Request-ID");
    if (id == NULL) {
        make_request_id(generated);
        id = generated;
    }

    struct evkeyvalq *headers = evhttp_request_get_output_headers(req);
    evhttp_add_header(headers, "Content-Type", "application/json");
    evhttp_add_header(headers, "X-Request-ID", id);

    struct evbuffer *body = evhttp_request_get_output_buffer(req);
    evbuffer_add(body, body_prefix, sizeof body_prefix - 1);
    evbuffer_add(body, id, strlen(id));
    evbuffer_add(body, body_suffix, sizeof body_suffix - 1);

    evhttp_send_reply(req, 200, NULL, NULL);
}

/* SIGINT/SIGTERM: leave the loop so main frees everything and exits 0. */
static void handle_signal(evutil_socket_t sig, short events, void *arg)
{
    (void)sig;
    (void)events;
    event_base_loopexit((struct event_base *)arg, NULL);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s PORT\n", argv[0]);
        return 2;
    }
    char *end;
    long port = strtol(argv[1], &end, 10);
    if (*argv[1] == '\0' || *end != '\0' || port < 1 || port > 65535) {
        fprintf(stderr, "evhttp_reference: bad port '%s'\n", argv[1]);
        return 2;
    }

    /* A client that hangs up mid-write must not kill the server. */
    signal(SIGPIPE, SIG_IGN);

    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    prng_state = ((uint64_t)now.tv_sec << 32) ^ (uint64_t)now.tv_nsec ^ ((uint64_t)getpid() << 16);

    struct event_base *base = event_base_new();
    struct evhttp *http = base ? evhttp_new(base) : NULL;
    if (http == NULL) {
        fprintf(stderr, "evhttp_reference: cannot create event base\n");
        return 1;
    }
    evhttp_set_gencb(http, handle_request, NULL);

    struct sockaddr_in sin;
    memset(&sin, 0, sizeof sin);
    sin.sin_family = AF_INET;
    sin.sin_port = htons((uint16_t)port);
    sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);

    struct evconnlistener *listener = evconnlistener_new_bind(
        base, NULL, NULL, LEV_OPT_REUSEABLE | LEV_OPT_CLOSE_ON_FREE, 1024,
        (struct sockaddr *)&sin, sizeof sin);
    if (listener == NULL) {
        fprintf(stderr, "evhttp_reference: cannot listen on 127.0.0.1:%ld: %s\n", port, strerror(errno));
        return 1;
    }
    /* evhttp now owns the listener and frees it with evhttp_free. */
    if (evhttp_bind_listener(http, listener) == NULL) {
        fprintf(stderr, "evhttp_reference: cannot bind listener\n");
        return 1;
    }

    struct event *sigint = evsignal_new(base, SIGINT, handle_signal, base);
    struct event *sigterm = evsignal_new(base, SIGTERM, handle_signal, base);
    evsignal_add(sigint, NULL);
    evsignal_add(sigterm, NULL);

    event_base_dispatch(base);

    event_free(sigint);
    event_free(sigterm);
    evhttp_free(http); /* before its event_base */
    event_base_free(base);
    return 0;
}
