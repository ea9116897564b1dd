/// A stub's request path as its response templates see it: WireMock's `request.path` and its segments
/// (`request.path.[1]`, `request.pathSegments.[1]`) become the text of a literal path, a `{{path.NAME}}` of a path
/// template, or a named group that the importer adds to a `pathRegex`.
struct WireMockPath {
    /// How the stub matches the path.
    enum Form {
        /// `url` or `urlPath`: the path is known.
        case literal(String)
        /// `urlPathTemplate`: `{name}` segments capture.
        case template(String)
        /// `urlPathPattern`, `urlPattern`, or no URL at all (`.*`): a regular expression.
        case regex(String)
    }

    /// The longest path segment a group added to a regex captures, in bytes.
    static let longestSegment = 1024
    /// The longest path the group for the whole path captures, in bytes.
    static let longestPath = 8192
    /// The group the whole path is captured in.
    static let wholePathGroup = "wiremockPath"

    let form: Form
    /// The segments templates read from a regex path, by index.
    private(set) var capturedSegments: Set<Int> = []
    /// Whether a template reads the whole path of a regex path.
    private(set) var capturesWholePath = false

    init(form: Form) {
        self.form = form
    }

    /// The template (or text) for segment `index`, counted from 0 after the leading `/` as WireMock counts.
    mutating func segment(_ index: Int) -> WireMockHelpers.Outcome {
        switch form {
        case .literal(let path):
            let segments = Self.segments(of: path)
            return .text(index < segments.count ? segments[index] : "")
        case .template(let path):
            let segments = Self.segments(of: path)
            guard index < segments.count else { return .text("") }
            return Self.parameter(in: segments[index]).map { .template("{{path.\($0)}}") } ?? .text(segments[index])
        case .regex:
            capturedSegments.insert(index)
            return .template("{{path.\(Self.group(index))}}")
        }
    }

    /// The template (or text) for the whole path.
    mutating func wholePath() -> WireMockHelpers.Outcome {
        switch form {
        case .literal(let path):
            return .text(path)
        case .template(let path):
            var parts: [StandInTemplateText.Part] = []
            for segment in Self.segments(of: path) {
                parts.append(.text("/"))
                parts.append(Self.parameter(in: segment).map { .template("{{path.\($0)}}") } ?? .text(segment))
            }
            return .parts(parts)
        case .regex:
            capturesWholePath = true
            return .template("{{path.\(Self.wholePathGroup)}}")
        }
    }

    /// This path with the segments `other` reads too: the steps of one sequence share one request.
    func merged(with other: WireMockPath) -> WireMockPath {
        var merged = self
        merged.capturedSegments.formUnion(other.capturedSegments)
        merged.capturesWholePath = merged.capturesWholePath || other.capturesWholePath
        return merged
    }

    /// The template for the `{name}` segment of a path template (`request.path.contactId`), or nil.
    func parameter(named name: String) -> WireMockHelpers.Outcome? {
        guard case .template(let path) = form,
            Self.segments(of: path).contains(where: { Self.parameter(in: $0) == name })
        else { return nil }
        return .template("{{path.\(name)}}")
    }

    /// The `pathRegex` with the groups templates read added in front as lookaheads, which match wherever the
    /// pattern does and capture segment N as `segmentN` (nothing when the path has fewer segments); nil when no
    /// template reads a regex path.
    var capturingRegex: String? {
        guard case .regex(let pattern) = form, !capturedSegments.isEmpty || capturesWholePath else { return nil }
        let any = "[^/]{0,\(Self.longestSegment)}"
        var lookaheads = capturedSegments.sorted().map { index in
            String(repeating: "/" + any, count: index) + "/(?<\(Self.group(index))>\(any))"
        }.map { "(?=(?:\($0))?)" }
        if capturesWholePath {
            lookaheads.append("(?=(?<\(Self.wholePathGroup)>[^?]{0,\(Self.longestPath)}))")
        }
        return lookaheads.joined() + "(?:" + pattern + ")"
    }

    /// The group a regex path captures segment `index` in.
    static func group(_ index: Int) -> String {
        "wiremockSegment\(index)"
    }

    private static func segments(of path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
    }

    /// `name` for a `{name}` segment.
    private static func parameter(in segment: String) -> String? {
        guard segment.hasPrefix("{"), segment.hasSuffix("}"), segment.count > 2 else { return nil }
        return String(segment.dropFirst().dropLast())
    }
}
