import Foundation
import Logging

/// Logs every call that passes through it (method, URL, status or error, duration) to a pluggable sink.
///
/// Secrets never reach the sink: the values of `Authorization`, `Proxy-Authorization`, `Cookie`, `Set-Cookie` and
/// `X-Api-Key` (or the names given) are replaced by `<redacted>` in the logged header fields.
public struct LoggingMiddleware: Middleware {
    /// One logged call.
    public struct Entry: Sendable {
        /// The request's method.
        public var method: HTTPRequest.Method
        /// The request's URL, as text.
        public var url: String
        /// The request's header fields, redacted.
        public var requestHeaders: HTTPFields
        /// The response's status, when there was a response.
        public var status: HTTPResponse.Status?
        /// The response's header fields, redacted; empty when there was no response.
        public var responseHeaders: HTTPFields
        /// The error, when the call threw.
        public var error: (any Error)?
        /// How long the call took.
        public var duration: Duration

        /// One line for a log: `GET http://127.0.0.1:8080/users/1 -> 200 OK (12.3 ms)`.
        public var line: String {
            let outcome: String
            if let status {
                outcome = status.reasonPhrase.isEmpty ? "\(status.code)" : "\(status.code) \(status.reasonPhrase)"
            } else {
                outcome = "failed: \(error.map(\.localizedDescription) ?? "no response")"
            }
            let milliseconds = (duration.timeInterval * 10_000).rounded() / 10
            return "\(method.rawValue) \(url) -> \(outcome) (\(milliseconds) ms)"
        }
    }

    /// The header fields whose values are redacted by default.
    public static let defaultRedactedFields: Set<HTTPField.Name> = [
        .authorization, .proxyAuthorization, .cookie, .setCookie, HTTPField.Name("X-Api-Key")!,
    ]

    private let redacted: Set<HTTPField.Name>
    private let sink: @Sendable (Entry) -> Void

    /// Creates a middleware that hands each entry to `sink`.
    public init(
        redacting redacted: Set<HTTPField.Name> = defaultRedactedFields,
        sink: @escaping @Sendable (Entry) -> Void
    ) {
        self.redacted = redacted
        self.sink = sink
    }

    /// Creates a middleware that logs each entry's line to `logger`, with the status and duration as metadata.
    public init(
        logger: Logger,
        level: Logger.Level = .info,
        redacting redacted: Set<HTTPField.Name> = defaultRedactedFields
    ) {
        self.init(redacting: redacted) { entry in
            var metadata: Logger.Metadata = ["duration_ms": "\(entry.duration.timeInterval * 1000)"]
            if let status = entry.status { metadata["status"] = "\(status.code)" }
            logger.log(level: entry.error == nil ? level : .error, "\(entry.line)", metadata: metadata)
        }
    }

    /// Times the call and logs it, whether it returned or threw.
    public func intercept(
        _ request: ClientRequest,
        next: @Sendable (ClientRequest) async throws -> ClientResponse
    ) async throws -> ClientResponse {
        let clock = ContinuousClock()
        let start = clock.now
        var entry = Entry(
            method: request.head.method,
            url: request.url?.absoluteString ?? request.head.path ?? "",
            requestHeaders: redact(request.head.headerFields),
            status: nil,
            responseHeaders: [:],
            error: nil,
            duration: .zero
        )
        do {
            let response = try await next(request)
            entry.status = response.head.status
            entry.responseHeaders = redact(response.head.headerFields)
            entry.duration = clock.now - start
            sink(entry)
            return response
        } catch {
            entry.error = error
            entry.duration = clock.now - start
            sink(entry)
            throw error
        }
    }

    private func redact(_ fields: HTTPFields) -> HTTPFields {
        var result = HTTPFields()
        for field in fields {
            result.append(redacted.contains(field.name) ? HTTPField(name: field.name, value: "<redacted>") : field)
        }
        return result
    }
}
