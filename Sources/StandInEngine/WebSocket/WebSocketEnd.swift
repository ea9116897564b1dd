/// How a WebSocket ended, for the journal and the log.
package enum WebSocketEnd: Equatable, Sendable, CustomStringConvertible {
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

    /// How the access log and the journal say it: `closed by client 1000 bye`, `client gone`, ….
    package var description: String {
        switch self {
        case .closedByClient(let code, let reason):
            ["closed by client", code.map(String.init), reason.isEmpty ? nil : reason].compactMap { $0 }
                .joined(separator: " ")
        case .closedByServer(let code, let reason):
            ["closed by server", String(code), reason.isEmpty ? nil : reason].compactMap { $0 }.joined(separator: " ")
        case .failed(let failure): "failed \(failure.code) \(failure.reason)"
        case .dropped(let reason): "dropped: \(reason)"
        case .reset: "reset"
        case .clientGone: "client gone"
        }
    }
}
