import Foundation

/// A 2xx answer to ``APIClient/events(for:reconnection:)`` that is not `text/event-stream`: the endpoint, or the
/// server's route for it, does not stream events. It arrives as ``NetworkError/decoding(underlying:bodyExcerpt:)``.
public struct NotAnEventStream: Error, Sendable, CustomStringConvertible {
    /// The answer's `Content-Type`, if it had one.
    public let contentType: String?

    /// The error for an answer of `contentType`.
    public init(contentType: String?) {
        self.contentType = contentType
    }

    public var description: String {
        let got = contentType.map { "Content-Type \($0)" } ?? "no Content-Type"
        return "expected a stream of server-sent events (Content-Type text/event-stream) but the answer has \(got); "
            + "check that the endpoint streams events"
    }

    /// Whether a head's `Content-Type` is `text/event-stream` (any parameters, any case).
    static func isEventStream(_ head: HTTPResponse) -> Bool {
        guard let type = head.headerFields[.contentType]?.split(separator: ";").first else { return false }
        return type.trimmingCharacters(in: .whitespaces).lowercased() == "text/event-stream"
    }
}
