import Foundation

/// What a response template is rendered from: the request, the path captures of the matched fixture and the
/// request id.
public struct RenderContext<Request: IncomingRequest> {
    /// The request and what has been parsed of it.
    public var facts: RequestFacts<Request>
    /// The path parameters the fixture captured (`{id}` → `42`).
    public let captures: [(name: String, value: String)]
    /// The request's id, as sent in `X-Request-ID`.
    public let requestId: String

    /// Creates a context.
    @inlinable
    public init(facts: RequestFacts<Request>, captures: [(name: String, value: String)], requestId: String) {
        self.facts = facts
        self.captures = captures
        self.requestId = requestId
    }

    /// The text a placeholder stands for; missing values render as the empty string.
    @inlinable
    public mutating func resolve(_ placeholder: Placeholder) -> String {
        switch placeholder {
        case .pathParameter(let name): captures.first { $0.name == name }?.value ?? ""
        case .queryParameter(let name): facts.queryValues(named: name).first ?? ""
        case .header(let name): facts.request.header(named: name) ?? ""
        case .body(let path) where path.isEmpty: facts.bodyText()
        case .body(let path): facts.bodyJSON()?.value(at: path)?.textValue ?? ""
        case .requestId: requestId
        case .uuid: UUID().uuidString.lowercased()
        case .now: UTCTimestamp.now()
        }
    }
}
