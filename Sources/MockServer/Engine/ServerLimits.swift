/// Bounds on what one request may cost the server.
public struct ServerLimits: Sendable {
    /// The largest request head (request line and headers) accepted; larger ones get 413 and are closed.
    public var maxHeaderBytes = 32 * 1024
    /// The largest request body accepted; larger ones get 413 and are closed.
    public var maxBodyBytes = 16 * 1024 * 1024
    /// How long a connection may sit without sending or receiving before it is closed.
    public var idleTimeoutSeconds = 60
    /// The listen backlog: connections the kernel queues before the loop accepts them.
    public var listenBacklog: Int32 = 1024

    /// The default limits.
    public init() {}
}
