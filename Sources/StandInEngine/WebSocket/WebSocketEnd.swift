/// How a WebSocket ended, for the journal and the log.
package enum WebSocketEnd: Equatable, Sendable {
    /// The client sent a close frame (its code, if it gave one, and reason); the server answered it.
    case closedByClient(code: Int?, reason: String)
    /// The server sent a close frame; the client answered it or the wait for its answer ran out.
    case closedByServer(code: Int, reason: String)
    /// The client broke the protocol, and the server closed with `failure.code`.
    case failed(WebSocketFailure)
    /// The server dropped the connection: the client left too much unread, or stopped reading.
    case dropped(reason: String)
    /// The server reset the connection on purpose (a fault).
    case reset
    /// The client left without a close frame.
    case clientGone
}
