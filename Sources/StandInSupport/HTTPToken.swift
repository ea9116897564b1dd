/// RFC 9110's `token`, the syntax of methods and header names.
package enum HTTPToken {
    /// Whether `byte` may appear in a token (`tchar`: letters, digits and ``!#$%&'*+-.^_`|~``).
    package static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
