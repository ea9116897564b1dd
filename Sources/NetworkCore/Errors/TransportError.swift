import Foundation

/// Why a request got no HTTP response at all: the network, the connection or the caller stopped it.
///
/// Transports throw these (``URLSessionTransport`` translates `URLError`s); ``APIClient`` wraps them in
/// ``NetworkError/transport(_:)``.
public enum TransportError: Error, Sendable {
    /// No connection could be made: offline, the host is unknown, or nothing listens on the port.
    case cannotConnect(underlying: (any Error)?)
    /// The connection broke before the response was complete.
    case connectionLost(underlying: (any Error)?)
    /// No response arrived within the request's timeout.
    case timedOut
    /// The TLS handshake failed or the server's certificate was not trusted.
    case tls(underlying: (any Error)?)
    /// The caller cancelled the request (for example by cancelling its `Task`).
    case cancelled
    /// Any other failure below HTTP, with the error that caused it.
    case other(underlying: any Error)

    /// Whether the failure is about reaching the server (no network, refused, lost, timed out), the kind of problem
    /// an app shows as "check your connection" and a retry policy may try again.
    public var isConnectivity: Bool {
        switch self {
        case .cannotConnect, .connectionLost, .timedOut: true
        case .tls, .cancelled, .other: false
        }
    }

    /// The error the transport reported, when there is one.
    public var underlying: (any Error)? {
        switch self {
        case .cannotConnect(let error), .connectionLost(let error), .tls(let error): error
        case .other(let error): error
        case .timedOut, .cancelled: nil
        }
    }
}

extension TransportError: LocalizedError {
    /// A sentence that says what went wrong and, where it helps, the underlying reason.
    public var errorDescription: String? {
        let reason = underlying.map { " (\($0.localizedDescription))" } ?? ""
        switch self {
        case .cannotConnect:
            return "Could not connect to the server\(reason). Check the network and the server's address."
        case .connectionLost:
            return "The connection to the server was lost\(reason)."
        case .timedOut:
            return "The server did not answer in time."
        case .tls:
            return "A secure connection to the server could not be made\(reason)."
        case .cancelled:
            return "The request was cancelled."
        case .other:
            return "The request failed\(reason)."
        }
    }
}
