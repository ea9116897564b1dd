import CLibevent

extension ServerRequest {
    /// Sends the status line and headers now; the body follows with `sendBodyChunk` and ends with `endReply`.
    /// With a `Content-Length` header set the body goes out as plain bytes, without chunked encoding.
    func startReply(status: Int) {
        addDate()
        withReasonPhrase(of: status) { evhttp_send_reply_start(request, Int32(status), $0) }
    }

    /// Sends part of the body started with `startReply`.
    func sendBodyChunk(_ bytes: ArraySlice<UInt8>) {
        guard let buffer = evbuffer_new() else { return }
        bytes.withUnsafeBytes { _ = evbuffer_add(buffer, $0.baseAddress, $0.count) }
        evhttp_send_reply_chunk(request, buffer)
        evbuffer_free(buffer)
    }

    /// Sends part of the body started with `startReply`; evhttp calls `whenWritten` with `context` on the loop's
    /// thread once it has left the output buffer (never, if the connection closes first).
    func sendBodyChunk(
        _ bytes: ArraySlice<UInt8>,
        whenWritten: @escaping @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void,
        context: UnsafeMutableRawPointer
    ) {
        guard let buffer = evbuffer_new() else { return }
        bytes.withUnsafeBytes { _ = evbuffer_add(buffer, $0.baseAddress, $0.count) }
        evhttp_send_reply_chunk_with_cb(request, buffer, whenWritten, context)
        evbuffer_free(buffer)
    }

    /// Finishes a reply started with `startReply`. The request must not be used afterwards.
    func endReply() {
        evhttp_send_reply_end(request)
    }

    /// The `X-StandIn-*` headers that steer simulation, found in one pass over the request's headers.
    var controlHeaders: ControlHeaders {
        var found = ControlHeaders()
        var entry = evhttp_request_get_input_headers(request)?.pointee.tqh_first
        while let header = entry {
            if let key = header.pointee.key, let value = header.pointee.value,
                Self.hasControlPrefix(key)
            {
                found.record(name: key + ControlHeaders.prefix.utf8.count, value: value)
            }
            entry = header.pointee.next.tqe_next
        }
        return found
    }

    /// Whether a header name starts with `X-StandIn-`, any case. Compares the C string in place: passing a Swift
    /// `String` to C would copy it to the heap once per header of every request.
    private static func hasControlPrefix(_ name: UnsafePointer<CChar>) -> Bool {
        var position = 0
        for expected in ControlHeaders.prefix.utf8 {
            let byte = UInt8(bitPattern: name[position])
            guard byte | 0x20 == expected | 0x20 else { return false }  // ASCII letters, '-' (0x2D) has 0x20 set
            position += 1
        }
        return true
    }
}
