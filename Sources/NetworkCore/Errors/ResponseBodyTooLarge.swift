import Foundation

/// A response whose body is larger than the transport was told to accept (``URLSessionTransport/maxBodyBytes``, and
/// the server's `SocketTransport`'s): the call ends with ``TransportError/other(underlying:)`` carrying it, once the
/// limit is passed, without reading the rest.
public struct ResponseBodyTooLarge: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// The most body bytes the transport accepts.
    public let limit: Int

    /// Creates the error for a transport that accepts `limit` bytes.
    public init(limit: Int) {
        self.limit = limit
    }

    public var description: String { "the response body is larger than \(limit) bytes" }

    public var errorDescription: String? { description }
}
