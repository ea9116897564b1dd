import CLibevent
import Fixtures

/// A request received by the engine, and the way to answer it.
///
/// Ownership: evhttp owns the `evhttp_request` and frees it after the reply is sent (or when the connection
/// closes); this struct only borrows it. Threads: use it only on the loop thread that received it, and only until
/// `send` has been called.
struct ServerRequest: IncomingRequest {
    private let request: OpaquePointer
    let method: String
    let path: String
    let rawQuery: Substring?

    init(_ request: OpaquePointer) {
        self.request = request
        method = HTTPMethodName.name(of: evhttp_request_get_command(request))
        (path, rawQuery) = Self.splitTarget(evhttp_request_get_uri(request).map { String(cString: $0) } ?? "/")
    }

    func header(named name: String) -> String? {
        evhttp_find_header(evhttp_request_get_input_headers(request), name).map { String(cString: $0) }
    }

    var body: [UInt8] {
        guard let buffer = evhttp_request_get_input_buffer(request) else { return [] }
        let length = evbuffer_get_length(buffer)
        return [UInt8](unsafeUninitializedCapacity: length) { bytes, count in
            count = max(0, evbuffer_copyout(buffer, bytes.baseAddress, length))
        }
    }

    /// Adds a response header. Values with line breaks are refused by evhttp and dropped.
    func addHeader(_ name: String, _ value: String) {
        evhttp_add_header(evhttp_request_get_output_headers(request), name, value)
    }

    /// Appends bytes to the response body (copied into evhttp's output buffer).
    func appendBody(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        evbuffer_add(evhttp_request_get_output_buffer(request), base, bytes.count)
    }

    /// Sends the response with the headers and body added so far; evhttp sets Content-Length and drops the body
    /// of a HEAD response. The request must not be used afterwards.
    func send(status: Int) {
        evhttp_send_reply(request, Int32(status), nil, nil)
    }

    /// Splits a request target into its percent-decoded path and raw query (an absolute-form target loses its
    /// scheme and authority; a fragment is dropped).
    static func splitTarget(_ target: String) -> (path: String, rawQuery: Substring?) {
        var rest = Substring(target)
        if let fragment = rest.firstIndex(of: "#") { rest = rest[..<fragment] }
        if !rest.hasPrefix("/"), let scheme = rest.range(of: "://") {
            rest = rest[scheme.upperBound...]
            rest = rest.firstIndex(of: "/").map { rest[$0...] } ?? "/"
        }
        guard let question = rest.firstIndex(of: "?") else { return (PercentDecoding.decode(rest), nil) }
        return (PercentDecoding.decode(rest[..<question]), rest[rest.index(after: question)...])
    }
}
