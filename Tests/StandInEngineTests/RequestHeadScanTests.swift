import Testing

@testable import StandInEngine

/// The head scan reads whole lines at once where it can and byte by byte where it must: however the bytes of a head
/// arrive, split anywhere, it finds the same flaw and the same end.
@Suite struct RequestHeadScanTests {
    /// Heads and the status of the flaw in each (nil: sound), with lines long enough for the eight-byte steps.
    static let heads: [(head: String, status: Int?)] = [
        ("GET /orders/7?view=full HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nAccept: */*\r\n\r\n", nil),
        ("GET /text HTTP/1.1\nHost: x\nUser-Agent: a-long-enough-agent/1.0\n\n", nil),
        ("GET /text HTTP/1.1\r\nHost: x\r\nX-Note: tab\tinside a long header value\r\n\r\n", nil),
        ("GET /caf\u{E9}-na\u{EF}ve HTTP/1.1\r\nHost: x\r\nX-Name: Ren\u{E9}e Fran\u{E7}oise\r\n\r\n", nil),
        ("\r\nGET /text HTTP/1.0\r\nHost: x\r\n\r\n", nil),
        ("GET /text HTTP/1.1\r\nX-Note: a long value with a NUL \u{0} late\r\n\r\n", 400),
        ("GET /text HTTP/1.1\r\nX-Note: a long value with DEL \u{7F} in it\r\n\r\n", 400),
        ("GET /text HTTP/1.1\r\nX-Note: a long value, then\u{1B}[2J an escape\r\n\r\n", 400),
        ("GET /text HTTP/1.1\r\nX-Note: a bare\rCR in a long value\r\n\r\n", 400),
        ("GET /text HTTP/1.1\r\nX-Note: a\r\n  folded continuation line\r\n\r\n", 400),
        ("GET /text HTTP/1.1\r\n\tX-Note: whitespace before the first header\r\n\r\n", 400),
        ("GET /text HTTP/1.0\r\nAccept: */*\r\n\r\n", nil),
        ("GET /a-long-enough-path HTTP/1.1\r\nX-Host: a\r\nHostile: b\r\nhOsT: c\r\n\r\n", nil),
        ("GET /text HTTP/1.1\r\nHost: x\r\nX-Note: a long value to step over\r\nHOST: y\r\n\r\n", 400),
        ("GET /text HTTP/1.1\r\nAccept: */*\r\nX-Note: a long value to step over\r\n\r\n", 400),
        ("GET  /a-long-enough-path HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        ("GET /a-long-enough-path  HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        ("GET /a-long-enough-path\tHTTP/1.1\r\nHost: x\r\n\r\n", 400),
        (" GET /a-long-enough-path HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        ("GET /a-rather-long-path-for-the-version HTTP/1.9\r\nHost: x\r\n\r\n", 505),
        ("GET /a-rather-long-path-for-the-version HTTQ/1.1\r\nHost: x\r\n\r\n", 400),
    ]

    @Test(arguments: heads.indices)
    func everySplitFindsWhatTheWholeHeadHas(_ index: Int) {
        let (head, status) = Self.heads[index]
        let bytes = Array(head.utf8) + Array("GET /next HTTP/1.1\r\n\r\n".utf8)
        let whole = Self.scan(bytes, splitAt: [])
        #expect(whole.flaw?.status == status)
        if status == nil { #expect(whole.used == head.utf8.count, "the head ends at its empty line") }
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
        var scan = RequestHeadScan()
        var used = 0
        for (start, end) in zip([0] + splits, splits + [bytes.count]) where !scan.isComplete {
            used += bytes[start..<end].withUnsafeBytes { scan.scan($0) }
        }
        return (scan.flaw, used)
    }
}
