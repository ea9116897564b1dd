import Testing

@testable import StandInEngine

/// The chunked body scan reads a body however its bytes arrive, split anywhere: it finds the same flaw and the same
/// end, and only RFC 9112's chunk framing is sound.
@Suite struct ChunkedBodyScanTests {
    /// Bodies and whether each is sound.
    static let bodies: [(body: String, isSound: Bool)] = [
        ("3\r\nabc\r\n0\r\n\r\n", true),
        ("A\r\n0123456789\r\n00000\r\n\r\n", true),
        ("a ;name=value\r\n0123456789\r\n0\r\nX-Trailer: 1\r\n\r\n", true),
        ("3\t; a ; b=\"c d\"\r\nabc\r\n0\r\n\r\n", true),
        ("0x3\r\nabc\r\n0\r\n\r\n", false),
        ("+3\r\nabc\r\n0\r\n\r\n", false),
        (" 3\r\nabc\r\n0\r\n\r\n", false),
        ("3 words\r\nabc\r\n0\r\n\r\n", false),
        ("3 \r\nabc\r\n0\r\n\r\n", false),
        ("-3\r\nabc\r\n0\r\n\r\n", false),
        ("\r\n3\r\nabc\r\n0\r\n\r\n", false),
        ("3\nabc\r\n0\r\n\r\n", false),
        ("3\r\nabc0\r\n\r\n", false),
        ("3\r\nabc\n0\r\n\r\n", false),
        ("8000000000000000\r\nabc", false),
        ("3\r\nabc\r\n0\r\n folded: trailer\r\n\r\n", false),
        ("3\r\nabc\r\n0\r\nX-Trailer: a\u{1}b\r\n\r\n", false),
    ]

    @Test(arguments: bodies.indices)
    func everySplitFindsWhatTheWholeBodyHas(_ index: Int) {
        let (body, isSound) = Self.bodies[index]
        let bytes = Array(body.utf8) + Array("GET /next HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        let whole = Self.scan(bytes, splitAt: [])
        #expect((whole.flaw == nil) == isSound, "\(whole.flaw?.reason ?? "sound")")
        if isSound { #expect(whole.used == body.utf8.count, "the body ends at its last empty line") }
        for split in 1..<bytes.count {
            let pieces = Self.scan(bytes, splitAt: [split])
            #expect(pieces.flaw == whole.flaw, "split at \(split)")
            #expect(pieces.used == whole.used, "split at \(split)")
        }
        let byteByByte = Self.scan(bytes, splitAt: Array(1..<bytes.count))
        #expect(byteByByte.flaw == whole.flaw)
        #expect(byteByByte.used == whole.used)
    }

    /// Feeds `bytes` in pieces cut at `splits` until the scan is complete; returns its flaw and the bytes it used.
    private static func scan(_ bytes: [UInt8], splitAt splits: [Int]) -> (flaw: RequestFlaw?, used: Int) {
        var scan = ChunkedBodyScan()
        var used = 0
        for (start, end) in zip([0] + splits, splits + [bytes.count]) where !scan.isComplete {
            used += bytes[start..<end].withUnsafeBytes { scan.scan($0) }
        }
        return (scan.flaw, used)
    }
}
