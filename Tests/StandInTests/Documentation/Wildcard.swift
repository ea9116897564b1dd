import Foundation

/// Text as the docs show it, where `…` stands for any run of characters (a request id, a time, the rest of a line).
struct Wildcard: Sendable {
    private let pieces: [Substring]

    init(_ pattern: String) {
        pieces = pattern.split(separator: "…", omittingEmptySubsequences: false)
    }

    /// Whether `text` is the pattern with each `…` replaced by some text.
    func matches(_ text: some StringProtocol) -> Bool {
        var rest = Substring(text)
        guard let first = pieces.first, let last = pieces.last, pieces.count > 1 else { return rest == pieces.first }
        guard rest.hasPrefix(first) else { return false }
        rest = rest.dropFirst(first.count)
        for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
            guard let range = rest.range(of: piece) else { return false }
            rest = rest[range.upperBound...]
        }
        return rest.hasSuffix(last)
    }
}
