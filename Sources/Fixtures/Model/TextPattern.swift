/// A regular expression from a fixture, compiled once at load and shared by every loop thread.
///
/// `Regex` is not declared `Sendable`, but a value is immutable once built: its only mutable state is the lazily
/// lowered matching program, which the standard library publishes with an atomic compare-and-swap. `init` also
/// forces that lowering, so request threads only ever read it. That makes sharing one across threads safe.
public struct TextPattern: @unchecked Sendable, CustomStringConvertible {
    /// The pattern as the fixture wrote it.
    public let source: String
    private let regex: Regex<AnyRegexOutput>

    /// Compiles `source`; throws a message fit for a diagnostic if it is not a valid regular expression.
    public init(_ source: String) throws(FixtureError) {
        do {
            regex = try Regex(source)
        } catch {
            throw FixtureError("invalid regular expression \(source.quoted): \(error)")
        }
        self.source = source
        _ = try? regex.firstMatch(in: "")
    }

    /// Whether the pattern matches anywhere in `text`.
    public func matches(_ text: String) -> Bool {
        (try? regex.firstMatch(in: text)) != nil
    }

    /// The named captures of a match of the whole of `text`, or nil when it does not match.
    public func wholeMatchCaptures(_ text: String) -> [(name: String, value: String)]? {
        guard let match = try? regex.wholeMatch(in: text) else { return nil }
        return match.output.compactMap { capture in
            guard let name = capture.name, let value = capture.substring else { return nil }
            return (name, String(value))
        }
    }

    public var description: String { source }
}
