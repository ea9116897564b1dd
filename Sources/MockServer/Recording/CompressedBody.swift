import StandInEngine
import StandInFixtures

/// A response body as the recorder stores it: a `gzip` or `deflate` body decoded, so that the file is readable and
/// its secrets can be found and replaced; the client still gets the bytes the backend sent. The decoded bytes count
/// against the answers in flight (`InFlightBytes`) like the body itself.
/// Any thread.
enum CompressedBody {
    /// Decoded bodies larger than this are stored as they came.
    static let largestDecoded = 64 * 1024 * 1024

    /// The headers and body to record: for a gzip or deflate body that decodes within `limit` bytes, the decoded
    /// bytes and the headers without `Content-Encoding` and without digest headers (which cover the encoded bytes);
    /// else both unchanged. The decoded bytes are held in `share`, if any, as they are made; throws when it refuses
    /// them.
    static func forRecording(
        headers: [(name: String, value: String)],
        body: [UInt8],
        limit: Int = largestDecoded,
        share: InFlightBytes.Share? = nil
    ) throws(InFlightBytes.Refusal) -> (headers: [(name: String, value: String)], body: [UInt8]) {
        guard
            let encoding = headers.first(where: { $0.name.lowercased() == "content-encoding" })?.value
                .trimmingCharacters(in: .whitespaces).lowercased(),
            ["gzip", "x-gzip", "deflate"].contains(encoding)
        else { return (headers, body) }
        let admits = { (decoded: Int) in share?.grow(to: body.count + decoded) ?? true }
        var decoded = Inflate.inflated(body, limit: limit, admits: admits)
        if case .undecodable = decoded, encoding == "deflate" {
            share?.shrink(to: body.count)
            decoded = Inflate.inflated(body, limit: limit, raw: true, admits: admits)
        }
        switch decoded {
        case .undecodable:
            share?.shrink(to: body.count)
            return (headers, body)
        case .refused:
            // `admits` refuses only when the share does, and then the share says why.
            guard let refusal = share?.refusal else { return (headers, body) }
            throw refusal
        case .decoded(let bytes):
            let kept = headers.filter {
                $0.name.lowercased() != "content-encoding" && !RecordedExchange.isDigest($0.name)
            }
            return (kept, bytes)
        }
    }
}
