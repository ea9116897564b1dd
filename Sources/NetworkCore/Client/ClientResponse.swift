import Foundation

/// A response on its way back from the transport through the middleware to the caller.
public struct ClientResponse: Sendable {
    /// The status and header fields.
    public var head: HTTPResponse
    /// The body bytes.
    public var body: Data
    /// The envelope's code, message and request id, when the request expects an envelope and the body is one
    /// (whatever the HTTP status).
    public var envelope: Envelope?

    /// Creates a response.
    public init(head: HTTPResponse, body: Data = Data(), envelope: Envelope? = nil) {
        self.head = head
        self.body = body
        self.envelope = envelope
    }

    /// Whether the HTTP status is 2xx.
    public var isSuccessStatus: Bool { head.status.kind == .successful }
}
