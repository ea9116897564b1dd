import Foundation

extension APIClient {
    /// Opens a stream of server-sent events from `endpoint` (`text/event-stream`), reconnecting as `reconnection`
    /// allows.
    ///
    /// ```swift
    /// for try await event in client.events(for: API.Chat.Reply(room: "42")) {
    ///     if event.data == "[DONE]" { break }        // leaving the loop closes the connection
    ///     print(event.event, event.data)
    /// }
    /// ```
    ///
    /// Each connection is a request like any other call's, with `Accept: text/event-stream` (unless the endpoint
    /// sets `Accept`) and, on reconnection, `Last-Event-ID`; it passes through the request modifiers and the
    /// middleware, which see the response's head (an error response with its body). The request's timeout is how
    /// long the head may take, and how long URLSession lets the stream stay silent before it counts as broken:
    /// a server that is quiet for long sends comment lines to keep it open.
    ///
    /// The stream ends when the server answers HTTP 204 or closes the stream once `reconnection` allows no more
    /// reconnections; it throws a ``NetworkError`` (through `errorMapper`) for a status outside 200–299
    /// (``NetworkError/http(status:headers:body:)``), a business error in a 2xx envelope instead of a stream
    /// (``NetworkError/server(code:message:requestID:)``), another body that is not an event stream
    /// (``NetworkError/decoding(underlying:bodyExcerpt:)`` with ``NotAnEventStream``), or the broken connection
    /// the policy allowed no reconnection after. Cancelling the task that reads it, or leaving its loop, closes the
    /// connection at once and ends the stream without an error.
    public func events<E: Endpoint>(
        for endpoint: E,
        reconnection: EventStreamReconnection = EventStreamReconnection()
    ) -> AsyncThrowingStream<ServerSentEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: ServerSentEvent.self)
        let loop = EventStreamLoop(reconnection: reconnection) { lastEventID throws(NetworkError) in
            try await openEventStream(endpoint, lastEventID: lastEventID)
        }
        let task = Task {
            do throws(NetworkError) {
                try await loop.run { _ = continuation.yield($0) }
                continuation.finish()
            } catch .transport(.cancelled) {
                continuation.finish()
            } catch {
                continuation.finish(throwing: errorMapper(error))
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// The most bytes of a response that is not an event stream read for its error: enough for any envelope.
    static let maxRefusalBytes = 1 << 20

    /// Sends one request for `endpoint`'s event stream through the modifiers and middleware; returns its body once
    /// the head says it is a stream, nil for HTTP 204, and throws for any other answer.
    private func openEventStream<E: Endpoint>(
        _ endpoint: E,
        lastEventID: String?
    ) async throws(NetworkError) -> AsyncThrowingStream<Data, any Error>? {
        let opened = OpenedEventStream()
        let response: ClientResponse
        do {
            var request = try makeRequest(for: endpoint)
            if request.head.headerFields[.accept] == nil { request.head.headerFields[.accept] = "text/event-stream" }
            if let lastEventID { request.head.headerFields[Self.lastEventIDField] = lastEventID }
            for modifier in modifiers { try await modifier.modify(&request) }
            response = try await pipeline(request) { [transport] request in
                try await Self.openStream(request, over: transport, keepingBodyIn: opened)
            }
        } catch let error as NetworkError {
            throw error
        } catch is CancellationError {
            throw .transport(.cancelled)
        } catch {
            throw .transport(.other(underlying: error))
        }
        guard response.isSuccessStatus else {
            throw .http(status: response.head.status, headers: response.head.headerFields, body: response.body)
        }
        if response.head.status == .noContent { return nil }
        if let body = opened.take(), NotAnEventStream.isEventStream(response.head) { return body }
        if let envelope = response.envelope, !envelope.isSuccess {
            throw .server(code: envelope.code, message: envelope.message, requestID: envelope.requestID)
        }
        throw .decoding(
            underlying: NotAnEventStream(contentType: response.head.headerFields[.contentType]),
            bodyExcerpt: NetworkError.excerpt(of: response.body)
        )
    }

    /// The `Last-Event-ID` request header.
    static let lastEventIDField = HTTPField.Name("Last-Event-ID")!

    /// One attempt at opening the stream, within the request's timeout: a 2xx event stream's body goes into
    /// `opened` and the middleware gets the head alone; any other answer is read whole (up to
    /// ``maxRefusalBytes``), so that the middleware and the error see its body and envelope.
    private static func openStream(
        _ request: ClientRequest,
        over transport: any Transport,
        keepingBodyIn opened: OpenedEventStream
    ) async throws -> ClientResponse {
        let (head, body) = try await attempt(request) { transportRequest in
            let streamed = try await transport.stream(transportRequest)
            let head = streamed.head
            if head.status.kind == .successful, head.status != .noContent, NotAnEventStream.isEventStream(head) {
                opened.keep(streamed.body)
                return (head, Data())
            }
            var body = Data()
            for try await piece in streamed.body {
                body.append(piece.prefix(maxRefusalBytes - body.count))
                if body.count == maxRefusalBytes { break }
            }
            return (head, body)
        }
        return response(head: head, body: body, to: request)
    }
}
