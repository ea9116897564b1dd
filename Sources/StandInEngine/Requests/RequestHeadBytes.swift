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
        String(decoding: requestLineField(0), as: UTF8.self)
    }

    /// The path of the request target, without query or fragment, as sent (percent-encoded).
    package var path: Substring {
        Substring(decoding: requestLineField(1), as: UTF8.self).prefix { $0 != "?" && $0 != "#" }
    }

    /// Field `index` of the request line (0 the method, 1 the target), fields being separated by runs of spaces.
    private func requestLineField(_ index: Int) -> Slice<UnsafeRawBufferPointer> {
        var rest = line(from: bytes.startIndex).text
        for _ in 0..<index {
            rest = rest.drop { $0 == UInt8(ascii: " ") }.drop { $0 != UInt8(ascii: " ") }
        }
        return rest.drop { $0 == UInt8(ascii: " ") }.prefix { $0 != UInt8(ascii: " ") }
    }

    /// The value of the first header named `name` (any case), without surrounding whitespace; nil when absent.
    package func header(named name: String) -> String? {
        let wanted = name.utf8
        var line = line(from: line(from: bytes.startIndex).next)
        while !line.text.isEmpty {
            let text = line.text
            if text.count > wanted.count, text[text.startIndex + wanted.count] == UInt8(ascii: ":"),
                zip(text, wanted).allSatisfy({ $0 | 0x20 == $1 | 0x20 })
            {
                var value = text[(text.startIndex + wanted.count + 1)...]
                while let first = value.first, Self.isBlank(first) { value = value.dropFirst() }
                while let last = value.last, Self.isBlank(last) { value = value.dropLast() }
                return String(decoding: value, as: UTF8.self)
            }
            line = self.line(from: line.next)
        }
        return nil
    }

    /// The first non-empty line from `start` on, without its line end (`\n` or `\r\n`), and where the line after it
    /// starts; an empty line at the head's end.
    private func line(from start: Int) -> (text: Slice<UnsafeRawBufferPointer>, next: Int) {
        var start = start
        while start < bytes.endIndex {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
            var text = bytes[start..<end]
            if text.last == UInt8(ascii: "\r") { text = text.dropLast() }
            let next = end < bytes.endIndex ? end + 1 : end
            if !text.isEmpty { return (text, next) }
            start = next
        }
        return (bytes[bytes.endIndex...], bytes.endIndex)
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }
}
