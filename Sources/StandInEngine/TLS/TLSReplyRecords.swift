import CLibevent

/// Sends a reply on a TLS connection as one TLS record in one write, in the turn of the loop that queued it.
///
/// Why: libevent's OpenSSL bufferevent hands each chain of its output buffer to a `SSL_write` of its own (libevent
/// 2.1, bufferevent_openssl.c, `do_write`), and on a socket each `SSL_write` is a record of its own, sealed on its own
/// and sent with a `write` of its own. evhttp formats a reply's head into one chain and moves the body's chains
/// behind it, so a small reply took two records, two writes and two TCP segments, and the client woke for each. And
/// the bufferevent writes only once `epoll_wait` reports the socket writable: two `epoll_ctl` and one more
/// `epoll_wait` per reply. `send` gathers the reply's first bytes, up to a record's most, into one chain, then runs
/// the bufferevent's write callback in this turn of the loop (the loop's changelist then never tells epoll about the
/// write at all).
///
/// Ownership: the bufferevent and its output buffer belong to evhttp's connection; these functions only borrow
/// them. Threads: the thread of the loop that owns the connection.
enum TLSReplyRecords {
    /// The most plaintext one TLS record carries (RFC 8446, 5.1): what `SSL_write` seals at once.
    static let recordBytes = 16_384

    /// The bufferevent of `request`'s connection; nil when the connection is gone. Call it before the reply is
    /// sent: evhttp may free the request once it has. The bufferevent lives as long as the connection, which evhttp
    /// keeps at least until the reply has been written.
    static func bufferEvent(of request: OpaquePointer) -> OpaquePointer? {
        evhttp_request_get_connection(request).flatMap(evhttp_connection_get_bufferevent)
    }

    /// Sends what evhttp queued on `bufferEvent`: its output's first bytes, up to a record's most, gathered into its
    /// first chain (copying what lies in later chains; nothing when the first chain holds them already), then
    /// written now. Call it right after a reply was queued.
    static func send(_ bufferEvent: OpaquePointer) {
        guard let output = bufferevent_get_output(bufferEvent) else { return }
        let length = evbuffer_get_length(output)
        guard length > 0 else { return }
        evbuffer_pullup(output, min(length, recordBytes))
        _ = standin_bufferevent_write_now(bufferEvent)
    }
}
