import CLibevent

/// A reply body produced piece by piece, as the client reads it.
package protocol StreamedBody: AnyObject {
    /// The next piece of the body; nil once it is all out. Called on the loop's thread.
    func nextPiece() -> ArraySlice<UInt8>?
}

/// Sends a reply whose body may be large, with backpressure: the next piece is produced only once the previous one has
/// left the connection's output buffer (`evhttp_send_reply_chunk_with_cb`), so a client that reads slowly, or not
/// at all, holds at most one piece in the server's memory, and producing the body never blocks the loop for long.
/// Without a `Content-Length` header the body goes out with chunked encoding.
///
/// Ownership: like any deferred request, the connection's record holds this reply (through its `DeferredRequest`'s
/// hang-up notice) until the last piece is handed to evhttp or the client is gone; the write callback's argument is
/// the unretained reply. Threads: the loop's thread only.
package final class StreamedReply {
    private let request: DeferredRequest
    private let body: any StreamedBody
    private var finished: ((_ complete: Bool) -> Void)?

    private init(_ request: ServerRequest, body: any StreamedBody, on loop: EventLoop) {
        self.request = DeferredRequest(request, on: loop)
        self.body = body
    }

    /// Sends the status line and the headers added to `request` so far, then `body`; `finished` hears whether the
    /// whole body went out (false: the client left first).
    package static func send(
        _ request: ServerRequest,
        status: Int,
        body: any StreamedBody,
        on loop: EventLoop,
        finished: @escaping (_ complete: Bool) -> Void = { _ in }
    ) {
        let reply = StreamedReply(request, body: body, on: loop)
        reply.finished = finished
        reply.request.onHangUp = { [reply] in reply.complete(false) }
        request.startReply(status: status)
        guard Self.hasBody(request, status: status) else { return reply.end() }
        reply.sendNextPiece()
    }

    /// evhttp's own rule (`evhttp_response_needs_body`): it sends no body for HEAD, 1xx, 204 and 304, and then
    /// never calls a piece's write callback.
    private static func hasBody(_ request: ServerRequest, status: Int) -> Bool {
        status != 204 && status != 304 && !(100..<200).contains(status)
            && evhttp_request_get_command(request.request) != EVHTTP_REQ_HEAD
    }

    fileprivate func sendNextPiece() {
        guard let server = request.request else { return }
        var piece = body.nextPiece()
        while let empty = piece, empty.isEmpty { piece = body.nextPiece() }
        guard let piece else { return end() }
        server.sendBodyChunk(piece, whenWritten: pieceWritten, context: Unmanaged.passUnretained(self).toOpaque())
    }

    private func end() {
        guard let server = request.request else { return }
        request.finish()
        server.endReply()
        complete(true)
    }

    private func complete(_ whole: Bool) {
        request.onHangUp = nil
        finished?(whole)
        finished = nil
    }
}

/// evhttp calls this on the loop's thread once a piece has left the connection's output buffer; `context` is the
/// unretained `StreamedReply`, which its connection's record keeps until the last piece or the hang-up.
private func pieceWritten(_ connection: OpaquePointer?, _ context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    Unmanaged<StreamedReply>.fromOpaque(context).takeUnretainedValue().sendNextPiece()
}
