import ArgumentParser
import MockServer

/// The flags that bound what one client may cost the server.
struct LimitOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp("The largest request head (request line and headers); larger gets 431.", valueName: "bytes")
    )
    var maxHeaderSize = ServerLimits().maxHeaderBytes

    @Option(help: ArgumentHelp("The largest request body; larger gets 413.", valueName: "bytes"))
    var maxBodySize = ServerLimits().maxBodyBytes

    @Option(
        help: ArgumentHelp(
            "The largest WebSocket message a client may send; larger closes the WebSocket with 1009.",
            valueName: "bytes"
        )
    )
    var maxMessageSize = ServerLimits().maxMessageBytes

    @Option(
        help: ArgumentHelp(
            "Close a connection whose request takes longer than this to arrive (slow clients).",
            valueName: "seconds"
        )
    )
    var readTimeout = ServerLimits().readTimeoutSeconds

    @Option(help: ArgumentHelp("Close a connection idle for this long.", valueName: "seconds"))
    var idleTimeout = ServerLimits().idleTimeoutSeconds

    @Option(
        help: ArgumentHelp(
            "The most connections open at once; more wait in the kernel's queue until some close.",
            valueName: "count"
        )
    )
    var maxConnections = ServerLimits().maxConnections

    /// The limits these flags describe; throws a `ValidationError` that says what to fix.
    func limits() throws -> ServerLimits {
        for (flag, value) in [
            ("--max-header-size", maxHeaderSize), ("--max-body-size", maxBodySize),
            ("--max-message-size", maxMessageSize), ("--read-timeout", readTimeout),
            ("--idle-timeout", idleTimeout), ("--max-connections", maxConnections),
        ] where value < 1 {
            throw ValidationError("\(flag) must be 1 or more.")
        }
        var limits = ServerLimits()
        limits.maxHeaderBytes = maxHeaderSize
        limits.maxBodyBytes = maxBodySize
        limits.maxMessageBytes = maxMessageSize
        limits.readTimeoutSeconds = readTimeout
        limits.idleTimeoutSeconds = idleTimeout
        limits.maxConnections = maxConnections
        return limits
    }
}
