/// Bytes prepared at load with holes for per-request values: a response body or a header value.
///
/// A static response is one literal part, or literal parts around the request id; serving it copies those bytes
/// and nothing is parsed or formatted per request.
public struct ByteTemplate: Sendable {
    /// A run of bytes or a hole.
    public enum Part: Sendable {
        /// Bytes copied as they are.
        case literal([UInt8])
        /// A value resolved per request; `jsonEscaped` when it sits inside a JSON string.
        case placeholder(Placeholder, jsonEscaped: Bool)
    }

    /// The parts in order, adjacent literals merged.
    public let parts: [Part]
    /// Whether some placeholder reads the request body.
    public let readsBody: Bool
    /// The bytes, when the template has no placeholder at all.
    public let fixedBytes: [UInt8]?

    /// Creates a template, merging adjacent literal parts.
    public init(_ parts: [Part]) {
        var merged: [Part] = []
        for part in parts {
            if case .literal(let bytes) = part, case .literal(let previous) = merged.last {
                merged[merged.count - 1] = .literal(previous + bytes)
            } else if case .literal(let bytes) = part, bytes.isEmpty {
                continue
            } else {
                merged.append(part)
            }
        }
        self.parts = merged
        readsBody = merged.contains { if case .placeholder(let p, _) = $0 { p.readsBody } else { false } }
        switch merged.count {
        case 0: fixedBytes = []
        case 1: if case .literal(let bytes) = merged[0] { fixedBytes = bytes } else { fixedBytes = nil }
        default: fixedBytes = nil
        }
    }

    /// A template of fixed bytes.
    public static func fixed(_ bytes: [UInt8]) -> ByteTemplate { ByteTemplate([.literal(bytes)]) }

    /// Renders into `sink`, one contiguous chunk at a time, without copying literal parts.
    public func render<Request: IncomingRequest>(
        with context: inout RenderContext<Request>,
        into sink: (UnsafeRawBufferPointer) -> Void
    ) {
        for part in parts {
            switch part {
            case .literal(let bytes):
                bytes.withUnsafeBytes(sink)
            case .placeholder(let placeholder, let jsonEscaped):
                var value = context.resolve(placeholder)
                if jsonEscaped {
                    var escaped: [UInt8] = []
                    JSONWriter.appendEscaped(value, into: &escaped)
                    escaped.withUnsafeBytes(sink)
                } else {
                    value.withUTF8 { sink(UnsafeRawBufferPointer($0)) }
                }
            }
        }
    }

    /// Renders into one byte array.
    public func render<Request: IncomingRequest>(with context: inout RenderContext<Request>) -> [UInt8] {
        if let fixedBytes { return fixedBytes }
        var bytes: [UInt8] = []
        render(with: &context) { bytes.append(contentsOf: $0) }
        return bytes
    }
}
