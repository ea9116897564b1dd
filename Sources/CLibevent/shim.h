// The libevent API StandIn's engine uses: evhttp, listeners, timers and pthread support, and TLS through
// libevent's OpenSSL bufferevents (with the few OpenSSL calls that are macros, wrapped as functions Swift can call).
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
#include <event2/event.h>
#include <event2/http.h>
#include <event2/keyvalq_struct.h>
#include <event2/listener.h>
#include <event2/thread.h>
#include <event2/util.h>
#include <event2/bufferevent_ssl.h>

#include <openssl/err.h>
#include <openssl/ssl.h>

/// Requires TLS 1.2 or later of every connection made with `context` (a macro in OpenSSL). Returns 1 on success.
static inline int standin_tls_require_tls12(SSL_CTX *context) {
    return (int)SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION);
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

#endif
