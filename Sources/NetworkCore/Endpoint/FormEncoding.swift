/// `application/x-www-form-urlencoded` as browsers write it (the WHATWG URL standard).
enum FormEncoding {
    /// `name=value` pairs joined by `&`: letters, digits and `*-._` stay, a space becomes `+`, every other byte of
    /// the UTF-8 encoding becomes `%XX`.
    static func encode(_ fields: [(name: String, value: String)]) -> String {
        fields.map { "\(escape($0.name))=\(escape($0.value))" }.joined(separator: "&")
    }

    static func escape(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "*"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "):
                result.append("+")
            default:
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result
    }
}

extension String {
    /// The string with zeros in front up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
