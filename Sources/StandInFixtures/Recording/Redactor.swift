/// Keeps secrets off disk and out of logs, by default: drops secret headers, replaces the values of secret-named
/// JSON fields and query or form parameters, and replaces every secret value with `<redacted>` wherever else it
/// appears.
///
/// Secret headers are `Authorization`, `Cookie`, `Set-Cookie`, `Proxy-Authorization`, `X-Api-Key` and any added
/// by name. Secret names (of JSON members, query and form parameters) are compared case-insensitively:
/// ``defaultNames``, any name ending in `_token` or `_secret`, and any added. Their values are collected from an
/// exchange (`secrets(in:)`) and then searched for in its bodies and other headers: the whole value, a bearer or
/// basic credential without its scheme, and each cookie's value.
public struct Redactor: Sendable {
    /// The header names that are always secret.
    public static let defaultHeaders = ["Authorization", "Cookie", "Set-Cookie", "Proxy-Authorization", "X-Api-Key"]
    /// The JSON member and parameter names that are always secret (lower-case).
    public static let defaultNames: Set<String> = [
        "password", "passwd", "secret", "token", "access_token", "refresh_token", "id_token", "api_key", "apikey",
        "client_secret", "session", "otp",
    ]
    /// Name endings that make a JSON member or parameter secret (lower-case).
    public static let secretNameSuffixes = ["_token", "_secret"]
    /// The default secret headers and names.
    public static let standard = Redactor()
    /// A redactor that keeps everything (`--keep-secrets`).
    public static let keepingSecrets = Redactor(keepsSecrets: true)
    /// What a redacted value reads.
    public static let placeholder = "<redacted>"
    /// Secret values shorter than this are not searched for elsewhere (`a=1` would redact every `1`).
    static let shortestSearchedSecret = 4

    /// Whether nothing is redacted at all (`--keep-secrets`).
    public let keepsSecrets: Bool
    /// Lower-cased names of the secret headers.
    public let secretHeaders: Set<String>
    /// Lower-cased names of JSON members and query or form parameters that are secret besides the default ones.
    public let jsonFields: Set<String>

    /// Creates a redactor for the default secret headers plus `headers`, and the default secret names plus
    /// `jsonFields`; with `keepsSecrets`, one that redacts nothing.
    public init(headers: [String] = [], jsonFields: [String] = [], keepsSecrets: Bool = false) {
        self.keepsSecrets = keepsSecrets
        secretHeaders = Set((Self.defaultHeaders + headers).map { $0.lowercased() })
        self.jsonFields = Set(jsonFields.map { $0.lowercased() })
    }

    /// Whether a header of this name is secret.
    public func isSecret(header name: String) -> Bool {
        !keepsSecrets && secretHeaders.contains(name.lowercased())
    }

    /// Whether a JSON member or a query or form parameter of this name is secret.
    public func isSecret(name: String) -> Bool {
        guard !keepsSecrets else { return false }
        let lowered = name.lowercased()
        return Self.defaultNames.contains(lowered) || jsonFields.contains(lowered)
            || Self.secretNameSuffixes.contains { lowered.hasSuffix($0) }
    }

    /// The secret strings among `headers`, longest first, so that a value is replaced before any part of it.
    public func secrets(in headers: [(name: String, value: String)]) -> [String] {
        var found: Set<String> = []
        for header in headers where isSecret(header: header.name) {
            found.insert(header.value)
            let parts = header.value.split(separator: " ", maxSplits: 1)
            if parts.count == 2 { found.insert(String(parts[1])) }
            // A Set-Cookie's attributes (Path, Expires) after the first pair are not secret.
            let cookies = header.value.split(separator: ";")
            for cookie in header.name.lowercased() == "set-cookie" ? Array(cookies.prefix(1)) : cookies {
                guard let equals = cookie.firstIndex(of: "=") else { continue }
                found.insert(String(cookie[cookie.index(after: equals)...]))
            }
        }
        return Self.searchable(found)
    }

    /// `values` that are long enough to search for, longest first.
    package static func searchable(_ values: some Sequence<String>) -> [String] {
        Set(values).filter { $0.utf8.count >= shortestSearchedSecret }.sorted {
            ($0.utf8.count, $0) > ($1.utf8.count, $1)
        }
    }

    /// `headers` without the secret ones, and with `secrets` replaced in the others' values.
    public func keptHeaders(
        _ headers: [(name: String, value: String)],
        secrets: [String]
    ) -> [(name: String, value: String)] {
        keptHeaders(headers, secrets: SecretIndex(secrets))
    }

    func keptHeaders(
        _ headers: [(name: String, value: String)],
        secrets: SecretIndex
    ) -> [(name: String, value: String)] {
        headers.filter { !isSecret(header: $0.name) }.map { ($0.name, Self.replace(secrets, in: $0.value)) }
    }

    /// `headers` with the values of the secret ones replaced, as the journal shows them.
    public func maskedHeaders(_ headers: [(name: String, value: String)]) -> [(name: String, value: String)] {
        headers.map { isSecret(header: $0.name) ? ($0.name, Self.placeholder) : $0 }
    }

    /// `text` with every occurrence of `secrets` replaced (the longest one where several start at one place).
    public static func replace(_ secrets: [String], in text: String) -> String {
        replace(SecretIndex(secrets), in: text)
    }

    /// `bytes` with every occurrence of `secrets` (as UTF-8) replaced.
    public static func replace(_ secrets: [String], in bytes: [UInt8]) -> [UInt8] {
        replace(SecretIndex(secrets), in: bytes)
    }

    static func replace(_ secrets: SecretIndex, in bytes: [UInt8]) -> [UInt8] {
        secrets.replacing(in: bytes, with: Array(placeholder.utf8)) ?? bytes
    }

    static func replace(_ secrets: SecretIndex, in text: String) -> String {
        guard let replaced = secrets.replacing(in: text.utf8, with: Array(placeholder.utf8)) else { return text }
        return String(decoding: replaced, as: UTF8.self)
    }

    /// A body as logs keep it: `secrets` replaced, and when it is JSON, secret-named members too (written compact).
    public func redactBody(_ bytes: [UInt8], secrets: [String]) -> [UInt8] {
        let replaced = Self.replace(secrets, in: bytes)
        guard !keepsSecrets, let json = try? JSONParser.parse(replaced), json.isContainer else { return replaced }
        let redacted = redact(json, secrets: [])
        return redacted.compactBytes == json.compactBytes ? replaced : redacted.compactBytes
    }

    /// `node` with the values of secret-named members replaced (unless `null` or a boolean, which tell nothing), and
    /// `secrets` replaced inside every string.
    public func redact(_ node: JSONNode, secrets: [String]) -> JSONNode {
        redact(node, secrets: SecretIndex(secrets))
    }

    func redact(_ node: JSONNode, secrets index: SecretIndex) -> JSONNode {
        switch node.value {
        case .string(let string):
            return JSONNode(.string(Self.replace(index, in: string)))
        case .array(let elements):
            return JSONNode(.array(elements.map { redact($0, secrets: index) }))
        case .object(let members):
            return JSONNode(
                .object(
                    members.map { member in
                        let value =
                            isSecret(name: member.key) && member.value.holdsValue
                            ? JSONNode(.string(Self.placeholder)) : redact(member.value, secrets: index)
                        return JSONNode.Member(key: Self.replace(index, in: member.key), value: value)
                    }
                )
            )
        default:
            return node
        }
    }

}

extension JSONNode {
    /// Whether this is a value a secret could be: anything but `null` and a boolean.
    var holdsValue: Bool {
        switch value {
        case .null, .bool: false
        default: true
        }
    }
}
