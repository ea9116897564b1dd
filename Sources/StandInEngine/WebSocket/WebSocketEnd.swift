/// How one end of a WebSocket saw it end, for the journal and the log. "Here" is the end that reports it, the
/// "peer" the other: on the server's end, the client.
package enum WebSocketEnd: Equatable, Sendable, CustomStringConvertible {
    /// The peer sent a close frame (its code, if it gave one, and reason); this end answered it.
    case peerClosed(code: Int?, reason: String)
    /// This end sent a close frame; the peer answered it or the wait for its answer ran out.
    case closedHere(code: Int, reason: String)
    /// The peer broke the protocol, and this end closed with `failure.code`.
    case failed(WebSocketFailure)
    /// This end dropped the connection: the peer left too much unread, or stopped reading.
    case dropped(reason: String)
    /// This end reset the connection on purpose (a fault).
    case reset
    /// The peer left without a close frame.
    case peerGone

    /// How the access log and the journal say it, as the server's end sees it: `closed by client 1000 bye`,
    /// `client gone`, ….
    package var description: String {
        switch self {
        case .peerClosed(let code, let reason):
            ["closed by client", code.map(String.init), reason.isEmpty ? nil : reason].compactMap { $0 }
                .joined(separator: " ")
        case .closedHere(let code, let reason):
            ["closed by server", String(code), reason.isEmpty ? nil : reason].compactMap { $0 }.joined(separator: " ")
        case .failed(let failure): "failed \(failure.code) \(failure.reason)"
        case .dropped(let reason): "dropped: \(reason)"
        case .reset: "reset"
        case .peerGone: "client gone"
        }
    }
}
