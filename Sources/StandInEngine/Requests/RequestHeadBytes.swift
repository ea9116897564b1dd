#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A request's head as it arrived, before evhttp parses it: the request line and header lines, read in place.
///
/// It points into the connection's input buffer, which evhttp owns, so it is valid only during the call it is passed
/// to, on the loop's thread; keep what it returns, never the view itself.
package struct RequestHeadBytes {
    /// The head's bytes, from the request line to the empty line that ends the head.
    package let bytes: UnsafeRawBufferPointer

    /// Whether the head starts with `prefix`, byte for byte.
    package func starts(with prefix: StaticString) -> Bool {
        guard let base = bytes.baseAddress, bytes.count >= prefix.utf8CodeUnitCount else { return false }
        return memcmp(base, prefix.utf8Start, prefix.utf8CodeUnitCount) == 0
    }

    /// The method token, as sent.
    package var method: String {
        requestLineFields.first.map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// The path of the request target, without query or fragment, as sent (percent-encoded).
    package var path: Substring {
        let target = requestLineFields.dropFirst().first.map { Substring(decoding: $0, as: UTF8.self) } ?? ""
        return target.prefix { $0 != "?" && $0 != "#" }
    }

    /// The value of the first header named `name` (any case), without surrounding whitespace; nil when absent.
    package func header(named name: String) -> String? {
        let wanted = Array(name.utf8)
        for line in lines.dropFirst() {
            guard line.count > wanted.count, line[line.startIndex + wanted.count] == UInt8(ascii: ":"),
                zip(line, wanted).allSatisfy({ $0 | 0x20 == $1 | 0x20 })
            else { continue }
            let value = line[(line.startIndex + wanted.count + 1)...]
            let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
            let trimmed = value.drop(while: isBlank).reversed().drop(while: isBlank).reversed()
            return String(decoding: trimmed, as: UTF8.self)
        }
        return nil
    }

    /// The head's non-empty lines, without their line ends.
    private var lines: [Slice<UnsafeRawBufferPointer>] {
        bytes.split(separator: UInt8(ascii: "\n")).map { line in
            line.last == UInt8(ascii: "\r") ? line.dropLast() : line
        }.filter { !$0.isEmpty }
    }

    private var requestLineFields: [Slice<UnsafeRawBufferPointer>] {
        guard let requestLine = lines.first else { return [] }
        return requestLine.split(separator: UInt8(ascii: " "), maxSplits: 2)
    }
}
