/// Recognizes, from the first bytes of a header line as they arrive, the two fields whose count the head scan checks:
/// `Host` (exactly one in an HTTP/1.1 request, RFC 9112 §3.2) and `Transfer-Encoding` (whose body the engine then
/// scans, see `ChunkedBodyScan`). Names compare without regard to case, and the colon must follow the name at once.
/// Most lines are decided by their first byte; every request pays for this, so the names are static strings read in
/// place (no array, no lazily made global).
struct FramingFieldName {
    enum Name {
        case host
        case transferEncoding
    }

    private static let host: StaticString = "host:"
    private static let transferEncoding: StaticString = "transfer-encoding:"

    private var position = 0
    private var mayBeHost = true
    private var mayBeTransferEncoding = true
    /// The field the line names, once its colon has been read.
    private(set) var found: Name?

    /// Whether the bytes read so far decide the name.
    var isDecided: Bool { found != nil || !(mayBeHost || mayBeTransferEncoding) }

    /// Reads the line's next byte.
    mutating func read(_ byte: UInt8) {
        guard !isDecided else { return }
        // Lower-cases letters; every other byte that it changes is a control character, a flaw of its own.
        let folded = byte | 0x20
        mayBeHost = mayBeHost && Self.byte(of: Self.host, at: position) == folded
        mayBeTransferEncoding = mayBeTransferEncoding && Self.byte(of: Self.transferEncoding, at: position) == folded
        position += 1
        if mayBeHost, position == Self.host.utf8CodeUnitCount { found = .host }
        if mayBeTransferEncoding, position == Self.transferEncoding.utf8CodeUnitCount { found = .transferEncoding }
    }

    /// Reads the line's next bytes, as many as can still decide the name.
    mutating func read(_ bytes: Slice<UnsafeRawBufferPointer>) {
        var index = bytes.startIndex
        while index < bytes.endIndex, !isDecided {
            read(bytes[index])
            index += 1
        }
    }

    /// The byte of `name` at `position`, or 0 (which no folded byte equals) past its end.
    private static func byte(of name: StaticString, at position: Int) -> UInt8 {
        position < name.utf8CodeUnitCount ? name.utf8Start[position] : 0
    }
}
