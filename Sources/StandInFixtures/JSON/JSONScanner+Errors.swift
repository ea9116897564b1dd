extension JSONScanner {
    /// An error at `position` (by default the current one), with its line and column counted from the start.
    ///
    /// Counting again costs a pass over the input, which only failing documents pay.
    func error(_ reason: String, at position: Int? = nil) -> JSONSyntaxError {
        let position = position ?? index
        var line = 1
        var lineStart = contentStart
        for offset in lineStart..<position {
            let isBreak =
                bytes[offset] == UInt8(ascii: "\n")
                || (bytes[offset] == UInt8(ascii: "\r")
                    && (offset + 1 == bytes.count || bytes[offset + 1] != UInt8(ascii: "\n")))
            if isBreak {
                line += 1
                lineStart = offset + 1
            }
        }
        // Count Unicode scalars, not bytes: every byte but a UTF-8 continuation byte starts one.
        let column = 1 + bytes[lineStart..<position].count { $0 & 0xC0 != 0x80 }
        return JSONSyntaxError(line: line, column: column, reason: reason)
    }

    /// The character at `position` as an error message shows it: `'x'`, `U+000B` for invisible or combining ones, or the byte in
    /// hex when it is not valid UTF-8.
    func describeCharacter(at position: Int) -> String {
        let byte = bytes[position]
        if (0x21...0x7E).contains(byte) { return "'\(Unicode.Scalar(byte))'" }
        guard let length = UTF8Scalar.length(in: bytes, at: position) else {
            return "invalid UTF-8 byte 0x\(hex(byte, digits: 2))"
        }
        let scalar = String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<position + length]), as: UTF8.self)
            .unicodeScalars.first!
        let isVisible = scalar.properties.isGraphemeBase && !scalar.properties.isWhitespace
        return isVisible ? "'\(scalar)'" : "U+\(hex(scalar.value, digits: 4))"
    }

    private func hex(_ value: some BinaryInteger, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
