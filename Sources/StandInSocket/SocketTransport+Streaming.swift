import NetworkCore

extension SocketTransport {
    /// How `send(_:reading:)` takes a response's body, once it has heard the head.
    public enum BodyReading: Sendable {
        /// Whole, in the returned response's `body`, as `send(_:)` does.
        case whole
        /// Piece by piece (a chunked body de-chunked), each handed to `piece` on the call's thread as soon as it
        /// arrives, for at most `limit` from the head on; `piece` returns false to stop reading.
        case pieces(limit: Duration, piece: @Sendable ([UInt8]) -> Bool)
    }

    /// A response read by `send(_:reading:)`.
    public struct Streamed: Sendable {
        /// How a body taken in pieces stopped.
        public enum Ending: Error, Sendable {
            /// The body ended as its framing says (or the server closed a body framed by the close).
            case complete
            /// The limit passed before the body ended.
            case limitReached
            /// A piece's receiver asked to stop.
            case stopped
            /// The connection broke, or the server broke HTTP/1.1's framing or a bound, part-way.
            case broken(any Error)
        }

        /// The head, and the body when it was taken whole (else empty).
        public let response: TransportResponse
        /// How the body taken in pieces stopped; nil when it was taken whole.
        public let ending: Ending?

        /// A response read as `send(_:reading:)` read it (`ending` nil: its body taken whole).
        public init(response: TransportResponse, ending: Ending? = nil) {
            self.response = response
            self.ending = ending
        }
    }
}
