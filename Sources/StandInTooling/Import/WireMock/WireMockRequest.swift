import Foundation
import StandInFixtures

/// A WireMock stub's `request` as a StandIn fixture's `request`: the URL forms, method, query and header patterns and
/// the first body pattern. Secret headers and secret-named parameters are matched by presence only, and their values
/// are kept as secrets to redact elsewhere.
struct WireMockRequest {
    /// The request keys carried over; any other key is warned about.
    static let knownKeys: Set<String> = [
        "method", "url", "urlPath", "urlPattern", "urlPathPattern", "urlPathTemplate", "queryParameters", "headers",
        "bodyPatterns",
    ]

    /// The fixture's `request` object, before any group is added to a `pathRegex` for templates.
    let node: JSONNode
    /// The method, upper-case, or `ANY`.
    let method: String
    /// How the path is matched, for the response's templates.
    let path: WireMockPath.Form
    /// The path the file is named after (a literal path, a template or a pattern).
    let namePath: String
    /// Whether anything beyond a literal method and path is matched (the file name then carries a hash).
    let hasDetails: Bool
    /// Values found in secret headers and parameters.
    let secrets: [String]

    /// Reads `request`, adding a warning (naming `source`) for each part that is not carried over.
    init(_ request: JSONNode?, source: String, redactor: Redactor, warnings: inout [ImportWarning]) {
        func warn(_ field: String, _ reason: String) {
            warnings.append(ImportWarning(source: source, field: "request.\(field)", reason: reason))
        }
        var secrets: [String] = []
        method = request?["method"]?.stringValue?.uppercased() ?? "ANY"
        var members = [Self.member("method", .string(method))]
        var details: [JSONNode.Member] = []
        var query: [JSONNode.Member] = []
        var namePath = "/"
        var path = WireMockPath.Form.regex(".*")
        if let url = request?["url"]?.stringValue {
            let parts = url.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            namePath = String(parts[0])
            path = .literal(namePath)
            members.append(RecordedMatch.pathMember(namePath))
            for pair in QueryString.parse(parts.count > 1 ? parts[1] : "") {
                query.append(Self.member(pair.name, .string(pair.value)))
            }
        } else if let literal = request?["urlPath"]?.stringValue {
            namePath = literal
            path = .literal(literal)
            members.append(RecordedMatch.pathMember(literal))
        } else if let template = request?["urlPathTemplate"]?.stringValue {
            namePath = template
            path = .template(template)
            members.append(Self.member("path", .string(template)))
        } else if let pattern = request?["urlPathPattern"]?.stringValue ?? request?["urlPattern"]?.stringValue {
            var pathPattern = pattern
            if request?["urlPattern"] != nil, let pathPart = WireMockURLPattern.pathPart(of: pattern) {
                pathPattern = pathPart
                warn(
                    "urlPattern",
                    "StandIn matches the path alone, so the query part of \(pattern.quoted) is not matched."
                )
            }
            namePath = pathPattern
            path = .regex(pathPattern)
            members.append(Self.member("pathRegex", .string(pathPattern)))
        } else {
            members.append(Self.member("pathRegex", .string(".*")))
        }
        for pair in Self.patterns(request?["queryParameters"]) {
            if redactor.isSecret(name: pair.key) {
                secrets += Self.values(pair.value)
                query.append(Self.member(pair.key, .object([Self.member("present", .bool(true))])))
                continue
            }
            switch WireMockMatcher.field(pair.value) {
            case .success(let matcher): query.append(JSONNode.Member(key: pair.key, value: matcher))
            case .failure(let why):
                warn("queryParameters.\(pair.key)", "the pattern \(why.reason), so it is not matched.")
            }
        }
        if !query.isEmpty { details.append(Self.member("query", .object(query))) }
        var headers: [JSONNode.Member] = []
        for pair in Self.patterns(request?["headers"]) {
            if redactor.isSecret(header: pair.key) {
                secrets += Self.values(pair.value).flatMap { value in
                    [value] + value.split(separator: " ", maxSplits: 1).dropFirst().map(String.init)
                }
                let absent = pair.value["absent"]?.boolValue == true
                headers.append(Self.member(pair.key, .object([Self.member("present", .bool(!absent))])))
                continue
            }
            switch WireMockMatcher.field(pair.value) {
            case .success(let matcher): headers.append(JSONNode.Member(key: pair.key, value: matcher))
            case .failure(let why): warn("headers.\(pair.key)", "the pattern \(why.reason), so it is not matched.")
            }
        }
        if !headers.isEmpty { details.append(Self.member("headers", .object(headers))) }
        if let body = WireMockBodyPattern.matcher(
            request?["bodyPatterns"],
            redactor: redactor,
            warn: { field, reason in warn("bodyPatterns\(field)", reason) }
        ) {
            details.append(Self.member("body", .object([body])))
        }
        if case .object(let all) = request?.value {
            for member in all where !Self.knownKeys.contains(member.key) {
                warn(member.key, "StandIn has no equal for \(member.key.quoted), so it is not matched.")
            }
        }
        node = JSONNode(.object(members + details))
        self.path = path
        self.namePath = namePath
        hasDetails = !details.isEmpty
        self.secrets = secrets
    }

    /// The `request` object with the groups `path`'s templates read added to its `pathRegex`.
    func node(capturing path: WireMockPath) -> JSONNode {
        guard let regex = path.capturingRegex, case .object(var members) = node.value,
            let index = members.firstIndex(where: { $0.key == "pathRegex" })
        else { return node }
        members[index] = Self.member("pathRegex", .string(regex))
        return JSONNode(.object(members))
    }

    /// The `{name: pattern}` members of a `queryParameters` or `headers` object.
    private static func patterns(_ node: JSONNode?) -> [(key: String, value: JSONNode)] {
        guard case .object(let members) = node?.value else { return [] }
        return members.map { ($0.key, $0.value) }
    }

    /// The string values a pattern compares with (to redact them elsewhere).
    private static func values(_ pattern: JSONNode) -> [String] {
        guard case .object(let members) = pattern.value else { return [] }
        return members.compactMap(\.value.stringValue)
    }

    private static func member(_ key: String, _ value: JSONNode.Value) -> JSONNode.Member {
        RecordedMatch.member(key, value)
    }
}
