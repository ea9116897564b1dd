import Foundation

extension NetworkError: LocalizedError {
    /// A sentence a person can act on: what failed, with the status, code, request id or decoding path.
    public var errorDescription: String? {
        switch self {
        case .transport(let error):
            return error.errorDescription
        case .http(let status, _, let body):
            let excerpt = Self.excerpt(of: body)
            let detail = excerpt.isEmpty ? "" : ": \(excerpt.prefix(200))"
            let reason = status.reasonPhrase.isEmpty ? "" : " \(status.reasonPhrase)"
            return "The server answered HTTP \(status.code)\(reason)\(detail)"
        case .server(let code, let message, let requestID):
            let request = requestID.map { " (request \($0))" } ?? ""
            return "The server reported error \(code): \(message)\(request)"
        case .graphQL(let errors, let data):
            let more = errors.count > 1 ? " (and \(errors.count - 1) more)" : ""
            let partial = data == nil ? "" : "; partial data came with it"
            let first = errors.first.map(String.init(describing:)) ?? "no message"
            return "The GraphQL server reported an error: \(first)\(more)\(partial)"
        case .decoding(let underlying, let excerpt):
            let body = excerpt.isEmpty ? "the body is empty" : "the body starts with \(excerpt.prefix(200))"
            return "The response could not be decoded: \(Self.summary(of: underlying)); \(body)"
        case .invalidRequest(let reason):
            return "The request could not be built: \(reason)"
        }
    }

    /// A one-line account of a decoding error: what was wrong and where (`data.user.id`).
    static func summary(of error: any Error) -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.isEmpty
                ? "the top level"
                : codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
                    .joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "missing key \"\(key.stringValue)\" at \(path(context.codingPath))"
        case .typeMismatch(let type, let context):
            return "expected \(type) at \(path(context.codingPath))"
        case .valueNotFound(let type, let context):
            return "expected \(type) but found null at \(path(context.codingPath))"
        case .dataCorrupted(let context):
            return "\(context.debugDescription) at \(path(context.codingPath))"
        @unknown default:
            return String(describing: error)
        }
    }
}
