import StandInEngine

extension MockResponder {
    /// Logs what the engine did on its own: a refused request gets an access-log line (`REFUSED`) when its method
    /// and path are known, and a warning otherwise, as do cut connections and accept pauses.
    func engineDid(_ event: EngineEvent) {
        switch event {
        case .refusedLargeHead(let method, let path, let bytes):
            context.accessLog?.record(
                method: method,
                path: path,
                status: 431,
                fixture: "REFUSED",
                details: "head of \(bytes) bytes is over the limit",
                duration: .zero
            )
        case .refusedFlawed(let method, let path, let flaw):
            context.accessLog?.record(
                method: method,
                path: path,
                status: flaw.status,
                fixture: "REFUSED",
                details: flaw.reason,
                duration: .zero
            )
        case .refusedMalformed(let status, let peer):
            context.logger.warning("refused a malformed or oversized request from \(peer) with \(status)")
        case .readTimedOut(let peer, let seconds):
            context.logger.warning("closed the connection of \(peer): its request took over \(seconds) s to arrive")
        case .connectionLimitReached(let limit):
            context.logger.warning(
                "connection limit reached (\(limit) on this loop): new connections wait until some close"
            )
        case .acceptFailed(let reason):
            context.logger.warning("cannot accept connections (\(reason)): pausing for 100 ms")
        case .portFailed(let port, let reason):
            context.logger.warning("one loop cannot serve port \(port) (\(reason)); the others serve it")
        case .slowReadCut(let method, let path, let peer, let received, let expected):
            let bytes = "\(received)" + (expected.map { " of \($0)" } ?? "")
            context.logger.notice(
                "the connection of \(peer) closed during the slow read of \(method) \(path) after \(bytes) body bytes"
            )
        }
    }
}
