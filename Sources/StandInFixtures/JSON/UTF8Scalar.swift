/// The UTF-8 sequences JSON text may hold: what the parser and the schema scanner accept in a string.
package enum UTF8Scalar {
    /// The length of the valid UTF-8 sequence starting at `position`, or `nil` if it is malformed, overlong, encodes
    /// a surrogate or lies beyond U+10FFFF.
    package static func length(in bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Int? {
        let lead = bytes[position]
        let length: Int
        // The range the first continuation byte must fall in, which rules out overlong forms and surrogates.
        let second: ClosedRange<UInt8>
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
        case 0xE0: (length, second) = (3, 0xA0...0xBF)
        case 0xED: (length, second) = (3, 0x80...0x9F)
        case 0xE1...0xEF: (length, second) = (3, 0x80...0xBF)
        case 0xF0: (length, second) = (4, 0x90...0xBF)
        case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
        case 0xF4: (length, second) = (4, 0x80...0x8F)
        default: return nil
        }
        guard position + length <= bytes.count, second.contains(bytes[position + 1]) else { return nil }
        for offset in position + 2..<position + length where bytes[offset] & 0xC0 != 0x80 {
            return nil
        }
        return length
    }
}
