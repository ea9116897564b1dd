import StandInSupport

/// What RFC 9110 allows in header names and values: checked at load so a fixture cannot produce a broken response,
/// and applied to the values templates render per request.
public enum HeaderSyntax {
    /// Throws, naming `line`, when `name` is not an HTTP token or `value` holds a byte a header value cannot.
    package static func validate(name: String, value: String, line: Int) throws(FixtureError) {
        guard !name.isEmpty, name.utf8.allSatisfy(HTTPToken.isTokenByte) else {
            throw FixtureError("\(name.quoted) is not a valid header name", line: line)
        }
        guard !value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A }) else {
            throw FixtureError("header \(name.quoted) has a line break in its value", line: line)
        }
        if let control = value.utf8.first(where: isControl) {
            throw FixtureError(
                "header \(name.quoted) has a control character (0x\(String(control, radix: 16))) in its value",
                line: line
            )
        }
    }

    /// A value a template rendered, with each control character (CR, LF, NUL and the others but tab) replaced by
    /// its percent-encoding (`%0D`), and whether any was: HTTP cannot carry them, and evhttp would drop the header.
    public static func escapingControlCharacters(_ value: [UInt8]) -> (value: String, escaped: Bool) {
        guard value.contains(where: isControl) else { return (String(decoding: value, as: UTF8.self), false) }
        var escaped: [UInt8] = []
        for byte in value {
            if isControl(byte) {
                escaped += Array("%\(byte < 0x10 ? "0" : "")\(String(byte, radix: 16, uppercase: true))".utf8)
            } else {
                escaped.append(byte)
            }
        }
        return (String(decoding: escaped, as: UTF8.self), true)
    }

    private static func isControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != UInt8(ascii: "\t")) || byte == 0x7F
    }
}
