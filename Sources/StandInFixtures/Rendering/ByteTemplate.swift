/// Bytes prepared at load with holes for per-request values: a response body or a header value.
///
/// A static response is one run of bytes, or two runs around the request id; serving it copies those bytes and
/// nothing is parsed or formatted per request. All literal bytes live in one buffer and the segments that walk it
/// are plain values, so rendering touches no reference counts.
public struct ByteTemplate: Sendable {
    /// A run of bytes or a hole, as templates are built.
    public enum Part: Sendable {
        /// Bytes copied as they are.
        case literal([UInt8])
        /// A value resolved per request; `jsonEscaped` when it sits inside a JSON string.
        case placeholder(Placeholder, jsonEscaped: Bool)
    }

    /// A hole in the template.
    public struct Hole: Sendable {
        /// What fills it.
        public let placeholder: Placeholder
        /// Whether the value sits inside a JSON string and must be escaped.
        public let jsonEscaped: Bool
    }

    private enum Segment {
        case literal(offset: Int, count: Int)
        case hole(index: Int)
    }

    private let bytes: [UInt8]
    private let segments: [Segment]
    /// The holes, in order.
    public let holes: [Hole]

    /// Creates a template from parts; adjacent literals are merged and empty ones dropped.
    public init(_ parts: [Part]) {
        var bytes: [UInt8] = []
        var segments: [Segment] = []
        var holes: [Hole] = []
        for part in parts {
            switch part {
            case .literal(let literal) where literal.isEmpty:
                continue
            case .literal(let literal):
                if case .literal(let offset, let count) = segments.last {
                    segments[segments.count - 1] = .literal(offset: offset, count: count + literal.count)
                } else {
                    segments.append(.literal(offset: bytes.count, count: literal.count))
                }
                bytes += literal
            case .placeholder(let placeholder, let jsonEscaped):
                segments.append(.hole(index: holes.count))
                holes.append(Hole(placeholder: placeholder, jsonEscaped: jsonEscaped))
            }
        }
        self.bytes = bytes
        self.segments = segments
        self.holes = holes
    }

    /// A template of fixed bytes.
    public static func fixed(_ bytes: [UInt8]) -> ByteTemplate { ByteTemplate([.literal(bytes)]) }

    /// The bytes, when the template has no hole.
    public var fixedBytes: [UInt8]? { holes.isEmpty ? bytes : nil }

    /// How many bytes the template writes besides its placeholders' values: the size of any rendering, at least.
    public var literalByteCount: Int { bytes.count }

    /// How many runs of literal bytes it has.
    public var literalRunCount: Int {
        segments.count { if case .literal = $0 { true } else { false } }
    }

    /// Renders into `sink`, one contiguous chunk at a time, without copying literal bytes; `resolve` gives each
    /// placeholder's text. Not generic, so the server's hot path runs specialized code.
    public func render(
        into sink: (UnsafeRawBufferPointer) -> Void,
        resolve: (Placeholder) -> String
    ) {
        bytes.withUnsafeBytes { literals in
            for segment in segments {
                switch segment {
                case .literal(let offset, let count):
                    sink(UnsafeRawBufferPointer(rebasing: literals[offset..<offset + count]))
                case .hole(let index):
                    let hole = holes[index]
                    var value = resolve(hole.placeholder)
                    // The check runs on the contiguous bytes: through String's UTF-8 view it cost more than the copy.
                    let clean = value.withUTF8 { utf8 in
                        guard !hole.jsonEscaped || JSONWriter.needsNoEscaping(utf8) else { return false }
                        sink(UnsafeRawBufferPointer(utf8))
                        return true
                    }
                    if !clean {
                        var escaped: [UInt8] = []
                        JSONWriter.appendEscaped(value, into: &escaped)
                        escaped.withUnsafeBytes(sink)
                    }
                }
            }
        }
    }

    /// Renders into `sink` with the values of `context`. Inlinable, so the server's call is specialized for its
    /// request type: otherwise every request would look up the context's generic metadata and destroy it through
    /// value witnesses.
    @inlinable
    public func render<Request: IncomingRequest>(
        with context: inout RenderContext<Request>,
        into sink: (UnsafeRawBufferPointer) -> Void
    ) {
        render(into: sink) { context.resolve($0) }
    }

    /// Renders into one byte array.
    public func render<Request: IncomingRequest>(with context: inout RenderContext<Request>) -> [UInt8] {
        if let fixedBytes { return fixedBytes }
        var bytes: [UInt8] = []
        render(with: &context) { bytes.append(contentsOf: $0) }
        return bytes
    }
}
