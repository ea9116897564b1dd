import Foundation

/// A request on its way through the client's request modifiers and middleware to the transport.
public struct ClientRequest: Sendable {
    /// The method, URL parts and header fields.
    public var head: HTTPRequest
    /// The encoded body, if any.
    public var body: Data?
    /// How long the transport may take for one attempt.
    public var timeout: Duration
    /// The envelope format the response is read with, or `nil` for a ``ResponseFormat/plain`` endpoint.
    public var envelopeFormat: EnvelopeFormat?
    /// Hears how the request's bodies move, for ``APIClient/upload(_:)`` and ``APIClient/download(_:)``; nil for a
    /// plain ``APIClient/send(_:)``. A middleware that sends the request again passes it on with the request.
    public var onProgress: TransferProgressHandler?

    /// Creates a request.
    public init(head: HTTPRequest, body: Data? = nil, timeout: Duration = .seconds(60), envelopeFormat: EnvelopeFormat?)
    {
        self.head = head
        self.body = body
        self.timeout = timeout
        self.envelopeFormat = envelopeFormat
    }

    /// The full URL, for logs and errors.
    public var url: URL? { head.url }
}
