import CZlib
import StandInFixtures

/// A response body as the recorder stores it: a `gzip` or `deflate` body decoded, so that the file is readable and
/// its secrets can be found and replaced; the client still gets the bytes the backend sent.
///
/// zlib's stream state lives on the stack of `inflated(_:limit:)` and is ended there (`inflateEnd`) on every path;
/// input and output buffers are Swift arrays borrowed for the call only. Any thread.
enum CompressedBody {
    /// Decoded bodies larger than this are stored as they came.
    static let largestDecoded = 64 * 1024 * 1024

    /// The headers and body to record: for a gzip or deflate body that decodes within `limit` bytes, the decoded
    /// bytes and the headers without `Content-Encoding` and without digest headers (which cover the encoded bytes);
    /// else both unchanged.
    static func forRecording(
        headers: [(name: String, value: String)],
        body: [UInt8],
        limit: Int = largestDecoded
    ) -> (headers: [(name: String, value: String)], body: [UInt8]) {
        guard
            let encoding = headers.first(where: { $0.name.lowercased() == "content-encoding" })?.value
                .trimmingCharacters(in: .whitespaces).lowercased(),
            ["gzip", "x-gzip", "deflate"].contains(encoding),
            let decoded = inflated(body, limit: limit)
                ?? (encoding == "deflate" ? inflated(body, limit: limit, raw: true) : nil)
        else { return (headers, body) }
        let kept = headers.filter {
            $0.name.lowercased() != "content-encoding" && !RecordedExchange.isDigest($0.name)
        }
        return (kept, decoded)
    }

    /// `bytes` inflated (gzip or zlib wrapping, detected; or raw deflate), or nil when they do not decode whole
    /// within `limit` bytes (or are more than zlib takes in one call).
    static func inflated(_ bytes: [UInt8], limit: Int, raw: Bool = false) -> [UInt8]? {
        guard !bytes.isEmpty, let inputCount = uInt(exactly: bytes.count) else { return nil }
        var stream = z_stream()
        // 15 + 32: a gzip or zlib header, detected; -15: raw deflate.
        guard inflateInit2_(&stream, raw ? -15 : 15 + 32, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { return nil }
        defer { inflateEnd(&stream) }
        var input = bytes
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let status: Int32 = input.withUnsafeMutableBufferPointer { inputBuffer in
            stream.next_in = inputBuffer.baseAddress
            stream.avail_in = inputCount
            while true {
                let result: Int32 = chunk.withUnsafeMutableBufferPointer { chunkBuffer in
                    stream.next_out = chunkBuffer.baseAddress
                    stream.avail_out = uInt(chunkBuffer.count)
                    return inflate(&stream, Z_NO_FLUSH)
                }
                let produced = chunk.count - Int(stream.avail_out)
                output.append(contentsOf: chunk[..<produced])
                guard output.count <= limit else { return Z_BUF_ERROR }
                if result == Z_STREAM_END { return Z_STREAM_END }
                guard result == Z_OK, produced > 0 || stream.avail_in > 0 else { return result }
            }
        }
        return status == Z_STREAM_END ? output : nil
    }
}
