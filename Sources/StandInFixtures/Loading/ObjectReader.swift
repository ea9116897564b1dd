import Foundation

/// Typed, line-aware access to a JSON object in a fixture file: every error names the line of the key at fault.
struct ObjectReader {
    let node: JSONNode
    let members: [JSONNode.Member]
    /// What the object is, for messages: `"request"`, `"response.headers"`.
    let context: String
    /// Whether this is a file's top-level object, whose members are named without a prefix (`request`, not
    /// `fixture.request`).
    private let isDocument: Bool

    init(_ node: JSONNode, context: String, isDocument: Bool = false) throws(FixtureError) {
        guard case .object(let members) = node.value else {
            throw FixtureError("\(context) must be an object, not \(node.typeName)", line: node.line)
        }
        self.node = node
        self.members = members
        self.context = context
        self.isDocument = isDocument
    }

    /// Rejects keys outside `allowed` (typos), and keys given twice: the first such key.
    func requireKnownKeys(_ allowed: [String]) throws(FixtureError) {
        if let first = keyErrors(allowed).first { throw first }
    }

    /// Adds a problem for each key outside `allowed` and each key given twice.
    func checkKnownKeys(_ allowed: [String], into problems: ProblemList) {
        for error in keyErrors(allowed) { problems.add(error) }
    }

    /// A problem for each key outside `allowed` (suggesting the nearest allowed key for a typo) and each key given
    /// twice.
    private func keyErrors(_ allowed: [String]) -> [FixtureError] {
        var seen: Set<String> = []
        var errors: [FixtureError] = []
        for member in members {
            if !seen.insert(member.key).inserted {
                errors.append(FixtureError("\(context) has \(member.key.quoted) twice", line: member.keyLine))
            } else if !allowed.contains(member.key) {
                var reason = "unknown key \(member.key.quoted) in \(context)"
                if let suggestion = Spelling.nearest(to: member.key, among: allowed) {
                    reason += "; did you mean \(suggestion.quoted)?"
                } else {
                    reason += "; expected one of \(allowed.map(\.quoted).joined(separator: ", "))"
                }
                errors.append(FixtureError(reason, line: member.keyLine))
            }
        }
        return errors
    }

    func member(_ key: String) -> JSONNode.Member? { node.member(key) }

    /// Whether another key of the object looks like a typo of `key` (already reported as an unknown key).
    func hasTypo(of key: String) -> Bool {
        members.contains { $0.key != key && Spelling.nearest(to: $0.key, among: [key]) != nil }
    }

    func string(_ key: String) throws(FixtureError) -> (value: String, line: Int)? {
        guard let member = member(key) else { return nil }
        guard let value = member.value.stringValue else { throw typeError(member, expected: "a string") }
        return (value, member.keyLine)
    }

    /// A string, or nil for `null` (`value`); nil when the key is absent.
    func stringOrNull(_ key: String) throws(FixtureError) -> (value: String?, line: Int)? {
        guard let member = member(key) else { return nil }
        if case .null = member.value.value { return (nil, member.keyLine) }
        guard let value = member.value.stringValue else { throw typeError(member, expected: "a string or null") }
        return (value, member.keyLine)
    }

    func int(_ key: String, in range: ClosedRange<Int>? = nil) throws(FixtureError) -> Int? {
        guard let member = member(key) else { return nil }
        guard let value = member.value.intValue else { throw typeError(member, expected: "an integer") }
        if let range, !range.contains(value) {
            throw FixtureError("\(name(of: member.key)) must be within \(range), not \(value)", line: member.keyLine)
        }
        return value
    }

    func bool(_ key: String) throws(FixtureError) -> Bool? {
        guard let member = member(key) else { return nil }
        guard let value = member.value.boolValue else { throw typeError(member, expected: "true or false") }
        return value
    }

    /// A duration member (`"40ms"`, `"3s"`), read with `DurationText`.
    func duration(_ key: String) throws(FixtureError) -> Duration? {
        guard let member = member(key) else { return nil }
        guard let text = member.value.stringValue else {
            throw FixtureError("\(name(of: key)) must be a duration like \"40ms\"", line: member.keyLine)
        }
        do {
            return try DurationText.parse(text)
        } catch {
            throw FixtureError("\(name(of: key)): \(error.reason)", line: member.keyLine)
        }
    }

    /// The bytes a base64 string member spells.
    func base64(_ key: String) throws(FixtureError) -> [UInt8]? {
        guard let (text, line) = try string(key) else { return nil }
        guard let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else {
            throw FixtureError("\(name(of: key)) is not valid base64", line: line)
        }
        return Array(data)
    }

    func object(_ key: String) throws(FixtureError) -> ObjectReader? {
        try member(key).map { member throws(FixtureError) in
            try ObjectReader(member.value, context: name(of: member.key))
        }
    }

    /// How messages name a member: `response.status`, or `request` at the top.
    func name(of key: String) -> String {
        isDocument ? key : "\(context).\(key)"
    }

    private func typeError(_ member: JSONNode.Member, expected: String) -> FixtureError {
        FixtureError("\(name(of: member.key)) must be \(expected), not \(member.value.typeName)", line: member.keyLine)
    }
}
