import CLibevent
import StandInSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A request received by the engine, and the way to answer it.
///
/// Ownership: evhttp owns the `evhttp_request` and frees it after the reply is sent (or when the connection
/// closes); this struct only borrows it. Threads: use it only on the loop thread that received it, and only until
/// `send` has been called.
package struct ServerRequest {
    /// The evhttp request; engine files only.
    let request: OpaquePointer
    /// The method, as sent (an extension method too).
    package let method: String
    /// The path, percent-decoded.
    package let path: String
    /// The query as sent, without its `?`; nil when the target has none.
    package let rawQuery: Substring?
    /// Whether the request came in on a TLS port.
    package var arrivedOverTLS: Bool { tlsBufferEvent != nil }

    /// Whether the request came in on a port of the proxy's (see `proxyHost`).
    private let carriesProxyHost: Bool
    /// The loop's `Date` for replies. Unowned and unretained: the loop outlives its requests, and copies of a request
    /// then cost no reference counting.
    private unowned(unsafe) let replyDate: ReplyDate
    /// The bufferevent of the request's connection when it speaks TLS (nil on a plain port), which `send` makes send
    /// the reply as one record, at once (`TLSReplyRecords`). Borrowed from evhttp's connection.
    private let tlsBufferEvent: OpaquePointer?

    /// Wraps `request`, which `replyDate`'s loop received; `method` is its real method when evhttp parsed it as
    /// another (see `ExtensionMethod`); `tls` says whether it came in on a TLS port, `carriesProxyHost` whether on a
    /// port of the proxy's.
    init(
        _ request: OpaquePointer,
        method: String? = nil,
        replyDate: ReplyDate,
        tls: Bool = false,
        carriesProxyHost: Bool = false
    ) {
        self.request = request
        self.replyDate = replyDate
        tlsBufferEvent = tls ? TLSReplyRecords.bufferEvent(of: request) : nil
        self.method = method ?? HTTPMethodName.name(of: evhttp_request_get_command(request))
        (path, rawQuery) = evhttp_request_get_uri(request).map(Self.splitTarget) ?? ("/", nil)
        self.carriesProxyHost = carriesProxyHost
    }

    /// On a port whose requests came through the proxy, the host each was sent to (the absolute target's, else the
    /// `Host` header's; lower-case, without a port); nil on the other ports. Read only where a fixture names a host.
    package var proxyHost: String? {
        guard carriesProxyHost else { return nil }
        return evhttp_request_get_host(request).map { String(cString: $0).lowercased() }
    }

    /// The value of the first request header named `name`, any case; nil when there is none.
    package func header(named name: String) -> String? {
        name.withCString { name in
            evhttp_find_header(evhttp_request_get_input_headers(request), name).map { String(cString: $0) }
        }
    }

    /// The request body, copied.
    package var body: [UInt8] {
        guard let buffer = evhttp_request_get_input_buffer(request) else { return [] }
        let length = evbuffer_get_length(buffer)
        // An empty array must not go through unsafeUninitializedCapacity: with capacity 0 it writes the count
        // into the shared empty-array storage, a data race between loop threads.
        guard length > 0 else { return [] }
        return [UInt8](unsafeUninitializedCapacity: length) { bytes, count in
            count = max(0, evbuffer_copyout(buffer, bytes.baseAddress, length))
        }
    }

    /// Whether a response header named `name` (any case) has been added.
    package func hasResponseHeader(_ name: String) -> Bool {
        name.withCString { evhttp_find_header(evhttp_request_get_output_headers(request), $0) != nil }
    }

    /// Adds a response header. Values with line breaks are refused by evhttp and dropped.
    package func addHeader(_ name: String, _ value: String) {
        // Explicit withCString: passing a small String straight to C copies it into a temporary heap array.
        name.withCString { name in
            value.withCString { value in
                _ = evhttp_add_header(evhttp_request_get_output_headers(request), name, value)
            }
        }
    }

    /// Appends bytes to the response body (copied into evhttp's output buffer).
    package func appendBody(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        evbuffer_add(evhttp_request_get_output_buffer(request), base, bytes.count)
    }

    /// Sends the response with the headers and body added so far; evhttp sets Content-Length. A response that has
    /// no body (`BodilessResponse`) loses the body added; one to `HEAD` keeps its length in Content-Length. The
    /// request must not be used afterwards.
    package func send(status: Int) {
        if BodilessResponse.status(status, method: method) { dropBody(status: status) }
        addDate()
        withReasonPhrase(of: status) { evhttp_send_reply(request, Int32(status), $0, nil) }
        if let tlsBufferEvent { TLSReplyRecords.send(tlsBufferEvent) }
    }

    /// Runs `body` with the standard reason phrase of `status` as a C string (evhttp copies it), or nil for a code
    /// without one, which evhttp names by its class.
    func withReasonPhrase(of status: Int, _ body: (UnsafePointer<CChar>?) -> Void) {
        guard let phrase = HTTPReasonPhrase.standard(for: status) else { return body(nil) }
        phrase.withCString(body)
    }

    /// Adds the loop's `Date` header, unless the reply has one, before evhttp formats one of its own.
    func addDate() {
        replyDate.add(to: evhttp_request_get_output_headers(request))
    }

    /// Empties the output buffer: evhttp would send it whatever the method and status.
    private func dropBody(status: Int) {
        let buffer = evhttp_request_get_output_buffer(request)
        let length = evbuffer_get_length(buffer)
        let headers = evhttp_request_get_output_headers(request)
        if BodilessResponse.status(status) {
            evhttp_remove_header(headers, "Content-Length")
        } else if evhttp_find_header(headers, "Content-Length") == nil {
            evhttp_add_header(headers, "Content-Length", String(length))
        }
        evbuffer_drain(buffer, length)
    }

    /// Splits a request target into its percent-decoded path and raw query (an absolute-form target loses its
    /// scheme and authority; a fragment is dropped). Works on the C string's bytes: this runs for every request.
    static func splitTarget(_ target: UnsafePointer<CChar>) -> (path: String, rawQuery: Substring?) {
        var start = target
        if start.pointee != CChar(UInt8(ascii: "/")), let scheme = strstr(target, "://") {
            start = UnsafePointer(strchr(scheme + 3, Int32(UInt8(ascii: "/")))) ?? UnsafePointer(strchr(scheme, 0))
        }
        let pathLength = strcspn(start, "?#")
        let path = string(start, length: pathLength)
        var rawQuery: Substring?
        if start[pathLength] == CChar(UInt8(ascii: "?")) {
            let query = start + pathLength + 1
            rawQuery = Substring(string(query, length: strcspn(query, "#")))
        }
        guard pathLength > 0 else { return ("/", rawQuery) }
        let hasEscapes = memchr(start, Int32(UInt8(ascii: "%")), pathLength) != nil
        return (hasEscapes ? PercentDecoding.decode(Substring(path)) : path, rawQuery)
    }

    private static func string(_ start: UnsafePointer<CChar>, length: Int) -> String {
        String(decoding: UnsafeRawBufferPointer(start: start, count: length), as: UTF8.self)
    }
}
