/// How far one direction of a call's body has come: the bytes moved so far and, when known, how many there are.
public struct TransferProgress: Sendable, Hashable, CustomStringConvertible {
    /// Which body a progress value is about.
    public enum Direction: Sendable, Hashable {
        /// The request body, on its way to the server.
        case upload
        /// The response body, on its way back.
        case download
    }

    /// Which body this is about.
    public var direction: Direction
    /// The bytes sent (upload) or received (download) so far.
    public var completedBytes: Int64
    /// The body's size, when known: the request body's length, or the response's `Content-Length`.
    public var totalBytes: Int64?

    /// Creates a progress value.
    public init(direction: Direction, completedBytes: Int64, totalBytes: Int64?) {
        self.direction = direction
        self.completedBytes = completedBytes
        self.totalBytes = totalBytes
    }

    /// The fraction done, from 0 to 1; nil while the total is unknown. An empty body is complete (1).
    public var fractionCompleted: Double? {
        guard let totalBytes else { return nil }
        guard totalBytes > 0 else { return 1 }
        return min(1, Double(completedBytes) / Double(totalBytes))
    }

    /// Whether every byte of a body of known size has moved.
    public var isComplete: Bool { totalBytes.map { completedBytes >= $0 } ?? false }

    /// The progress in words, for logs: `upload 524288 of 2097152 bytes`.
    public var description: String {
        "\(direction) \(completedBytes) of \(totalBytes.map(String.init) ?? "?") bytes"
    }
}

/// Hears the progress of a request's bodies as a transport moves them; called on the transport's threads.
public typealias TransferProgressHandler = @Sendable (TransferProgress) -> Void
