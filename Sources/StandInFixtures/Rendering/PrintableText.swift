/// Text a client controls (a request's path or method), made safe for one line of a log or a terminal.
public enum PrintableText {
    /// `text` with every control character (C0, DEL and C1, so line breaks, escape sequences and NUL) written as
    /// `\xHH` and a backslash written as `\\`, so that the escaped form reads back unambiguously: a path with `%0a` in
    /// it stays on its line and `%1b[2J` cannot clear the screen. Text without those characters is returned as is.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if scalar == "\\" {
                escaped += "\\\\"
            } else if needsEscape(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: false)
                escaped += "\\x" + (hex.count < 2 ? "0" : "") + hex
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\\"
    }
}
