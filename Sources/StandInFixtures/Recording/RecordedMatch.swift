import Foundation

/// The `request` part of a recorded fixture: method, path, query (minus ignored and secret parameters), the JSON body
/// (minus ignored and secret fields) or other body (exactly when short text, else by SHA-256; not at all when it
/// holds a secret), and the match headers.
///
/// Secrets are left out rather than replaced, so that the same request, secrets and all, still matches on replay.
package struct RecordedMatch {
    /// Text bodies up to this size match with `equals`; longer or binary ones by digest.
    static let longestExactBody = 4096

    /// The `request` object.
    let node: JSONNode
    /// Whether anything beyond method and path is matched (the file name then carries a hash).
    let hasDetails: Bool

    init(_ exchange: RecordedExchange, rules: RecordingRules, secrets: SecretIndex) {
        var members = Self.hostMember(exchange.host)
        members += [Self.member("method", .string(exchange.method)), Self.pathMember(exchange.path)]
        var details: [JSONNode.Member] = []
        let query = Self.query(exchange.rawQuery, rules: rules, secrets: secrets)
        if !query.isEmpty { details.append(Self.member("query", .object(query))) }
        let headers = Self.headers(exchange, rules: rules)
        if !headers.isEmpty { details.append(Self.member("headers", .object(headers))) }
        let contentType = exchange.requestHeader(named: "Content-Type")
        if let body = Self.body(exchange.requestBody, contentType: contentType, rules: rules, secrets: secrets) {
            details.append(Self.member("body", .object([body])))
        }
        members += details
        node = JSONNode(.object(members))
        hasDetails = !details.isEmpty
    }

    /// `host`, for an exchange recorded through the proxy; none otherwise.
    static func hostMember(_ host: String?) -> [JSONNode.Member] {
        host.map { [member("host", .string($0))] } ?? []
    }

    /// A literal path, or for a path with braces (which `path` would read as a template) an anchored `pathRegex`.
    package static func pathMember(_ path: String) -> JSONNode.Member {
        guard path.contains("{") || path.contains("}") else { return member("path", .string(path)) }
        return member("pathRegex", .string(NSRegularExpression.escapedPattern(for: path)))
    }

    /// The first value of each query parameter that is neither ignored (by the rules, or among `skipped`), secret by
    /// name, nor holding a secret.
    static func query(
        _ raw: String?,
        rules: RecordingRules,
        secrets: SecretIndex,
        skipping skipped: Set<String> = []
    ) -> [JSONNode.Member] {
        var seen: Set<String> = []
        return QueryString.parse(Substring(raw ?? "")).compactMap { pair in
            guard !rules.ignoredQuery.contains(pair.name), !skipped.contains(pair.name),
                !rules.redactor.isSecret(name: pair.name),
                !secrets.occurs(in: pair.value.utf8), seen.insert(pair.name).inserted
            else { return nil }
            return member(pair.name, .string(pair.value))
        }
    }

    /// Each match header's value; a secret one only as present or absent, a missing one as absent.
    static func headers(_ exchange: RecordedExchange, rules: RecordingRules) -> [JSONNode.Member] {
        rules.matchHeaders.map { name in
            let value = exchange.requestHeader(named: name)
            if let value, !rules.redactor.isSecret(header: name) { return member(name, .string(value)) }
            return member(name, .object([member("present", .bool(value != nil))]))
        }
    }

    /// The body matcher: `equalsJSON`, or `json` (a subset) when fields were left out; `equals` for short text;
    /// `sha256` for anything else; none for a body that is not JSON and holds a secret (even its digest would let a
    /// short one be guessed).
    private static func body(
        _ bytes: [UInt8],
        contentType: String?,
        rules: RecordingRules,
        secrets: SecretIndex
    ) -> JSONNode.Member? {
        guard !bytes.isEmpty else { return nil }
        if let json = try? JSONParser.parse(bytes), json.isContainer {
            var node = json
            var removed = false
            for path in rules.ignoredBodyFields {
                let result = node.removing(path: path)
                node = result.node
                removed = removed || result.removed
            }
            let pruned = prune(node, redactor: rules.redactor, secrets: secrets)
            return member(removed || pruned.removed ? "json" : "equalsJSON", pruned.node.value)
        }
        guard Redactor.replace(secrets, in: bytes) == bytes,
            rules.redactor.secretValues(inBody: bytes, contentType: contentType).isEmpty
        else { return nil }
        if bytes.count <= longestExactBody, let text = String(bytes: bytes, encoding: .utf8) {
            return member("equals", .string(text))
        }
        return member("sha256", .string(SHA256.hex(bytes)))
    }

    /// `node` without members that are secret by name or hold a secret: a match cannot name them, and a subset match
    /// still recognises the request without them.
    package static func prune(
        _ node: JSONNode,
        redactor: Redactor,
        secrets: SecretIndex
    ) -> (node: JSONNode, removed: Bool) {
        switch node.value {
        case .object(let members):
            var removed = false
            var kept: [JSONNode.Member] = []
            for member in members {
                if redactor.isSecret(name: member.key) || holdsSecret(member.value, secrets) {
                    removed = true
                    continue
                }
                let inner = prune(member.value, redactor: redactor, secrets: secrets)
                removed = removed || inner.removed
                kept.append(JSONNode.Member(key: member.key, value: inner.node))
            }
            return (JSONNode(.object(kept)), removed)
        case .array(let elements):
            let pruned = elements.map { prune($0, redactor: redactor, secrets: secrets) }
            return (JSONNode(.array(pruned.map(\.node))), pruned.contains { $0.removed })
        default:
            return (node, false)
        }
    }

    private static func holdsSecret(_ node: JSONNode, _ secrets: SecretIndex) -> Bool {
        guard let string = node.stringValue else { return false }
        return secrets.occurs(in: string.utf8)
    }

    /// A member of a fixture written in code, with no line of its own.
    package static func member(_ key: String, _ value: JSONNode.Value) -> JSONNode.Member {
        JSONNode.Member(key: key, value: JSONNode(value))
    }
}

extension JSONNode {
    /// Whether this is an object or an array.
    var isContainer: Bool {
        switch value {
        case .object, .array: true
        default: false
        }
    }
}
