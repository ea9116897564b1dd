/// How server-sent event fields are written, as the WHATWG HTML standard reads them: `name: value` lines, one
/// `data:` line per line of data, a blank line ending each event.
enum EventStreamText {
    /// Appends `name: value` and a line feed.
    static func appendField(_ name: String, _ value: [UInt8], to bytes: inout [UInt8]) {
        bytes.append(contentsOf: name.utf8)
        bytes.append(contentsOf: ": ".utf8)
        bytes.append(contentsOf: value)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Appends each line of `text` (split at CR LF, LF or CR) after `prefix`, each ending in a line feed; an empty
    /// text is one empty line.
    static func appendLines(of text: [UInt8], prefix: String, to bytes: inout [UInt8]) {
        var start = 0
        var index = 0
        func line(upTo end: Int) {
            bytes.append(contentsOf: prefix.utf8)
            bytes.append(contentsOf: text[start..<end])
            bytes.append(UInt8(ascii: "\n"))
        }
        while index < text.count {
            switch text[index] {
            case UInt8(ascii: "\r"):
                line(upTo: index)
                if index + 1 < text.count, text[index + 1] == UInt8(ascii: "\n") { index += 1 }
                start = index + 1
            case UInt8(ascii: "\n"):
                line(upTo: index)
                start = index + 1
            default:
                break
            }
            index += 1
        }
        line(upTo: text.count)
    }

    /// A `retry` value: whole milliseconds.
    static func milliseconds(_ duration: Duration) -> [UInt8] {
        Array(String(Int((duration / .milliseconds(1)).rounded())).utf8)
    }
}
