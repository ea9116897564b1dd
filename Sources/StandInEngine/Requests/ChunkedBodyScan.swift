import StandInSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the raw bytes of a request's chunked body as they arrive, before evhttp parses them, for what libevent's
/// chunk parser accepts but RFC 9112 §7.1 does not, so that StandIn never ends a body where a front proxy would not:
/// a chunk size that is not plain hex digits (`0x5`, `+5`, ` 5`, read as 5 by `strtoll`) or is followed by anything
/// but a chunk extension (see `ChunkSizeLine`), chunk data not followed by CRLF (libevent reads on), a framing line
/// ended otherwise than by CRLF, and a trailer field with a control character or folded.
///
/// Feed it the bytes after the head until `isComplete`: the body's last line was read, or a flaw was found. It keeps
/// no bytes: its memory is the same for any body.
struct ChunkedBodyScan {
    private enum Part {
        /// A chunk-size line, read so far.
        case size(ChunkSizeLine)
        /// The data of a chunk, with this many bytes still to come.
        case data(left: Int)
        /// The CRLF after a chunk's data.
        case dataEnd
        /// The trailer section, after the last chunk: field lines up to an empty line.
        case trailer
    }

    /// The first flaw found.
    private(set) var flaw: RequestFlaw?
    /// Whether the body has ended, or a flaw was found (the rest need not be read).
    private(set) var isComplete = false
    private var part = Part.size(ChunkSizeLine())
    private var afterCR = false
    private var lineLength = 0

    /// Reads the next bytes of the body; returns how many it used (fewer than given once the body is complete).
    @discardableResult
    mutating func scan(_ bytes: UnsafeRawBufferPointer) -> Int {
        var offset = 0
        while offset < bytes.count, !isComplete {
            if case .data(let left) = part {
                let taken = min(left, bytes.count - offset)
                offset += taken
                part = taken == left ? .dataEnd : .data(left: left - taken)
            } else {
                read(bytes[offset])
                offset += 1
            }
        }
        return offset
    }

    /// Reads the first `count` bytes held by `segments`, or until the body is complete; returns how many it used.
    @discardableResult
    mutating func read(_ segments: UnsafeMutableBufferPointer<iovec>, count: Int) -> Int {
        var left = count
        for segment in segments where left > 0 && !isComplete {
            left -= scan(UnsafeRawBufferPointer(start: segment.iov_base, count: min(left, segment.iov_len)))
        }
        return count - left
    }

    /// Reads one byte of a line of the framing: a chunk-size line, the CRLF after data, or a trailer line.
    private mutating func read(_ byte: UInt8) {
        if afterCR {
            guard byte == UInt8(ascii: "\n") else { return fail("a CR not followed by LF in the chunked body") }
            afterCR = false
            return endLine()
        }
        switch byte {
        case UInt8(ascii: "\r"):
            afterCR = true
        case UInt8(ascii: "\n"):
            fail("a line of the chunked body ends in a bare LF")
        default:
            readContent(byte)
        }
    }

    private mutating func readContent(_ byte: UInt8) {
        defer { lineLength += 1 }
        switch part {
        case .size(var line):
            line.read(byte)
            part = .size(line)
        case .dataEnd:
            fail("a chunk's data is longer than its size")
        case .trailer:
            if lineLength == 0, byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                fail("a trailer line starts with whitespace (obs-fold)")
            } else if byte < 0x20 && byte != UInt8(ascii: "\t") || byte == 0x7F {
                fail("a control character (0x\(String(byte, radix: 16))) in a trailer field")
            }
        case .data:
            break
        }
    }

    private mutating func endLine() {
        defer { lineLength = 0 }
        switch part {
        case .size(let line):
            do {
                let size = try line.size()
                part = size == 0 ? .trailer : .data(left: size)
            } catch {
                fail("\(error)")
            }
        case .dataEnd:
            part = .size(ChunkSizeLine())
        case .trailer:
            if lineLength == 0 { isComplete = true }
        case .data:
            break
        }
    }

    private mutating func fail(_ reason: String) {
        flaw = .malformed(reason)
        isComplete = true
    }
}
