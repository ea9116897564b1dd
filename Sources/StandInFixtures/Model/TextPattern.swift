/// A regular expression from a fixture, compiled once at load and shared by every loop thread.
///
/// `Regex` is not declared `Sendable`, but a value is immutable once built: its only mutable state is the lazily
/// lowered matching program, which the standard library publishes with an atomic compare-and-swap. `init` also
/// forces that lowering, so request threads only ever read it. That makes sharing one across threads safe.
///
/// Matching runs on an event loop and a backtracking engine cannot be interrupted, so its cost is bounded twice: a
/// pattern with a catastrophic shape (`RegexShape`) is refused at load, and text longer than the pattern's
/// `maxInputBytes` is never handed to the engine (it does not match).
///
/// Most patterns need no engine at all: a `SimplePattern` answers `matches` for ASCII text at a small fraction of the
/// cost, with the same result; other patterns and other text go to `Regex`.
public struct TextPattern: @unchecked Sendable, Equatable, CustomStringConvertible {
    /// The most matching steps a pattern's input bound allows for, at worst: its length to the power of the pattern's
    /// backtracking degree stays within this.
    public static let stepBudget = 1_000_000
    /// The longest text any pattern reads, in UTF-8 bytes.
    public static let inputCeiling = 64 * 1024

    /// The pattern as the fixture wrote it.
    public let source: String
    /// The longest text (in UTF-8 bytes) this pattern is matched against; longer text does not match. It is
    /// `inputCeiling`, or less for a pattern that can split text among several unbounded repeats: the
    /// `backtrackingDegree`-th root of `stepBudget` (1,000 bytes for `^/a/.*/b/.*`, 100 for three such repeats).
    public let maxInputBytes: Int
    private let regex: Regex<AnyRegexOutput>
    /// The fast matcher, when the pattern is in its subset.
    private let simple: SimplePattern?

    /// Compiles `source`; throws a message fit for a diagnostic if it is not a valid regular expression or has a
    /// shape that can backtrack for ever.
    public init(_ source: String) throws(FixtureError) {
        do {
            regex = try Regex(source)
        } catch {
            throw FixtureError("invalid regular expression \(source.quoted): \(error)")
        }
        if let reason = RegexShape.catastrophicReason(source) {
            throw FixtureError(
                "regular expression \(source.quoted) can take exponential time on a near miss: \(reason); "
                    + "write it so that no repeated part can match the same text in more than one way"
            )
        }
        self.source = source
        maxInputBytes = Self.inputBound(degree: RegexShape.backtrackingDegree(source))
        simple = SimplePattern(source)
        _ = try? regex.firstMatch(in: "")
    }

    /// The longest input whose length to the power `degree` stays within `stepBudget`, at most `inputCeiling`.
    private static func inputBound(degree: Int) -> Int {
        guard degree > 1 else { return inputCeiling }
        /// Whether `base` to the power `degree` stays within the budget (checked step by step, so it cannot overflow).
        func withinBudget(_ base: Int) -> Bool {
            var product = 1
            for _ in 0..<degree {
                product *= base
                if product > stepBudget { return false }
            }
            return true
        }
        var bound = 1
        while bound < inputCeiling, withinBudget(bound + 1) { bound += 1 }
        return bound
    }

    /// Whether `text` is short enough to be matched (see `maxInputBytes`).
    public func accepts(_ text: String) -> Bool {
        text.utf8.count <= maxInputBytes
    }

    /// Whether the pattern matches anywhere in `text`; text longer than `maxInputBytes` does not match.
    public func matches(_ text: String) -> Bool {
        guard accepts(text) else { return false }
        if let simple {
            var text = text
            let answer = text.withUTF8 { bytes in SimplePattern.readsAsBytes(bytes) ? simple.matches(bytes) : nil }
            if let answer { return answer }
        }
        return (try? regex.firstMatch(in: text)) != nil
    }

    /// Whether the pattern matches anywhere in the UTF-8 text `bytes`, as `matches(_:)` answers for it as a `String`.
    public func matches(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count <= maxInputBytes else { return false }
        if let simple, SimplePattern.readsAsBytes(bytes) { return simple.matches(bytes) }
        return matches(String(decoding: bytes, as: UTF8.self))
    }

    /// The named captures of a match of the whole of `text`, or nil when it does not match (as text longer than
    /// `maxInputBytes` does not).
    public func wholeMatchCaptures(_ text: String) -> [(name: String, value: String)]? {
        guard accepts(text), let match = try? regex.wholeMatch(in: text) else { return nil }
        return match.output.compactMap { capture in
            guard let name = capture.name, let value = capture.substring else { return nil }
            return (name, String(value))
        }
    }

    public var description: String { source }

    /// Whether two patterns are the same expression: the same source compiles to the same matcher.
    public static func == (lhs: TextPattern, rhs: TextPattern) -> Bool { lhs.source == rhs.source }
}
