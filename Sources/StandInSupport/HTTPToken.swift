/// RFC 9110's `token`, the syntax of methods and header names.
package enum HTTPToken {
    /// Whether `byte` may appear in a token (`tchar`: letters, digits and ``!#$%&'*+-.^_`|~``).
    /// (A lookup in two 64-bit masks, one bit per ASCII byte, inlined: the server asks it of every byte of every
    /// method and header name it receives.)
    @inlinable
    package static func isTokenByte(_ byte: UInt8) -> Bool {
        // Bit n of the first mask: byte n is a `tchar` (the digits and !#$%&'*+-.); of the second: byte 64 + n is
        // (the letters and ^_`|~).
        let mask: UInt64 = byte < 0x40 ? 0x03FF_6CFA_0000_0000 : 0x57FF_FFFF_C7FF_FFFE
        return byte < 0x80 && mask >> (byte & 0x3F) & 1 == 1
    }

    /// Whether `bytes` are a token: not empty, and every byte a `tchar`. (One call per header name: the server's
    /// framing check asks it of every header it receives.)
    package static func isToken(_ bytes: UnsafeRawBufferPointer) -> Bool {
        !bytes.isEmpty && bytes.allSatisfy { isTokenByte($0) }
    }
}
