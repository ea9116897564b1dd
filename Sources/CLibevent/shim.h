// The libevent API StandIn's engine uses: evhttp, listeners, timers and pthread support, and TLS through
// libevent's OpenSSL bufferevents (with the few OpenSSL calls that are macros, wrapped as functions Swift can call);
// OpenSSL's SHA-1 and Base64 for the WebSocket handshake.
//
// A libc header must come before any <event2/...> header, or the Clang module build fails
// with an `fd_set` / `__fds_bits` error.
#ifndef STANDIN_CLIBEVENT_SHIM_H
#define STANDIN_CLIBEVENT_SHIM_H

#include <sys/types.h>
#include <sys/time.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <signal.h>

#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/dns.h>
#include <event2/event.h>
#include <event2/http.h>
#include <event2/keyvalq_struct.h>
#include <event2/listener.h>
#include <event2/thread.h>
#include <event2/util.h>
#include <event2/bufferevent_ssl.h>

#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/sha.h>
#include <openssl/ssl.h>

/// Requires TLS 1.2 or later of every connection made with `context` (a macro in OpenSSL). Returns 1 on success.
static inline int standin_tls_require_tls12(SSL_CTX *context) {
    return (int)SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION);
}

/// Turns session resumption off for connections made with `context`, as nginx's `ssl_session_cache off` and
/// `ssl_session_tickets off` do: no server-side session cache and no session tickets (both macros or macro arguments
/// in OpenSSL), so that every connection makes a full handshake.
static inline void standin_tls_disable_resumption(SSL_CTX *context) {
    SSL_CTX_set_session_cache_mode(context, SSL_SESS_CACHE_OFF);
    SSL_CTX_set_options(context, SSL_OP_NO_TICKET);
}

/// Picks `http/1.1` when the client offers it over ALPN, and no protocol otherwise (an OpenSSL ALPN callback).
static inline int standin_tls_select_http11(SSL *ssl, const unsigned char **out, unsigned char *outlen,
                                            const unsigned char *in, unsigned int inlen, void *arg) {
    static const unsigned char http11[] = "\x08http/1.1";
    (void)ssl;
    (void)arg;
    if (SSL_select_next_proto((unsigned char **)out, outlen, http11, sizeof(http11) - 1, in, inlen) ==
        OPENSSL_NPN_NEGOTIATED) {
        return SSL_TLSEXT_ERR_OK;
    }
    return SSL_TLSEXT_ERR_NOACK;
}

/// What OpenSSL calls with the client's SNI name during a handshake (`SSL_CTX_set_tlsext_servername_callback`).
typedef int (*standin_tls_server_name_callback)(SSL *ssl, int *alert, void *argument);

/// Has `callback` called with `argument` when a client of a connection made from `context` sends its SNI name (two
/// macros in OpenSSL). The callback runs on the thread that runs the handshake.
static inline void standin_tls_on_server_name(SSL_CTX *context, standin_tls_server_name_callback callback,
                                              void *argument) {
    SSL_CTX_set_tlsext_servername_callback(context, callback);
    SSL_CTX_set_tlsext_servername_arg(context, argument);
}

/// The SNI name the client of `ssl` sent, or NULL (`TLSEXT_NAMETYPE_host_name` is a macro).
static inline const char *standin_tls_server_name(const SSL *ssl) {
    return SSL_get_servername(ssl, TLSEXT_NAMETYPE_host_name);
}

/// Runs the write callback of `bufferEvent` (a bufferevent on a socket: an OpenSSL one, or a plain one) in this turn
/// of the loop, as if the socket had been reported writable, so that what its output holds goes to the socket now
/// rather than after another `epoll_wait`. Safe when the socket turns out not to be writable (the bufferevent then
/// waits for it as usual) or the output is empty. Returns 0, doing nothing, when the event it finds is not the
/// bufferevent's write event.
///
/// libevent has no function for this: the write event is the `ev_write` field of its public `struct bufferevent`
/// (event2/bufferevent_struct.h), after `ev_base`, `be_ops` and `ev_read`. That header is not included here, as
/// it would make `struct event` and `struct bufferevent` complete types and change how Swift imports every
/// function taking them, so the field is found by its offset, with the size of `struct event` the library reports,
/// and checked (its callback argument is the bufferevent, it waits for writes) before it is used.
///
/// Threads: the thread of the bufferevent's loop. Ownership: the caller keeps its reference to the bufferevent;
/// none is taken.
static inline int standin_bufferevent_write_now(struct bufferevent *bufferEvent) {
    char *fields = (char *)bufferEvent + 2 * sizeof(void *);
    struct event *writeEvent = (struct event *)(fields + event_get_struct_event_size());
    if (event_get_callback_arg(writeEvent) != (void *)bufferEvent || !(event_get_events(writeEvent) & EV_WRITE)) {
        return 0;
    }
    event_active(writeEvent, EV_WRITE, 1);
    return 1;
}

#endif
