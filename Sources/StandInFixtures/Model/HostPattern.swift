/// A fixture's `request.host`: a host name (`api.example.com`) or every subdomain of one (`*.example.com`), matched
/// without case and without a port.
public struct HostPattern: Sendable, Hashable, CustomStringConvertible {
    /// The longest host name DNS carries, in characters.
    static let maxLength = 253
    /// The longest label (the part between dots) DNS carries, in characters.
    static let maxLabelLength = 63

    /// The host, lower-cased; for `*.example.com`, `example.com`.
    private let name: String
    /// Whether this is `*.name`: every subdomain of `name`, not `name` itself.
    private let isWildcard: Bool

    /// Nil (with the reason in `problem(_:)`) for text that is neither a host name nor `*.` and one.
    public init?(_ text: String) {
        guard Self.problem(text) == nil else { return nil }
        self.init(checked: text)
    }

    /// The pattern `text` spells; `problem(_:)` must have found nothing wrong with it.
    init(checked text: String) {
        let lowered = text.lowercased()
        isWildcard = lowered.hasPrefix("*.")
        name = isWildcard ? String(lowered.dropFirst(2)) : lowered
    }

    /// Why `text` is not a host pattern, or nil.
    public static func problem(_ text: String) -> String? {
        if text.isEmpty { return "it is empty" }
        if text.contains("://") { return "it has a scheme; write the host alone" }
        if text.contains(where: \.isWhitespace) { return "it has a space" }
        if text.contains("/") { return "it has a path; match the path with \"path\"" }
        if text.contains(":") { return "it has a port; a host is matched on every port" }
        let name = text.hasPrefix("*.") ? text.dropFirst(2) : Substring(text)
        if name.contains("*") { return "* may only start it, as in *.example.com" }
        if name.utf8.count > maxLength { return "it is longer than \(maxLength) characters" }
        for label in name.split(separator: ".", omittingEmptySubsequences: false) {
            if label.isEmpty { return "it has an empty label (two dots, or a dot at an end)" }
            if label.utf8.count > maxLabelLength {
                return "label \(String(label.prefix(20)).quoted)… is longer than \(maxLabelLength) characters"
            }
            if let wrong = label.first(where: { !isAllowed($0) }) {
                return "\(String(wrong).quoted) is not allowed in a host name"
            }
        }
        return nil
    }

    /// Whether a host name may hold `character`: an ASCII letter or digit, `-`, or `_` (which some real hosts use).
    private static func isAllowed(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "-" || character == "_")
    }

    /// Whether `host` (a name, any case; a `:port` suffix ignored) is this host, or for `*.example.com` one of its
    /// subdomains at any depth (not `example.com` itself). Allocates nothing: this runs for every proxied request a
    /// host-pinned fixture could answer.
    public func matches(_ host: String) -> Bool {
        let requested = Self.hostName(host).utf8
        let expected = name.utf8
        guard isWildcard else { return Self.equalIgnoringCase(requested, expected) }
        // A subdomain: at least one character, then a dot, then the name.
        guard requested.count > expected.count + 1 else { return false }
        let suffix = requested.suffix(expected.count)
        return requested[requested.index(before: suffix.startIndex)] == UInt8(ascii: ".")
            && Self.equalIgnoringCase(suffix, expected)
    }

    /// As written, lower-cased.
    public var description: String { isWildcard ? "*.\(name)" : name }

    /// `host` without its `:port` suffix.
    static func hostName(_ host: String) -> Substring {
        host.utf8.firstIndex(of: UInt8(ascii: ":")).map { host[..<$0] } ?? host[...]
    }

    /// Whether `requested` is `expected` (lower-case ASCII) in any case.
    private static func equalIgnoringCase(
        _ requested: some Collection<UInt8>,
        _ expected: some Collection<UInt8>
    ) -> Bool {
        requested.elementsEqual(expected) { byte, lower in
            (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte) == lower
        }
    }
}
