/// A large body prepared at load (a `file` or `base64` body), sent in pieces as the client reads it: each reader
/// holds one piece in the server's memory, not a copy of the whole body.
package final class FixedBodyPieces: StreamedBody {
    /// Bodies larger than this go out in pieces; smaller ones are copied into the connection's output at once.
    package static let threshold = 1024 * 1024
    /// The size of each piece.
    package static let pieceBytes = 256 * 1024

    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The next piece, nil after the last.
    package func nextPiece() -> ArraySlice<UInt8>? {
        guard offset < bytes.count else { return nil }
        let end = min(bytes.count, offset + Self.pieceBytes)
        defer { offset = end }
        return bytes[offset..<end]
    }
}

extension ServerRequest {
    /// Sends the response with the headers added so far and `body`: a small body copied into the output at once, a
    /// large one in pieces with backpressure (`FixedBodyPieces`). The request must not be used afterwards.
    package func send(status: Int, body: [UInt8], on loop: EventLoop) {
        guard body.count > FixedBodyPieces.threshold else {
            body.withUnsafeBytes { appendBody($0) }
            return send(status: status)
        }
        addHeader("Content-Length", String(body.count))
        StreamedReply.send(self, status: status, body: FixedBodyPieces(body), on: loop)
    }
}
