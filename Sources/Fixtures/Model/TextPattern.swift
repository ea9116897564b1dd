/// A regular expression from a fixture, compiled once at load and shared by every loop thread.
///
/// `Regex` is not declared `Sendable`, but a value is immutable once built: its only mutable state is the lazily
/// lowered matching program, which the standard library publishes with an atomic compare-and-swap. `init` also
/// forces that lowering, so request threads only ever read it. That makes sharing one across threads safe.
///
/// Matching runs on an event loop and a backtracking engine cannot be interrupted, so its cost is bounded twice: a
/// pattern with a catastrophic shape (`RegexShape`) is refused at load, and text longer than `maxInputBytes` is never
/// handed to the engine (it does not match).
public struct TextPattern: @unchecked Sendable, CustomStringConvertible {
    /// The longest text (in UTF-8 bytes) a pattern is matched against; longer text does not match.
    public static let maxInputBytes = 2048

    /// The pattern as the fixture wrote it.
    public let source: String
    private let regex: Regex<AnyRegexOutput>

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
        _ = try? regex.firstMatch(in: "")
    }

    /// Whether `text` is short enough to be matched (see `maxInputBytes`).
    public static func accepts(_ text: String) -> Bool {
        text.utf8.count <= maxInputBytes
    }

    /// Whether the pattern matches anywhere in `text`; text longer than `maxInputBytes` does not match.
    public func matches(_ text: String) -> Bool {
        Self.accepts(text) && (try? regex.firstMatch(in: text)) != nil
    }

    /// The named captures of a match of the whole of `text`, or nil when it does not match (as text longer than
    /// `maxInputBytes` does not).
    public func wholeMatchCaptures(_ text: String) -> [(name: String, value: String)]? {
        guard Self.accepts(text), let match = try? regex.wholeMatch(in: text) else { return nil }
        return match.output.compactMap { capture in
            guard let name = capture.name, let value = capture.substring else { return nil }
            return (name, String(value))
        }
    }

    public var description: String { source }
}
