import CZlib
import StandInFixtures

/// A response body as the recorder stores it: a `gzip` or `deflate` body decoded, so that the file is readable and
/// its secrets can be found and replaced; the client still gets the bytes the backend sent. The decoded bytes count
/// against the answers in flight (`InFlightBytes`) like the body itself.
///
/// zlib's stream state lives on the stack of `inflated` and is ended there (`inflateEnd`) on every path;
/// input and output buffers are Swift arrays borrowed for the call only. Any thread.
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
        var decoded = inflated(body, limit: limit, admits: admits)
        if case .undecodable = decoded, encoding == "deflate" {
            share?.shrink(to: body.count)
            decoded = inflated(body, limit: limit, raw: true, admits: admits)
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

    /// What inflating came to.
    enum Inflated {
        /// The bytes decoded whole.
        case decoded([UInt8])
        /// They do not decode whole within the limit (or are more than zlib takes in one call).
        case undecodable
        /// `admits` refused the decoded bytes.
        case refused
    }

    /// `bytes` inflated (gzip or zlib wrapping, detected; or raw deflate) within `limit` bytes; `admits` hears how
    /// many decoded bytes are held after each step, and may refuse them.
    static func inflated(
        _ bytes: [UInt8],
        limit: Int,
        raw: Bool = false,
        admits: (Int) -> Bool = { _ in true }
    ) -> Inflated {
        guard !bytes.isEmpty, let inputCount = uInt(exactly: bytes.count) else { return .undecodable }
        var stream = z_stream()
        // 15 + 32: a gzip or zlib header, detected; -15: raw deflate.
        guard inflateInit2_(&stream, raw ? -15 : 15 + 32, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { return .undecodable }
        defer { inflateEnd(&stream) }
        var input = bytes
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var refused = false
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
                guard output.count + produced <= limit else { return Z_BUF_ERROR }
                guard admits(output.count + produced) else {
                    refused = true
                    return Z_BUF_ERROR
                }
                output.append(contentsOf: chunk[..<produced])
                if result == Z_STREAM_END { return Z_STREAM_END }
                guard result == Z_OK, produced > 0 || stream.avail_in > 0 else { return result }
            }
        }
        if refused { return .refused }
        return status == Z_STREAM_END ? .decoded(output) : .undecodable
    }
}
