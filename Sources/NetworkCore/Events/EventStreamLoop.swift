import Foundation

/// Reads one stream of server-sent events over as many connections as its reconnection policy allows: parses each
/// connection's body, and after it ends or breaks waits the reconnection time and opens the next with the last event
/// ID. The parser's state (last event ID, reconnection time) outlives each connection, as the standard says.
struct EventStreamLoop: Sendable {
    /// One connection's body, in the pieces it arrives in.
    typealias Body = AsyncThrowingStream<Data, any Error>
    /// Opens one connection, sending `lastEventID` when there is one; nil when the server said to stop (HTTP 204).
    typealias Open = @Sendable (_ lastEventID: String?) async throws(NetworkError) -> Body?

    let reconnection: EventStreamReconnection
    let open: Open

    /// Hands every event to `deliver` until the server says stop or the policy allows no more reconnections; throws
    /// what cannot be reconnected from (an HTTP error, a body that is not an event stream), and the break that
    /// ended the last connection the policy allowed.
    func run(_ deliver: (ServerSentEvent) -> Void) async throws(NetworkError) {
        var parser = EventStreamParser()
        var reconnects = 0
        while true {
            let broken: NetworkError?
            do throws(NetworkError) {
                guard let body = try await open(parser.lastEventID.isEmpty ? nil : parser.lastEventID) else { return }
                broken = await Self.read(body, with: &parser, deliver)
            } catch .transport(let error) where error.isConnectivity {
                broken = .transport(error)
            }
            guard !Task.isCancelled else { throw .transport(.cancelled) }
            parser.endOfStream()
            guard reconnection.allows(after: reconnects) else {
                if let broken { throw broken }
                return
            }
            reconnects += 1
            do {
                try await Task.sleep(for: parser.reconnectionTime ?? reconnection.delay)
            } catch {
                throw .transport(.cancelled)
            }
        }
    }

    /// Parses one connection's body until it ends; returns the error it broke with, if it did.
    private static func read(
        _ body: Body,
        with parser: inout EventStreamParser,
        _ deliver: (ServerSentEvent) -> Void
    ) async -> NetworkError? {
        do {
            for try await piece in body {
                for event in parser.parse(piece) { deliver(event) }
            }
            return nil
        } catch {
            return .transport(TransportError(classifying: error))
        }
    }
}
