/// Keeps secrets off disk and out of logs: drops secret headers and replaces their values, and the values of named
/// JSON fields, with `<redacted>` wherever else they appear.
///
/// Secret headers are `Authorization`, `Cookie`, `Set-Cookie`, `Proxy-Authorization`, `X-Api-Key` and any added
/// by name. Their values are collected from one exchange (`secrets(in:)`) and then searched for in its bodies and
/// other headers: the whole value, a bearer or basic credential without its scheme, and each cookie's value.
public struct Redactor: Sendable {
    /// The header names that are always secret.
    public static let defaultHeaders = ["Authorization", "Cookie", "Set-Cookie", "Proxy-Authorization", "X-Api-Key"]
    /// The default secret headers and no JSON fields.
    public static let standard = Redactor()
    /// What a redacted value reads.
    public static let placeholder = "<redacted>"
    /// Secret values shorter than this are not searched for elsewhere (`a=1` would redact every `1`).
    static let shortestSearchedSecret = 4

    /// Lower-cased names of the secret headers.
    public let secretHeaders: Set<String>
    /// Names of JSON members whose values are replaced, at any depth.
    public let jsonFields: Set<String>

    /// Creates a redactor for the default secret headers plus `headers`, and the JSON members named `jsonFields`.
    public init(headers: [String] = [], jsonFields: [String] = []) {
        secretHeaders = Set((Self.defaultHeaders + headers).map { $0.lowercased() })
        self.jsonFields = Set(jsonFields)
    }

    /// Whether a header of this name is secret.
    public func isSecret(header name: String) -> Bool {
        secretHeaders.contains(name.lowercased())
    }

    /// The secret strings among `headers`, longest first, so that a value is replaced before any part of it.
    public func secrets(in headers: [(name: String, value: String)]) -> [String] {
        var found: Set<String> = []
        for header in headers where isSecret(header: header.name) {
            found.insert(header.value)
            let parts = header.value.split(separator: " ", maxSplits: 1)
            if parts.count == 2 { found.insert(String(parts[1])) }
            for cookie in header.value.split(separator: ";") {
                guard let equals = cookie.firstIndex(of: "=") else { continue }
                found.insert(String(cookie[cookie.index(after: equals)...]))
            }
        }
        return found.filter { $0.utf8.count >= Self.shortestSearchedSecret }.sorted {
            ($0.utf8.count, $0) > ($1.utf8.count, $1)
        }
    }

    /// `headers` without the secret ones, and with `secrets` replaced in the others' values.
    public func keptHeaders(
        _ headers: [(name: String, value: String)],
        secrets: [String]
    ) -> [(name: String, value: String)] {
        headers.filter { !isSecret(header: $0.name) }.map { ($0.name, Self.replace(secrets, in: $0.value)) }
    }

    /// `headers` with the values of the secret ones replaced, as the journal shows them.
    public func maskedHeaders(_ headers: [(name: String, value: String)]) -> [(name: String, value: String)] {
        headers.map { isSecret(header: $0.name) ? ($0.name, Self.placeholder) : $0 }
    }

    /// `text` with every occurrence of `secrets` replaced.
    public static func replace(_ secrets: [String], in text: String) -> String {
        secrets.reduce(text) { text, secret in text.contains(secret) ? text.replacing(secret, with: placeholder) : text
        }
    }

    /// `bytes` with every occurrence of `secrets` (as UTF-8) replaced.
    public static func replace(_ secrets: [String], in bytes: [UInt8]) -> [UInt8] {
        secrets.reduce(bytes) { bytes, secret in
            let pattern = Array(secret.utf8)
            return bytes.firstRange(of: pattern) == nil
                ? bytes : bytes.replacing(pattern, with: Array(placeholder.utf8))
        }
    }

    /// A body as logs keep it: `secrets` replaced, and when it is JSON and fields are redacted by name, those too
    /// (written compact).
    public func redactBody(_ bytes: [UInt8], secrets: [String]) -> [UInt8] {
        let replaced = Self.replace(secrets, in: bytes)
        guard !jsonFields.isEmpty, let json = try? JSONParser.parse(replaced) else { return replaced }
        return redact(json, secrets: []).compactBytes
    }

    /// `node` with the values of `jsonFields` members replaced, and `secrets` replaced inside every string.
    public func redact(_ node: JSONNode, secrets: [String]) -> JSONNode {
        switch node.value {
        case .string(let string):
            return JSONNode(.string(Self.replace(secrets, in: string)))
        case .array(let elements):
            return JSONNode(.array(elements.map { redact($0, secrets: secrets) }))
        case .object(let members):
            return JSONNode(
                .object(
                    members.map { member in
                        let value =
                            jsonFields.contains(member.key)
                            ? JSONNode(.string(Self.placeholder)) : redact(member.value, secrets: secrets)
                        return JSONNode.Member(key: Self.replace(secrets, in: member.key), value: value)
                    }
                )
            )
        default:
            return node
        }
    }
}
