/// The answer to `GET /__standin/health`.
public struct Health: Sendable, Decodable, Equatable {
    /// `ok`.
    public let status: String
    /// How many fixtures serve.
    public let fixtures: Int
}

/// One fixture as `GET /__standin/fixtures` lists it.
public struct FixtureInfo: Sendable, Decodable, Equatable {
    /// The file's path under the mocks directory, or `runtime/N` for an added fixture.
    public let id: String
    /// `GET /users/{id}`.
    public let endpoint: String
    /// `file` or `runtime`.
    public let source: String
    /// The variant names.
    public let variants: [String]
    /// The variant served when a request names none.
    public let selectedVariant: String?
    /// How many requests it answered.
    public let hits: Int
}

/// One request from the journal.
public struct RecordedRequest: Sendable, Decodable, CustomStringConvertible {
    /// A fixture that nearly answered an unmatched request, and what differed.
    public struct NearMiss: Sendable, Decodable {
        public let fixture: String
        public let endpoint: String
        public let differences: [String]
    }

    /// What became of an event stream the request was answered with.
    public struct Stream: Sendable, Decodable {
        /// How many events the server sent.
        public let eventsSent: Int
        /// Whether the client left before the stream ended.
        public let clientLeftFirst: Bool
    }

    /// Numbered from 1 in the order requests finished.
    public let id: Int
    /// When it arrived, ISO 8601.
    public let time: String
    public let method: String
    public let path: String
    /// The raw query, without `?`.
    public let query: String?
    /// Header name → value (secrets read `<redacted>`).
    public let headers: [String: String]
    /// The body as text; nil when it is not UTF-8 (then `bodyBase64` has it).
    public let body: String?
    public let bodyBase64: String?
    /// Whether the body was longer than the 64 KB kept.
    public let bodyTruncated: Bool
    /// The fixture that answered; nil when none did.
    public let fixture: String?
    public let variant: String?
    public let status: Int
    public let durationMs: Double
    /// For an unmatched request: the nearest fixtures.
    public let nearMisses: [NearMiss]?
    /// For a request answered with an event stream: the events sent and whether the client left first.
    public let stream: Stream?
    /// For a WebSocket, its messages both ways and how it ended; nil for any other request.
    public let websocket: WebSocketTranscript?

    /// The value of a header, `name` case-insensitive.
    public func header(_ name: String) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }

    /// The request and the fixture that came nearest to answering it, with what differed:
    /// `GET /users/x; nearest: users/get.json (GET /users/{id}): path parameter id "x" is not a number`.
    public var unmatchedDescription: String {
        guard let miss = nearMisses?.first else { return description }
        return
            "\(description); nearest: \(miss.fixture) (\(miss.endpoint)): \(miss.differences.joined(separator: "; "))"
    }

    /// `POST /orders with body {"product_id":"BOOK-42"}`.
    public var description: String {
        var text = "\(method) \(path)"
        if let query { text += "?\(query)" }
        if let body, !body.isEmpty { text += " with body \(RequestFilter.abbreviated(body))" }
        return text
    }
}
