/// Checks that a text message is UTF-8 as its fragments arrive, so that a client sending invalid text is refused
/// at the first bad byte rather than after the whole message (RFC 6455 section 8.1). Rejects what Unicode's UTF-8
/// forbids: overlong forms, surrogates, code points past U+10FFFF, stray continuation bytes.
struct UTF8Validation {
    /// Continuation bytes still owed by the scalar under way.
    private var owed = 0
    /// The range the next continuation byte must fall in (narrower than 0x80...0xBF only right after some leads).
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF

    /// Whether the bytes so far end on a whole scalar.
    var isComplete: Bool { owed == 0 }

    /// Reads `bytes`; false at the first byte that cannot be UTF-8 (the validation is then over).
    mutating func accept(_ bytes: UnsafeRawBufferPointer) -> Bool {
        for byte in bytes {
            if owed == 0 {
                if byte < 0x80 { continue }
                guard startScalar(lead: byte) else { return false }
            } else {
                guard byte >= lower, byte <= upper else { return false }
                lower = 0x80
                upper = 0xBF
                owed -= 1
            }
        }
        return true
    }

    private mutating func startScalar(lead: UInt8) -> Bool {
        switch lead {
        case 0xC2...0xDF: owed = 1
        case 0xE0: (owed, lower) = (2, 0xA0)
        case 0xE1...0xEC, 0xEE, 0xEF: owed = 2
        case 0xED: (owed, upper) = (2, 0x9F)
        case 0xF0: (owed, lower) = (3, 0x90)
        case 0xF1...0xF3: owed = 3
        case 0xF4: (owed, upper) = (3, 0x8F)
        default: return false
        }
        return true
    }
}
