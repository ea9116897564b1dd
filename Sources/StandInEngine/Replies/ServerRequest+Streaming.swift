import CLibevent

extension ServerRequest {
    /// Sends the status line and headers now; the body follows with `sendBodyChunk` and ends with `endReply`.
    /// With a `Content-Length` header set the body goes out as plain bytes, without chunked encoding.
    package func startReply(status: Int) {
        addDate()
        withReasonPhrase(of: status) { evhttp_send_reply_start(request, Int32(status), $0) }
    }

    /// Sends part of the body started with `startReply`.
    package func sendBodyChunk(_ bytes: ArraySlice<UInt8>) {
        guard let buffer = evbuffer_new() else { return }
        bytes.withUnsafeBytes { _ = evbuffer_add(buffer, $0.baseAddress, $0.count) }
        evhttp_send_reply_chunk(request, buffer)
        evbuffer_free(buffer)
    }

    /// Sends part of the body started with `startReply`; evhttp calls `whenWritten` with `context` on the loop's
    /// thread once it has left the output buffer (never, if the connection closes first).
    package func sendBodyChunk(
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
    package func endReply() {
        evhttp_send_reply_end(request)
    }
}
