/// Recognizes, from the first bytes of a header line as they arrive, the two fields whose count the head scan checks:
/// `Host` (exactly one in an HTTP/1.1 request, RFC 9112 §3.2) and `Transfer-Encoding` (whose body the engine then
/// scans, see `ChunkedBodyScan`). Names compare without regard to case, and the colon must follow the name at once.
struct FramingFieldName {
    enum Name {
        case host
        case transferEncoding
    }

    /// How many bytes of a line decide it.
    static let longest = transferEncoding.count

    private static let host = Array("host:".utf8)
    private static let transferEncoding = Array("transfer-encoding:".utf8)

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
        mayBeHost = mayBeHost && position < Self.host.count && Self.host[position] == folded
        mayBeTransferEncoding =
            mayBeTransferEncoding && position < Self.transferEncoding.count
            && Self.transferEncoding[position] == folded
        position += 1
        if mayBeHost, position == Self.host.count { found = .host }
        if mayBeTransferEncoding, position == Self.transferEncoding.count { found = .transferEncoding }
    }

    /// Reads the line's next bytes, as many as can still decide the name.
    mutating func read(_ bytes: Slice<UnsafeRawBufferPointer>) {
        for byte in bytes.prefix(Self.longest) where !isDecided { read(byte) }
    }
}
