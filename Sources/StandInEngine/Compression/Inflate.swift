import CZlib

/// zlib's inflate, for bodies that arrive `gzip` or `deflate` encoded (the recorder decodes them to store them).
///
/// zlib's stream state lives on the stack of `inflated` and is ended there (`inflateEnd`) on every path; input and
/// output buffers are Swift arrays borrowed for the call only. Any thread.
package enum Inflate {
    /// What inflating came to.
    package enum Outcome {
        /// The bytes decoded whole.
        case decoded([UInt8])
        /// They do not decode whole within the limit (or are more than zlib takes in one call).
        case undecodable
        /// `admits` refused the decoded bytes.
        case refused
    }

    /// `bytes` inflated (gzip or zlib wrapping, detected; or raw deflate) within `limit` bytes; `admits` hears how
    /// many decoded bytes are held after each step, and may refuse them.
    package static func inflated(
        _ bytes: [UInt8],
        limit: Int,
        raw: Bool = false,
        admits: (Int) -> Bool = { _ in true }
    ) -> Outcome {
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
