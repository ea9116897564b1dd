extension SchemaFormat {
    /// Four dot-separated decimal octets up to 255, without leading zeros.
    static func isIPv4(_ bytes: UTF8Bytes) -> Bool {
        let octets = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return octets.count == 4
            && octets.allSatisfy { octet in
                guard (1...3).contains(octet.count), octet.allSatisfy(isDigit),
                    octet.count == 1 || octet.first != UInt8(ascii: "0")
                else { return false }
                return octet.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } <= 255
            }
    }

    /// Groups of one to four hexadecimal digits: eight, or fewer around one `::` standing for at least one; the last
    /// two may be written as an IPv4 address.
    static func isIPv6(_ bytes: UTF8Bytes) -> Bool {
        let halves = doubleColonHalves(bytes)
        guard halves.count <= 2 else { return false }
        var groups = 0
        for (index, half) in halves.enumerated() where !half.isEmpty {
            let parts = half.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
            for (position, part) in parts.enumerated() {
                let isLastOfAll = index == halves.count - 1 && position == parts.count - 1
                if isLastOfAll, part.contains(UInt8(ascii: ".")) {
                    guard isIPv4(part) else { return false }
                    groups += 2
                } else {
                    guard (1...4).contains(part.count), part.allSatisfy(isHexDigit) else { return false }
                    groups += 1
                }
            }
        }
        return halves.count == 2 ? groups <= 7 : groups == 8
    }

    /// `bytes` split at each `::`.
    private static func doubleColonHalves(_ bytes: UTF8Bytes) -> [UTF8Bytes] {
        var halves: [UTF8Bytes] = []
        var start = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: ":"), index + 1 < bytes.endIndex, bytes[index + 1] == UInt8(ascii: ":") {
                halves.append(bytes[start..<index])
                index += 2
                start = index
            } else {
                index += 1
            }
        }
        halves.append(bytes[start..<bytes.endIndex])
        return halves
    }

    /// A scheme (a letter, then letters, digits, `+`, `-`, `.`), `:`, then only unreserved and reserved characters
    /// and `%` escapes.
    static func isURI(_ bytes: UTF8Bytes) -> Bool {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > bytes.startIndex,
            isLetter(bytes[bytes.startIndex])
        else { return false }
        let schemeAllowed = bytes[(bytes.startIndex + 1)..<colon].allSatisfy { byte in
            isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".")
        }
        guard schemeAllowed else { return false }
        var index = colon + 1
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.endIndex, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) else {
                    return false
                }
                index += 3
                continue
            }
            guard isLetter(byte) || isDigit(byte) || uriPunctuation.contains(byte) else { return false }
            index += 1
        }
        return true
    }

    /// RFC 3986's unreserved and reserved punctuation.
    private static let uriPunctuation = Set("-._~:/?#[]@!$&'()*+,;=".utf8)
}
