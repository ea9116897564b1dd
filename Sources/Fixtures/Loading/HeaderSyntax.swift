/// What RFC 9110 allows in header names and values, checked at load so a fixture cannot produce a broken response.
enum HeaderSyntax {
    static func validate(name: String, value: String, line: Int) throws(FixtureError) {
        guard !name.isEmpty, name.utf8.allSatisfy(isTokenByte) else {
            throw FixtureError("\(name.quoted) is not a valid header name", line: line)
        }
        guard !value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }) else {
            throw FixtureError("header \(name.quoted) has a line break in its value", line: line)
        }
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
