/// Bounds on what one client may cost the server.
public struct ServerLimits: Sendable {
    /// The largest request head (request line and header lines) accepted; a larger one gets 431. Past four times
    /// this size evhttp stops reading, answers 400 and closes the connection.
    public var maxHeaderBytes = 32 * 1024
    /// The largest request body accepted; a larger one gets 413 and the connection is closed.
    public var maxBodyBytes = 16 * 1024 * 1024
    /// How long a request may take to arrive, from its first byte to its last; a slower client (slowloris) has its
    /// connection closed. Checked once a second.
    public var readTimeoutSeconds = 30
    /// How long a connection may sit without sending or receiving before it is closed.
    public var idleTimeoutSeconds = 60
    /// The most connections open at once, shared evenly by the server's loops. At the limit a loop stops
    /// accepting, and new connections wait in the kernel's queue until others close.
    public var maxConnections = 10_000
    /// The largest WebSocket message a client may send; a larger one closes the WebSocket with 1009.
    public var maxMessageBytes = 1024 * 1024
    /// The listen backlog: connections the kernel queues before the loop accepts them.
    public var listenBacklog: Int32 = 1024

    /// The default limits.
    public init() {}

    /// The head size at which evhttp itself gives up reading (see `maxHeaderBytes`).
    var hardHeaderBytes: Int { maxHeaderBytes > Int.max / 4 ? .max : maxHeaderBytes * 4 }
}
