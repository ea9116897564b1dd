/// Splits `text/event-stream` bytes into lines as they arrive, the way the WHATWG HTML standard reads them: CR LF, LF
/// or CR ends a line, and an empty line ends an event. Fed piece by piece (a CR LF split across two pieces is one
/// line end), it hands over each complete line; the bytes after the last line end wait for the next piece.
package struct EventStreamLines: Sendable {
    /// The bytes of the line not yet ended.
    private var pending: [UInt8] = []
    /// Whether the last byte fed was a CR, so that an LF right after it ends no second line.
    private var afterCR = false

    package init() {}

    /// Whether bytes of an unfinished line are waiting.
    package var hasPendingLine: Bool { !pending.isEmpty }

    /// The bytes of the unfinished line.
    package var pendingLine: [UInt8] { pending }

    /// Feeds `bytes`; `line` hears each line they complete, without its line end (an empty one ends an event), and
    /// how many of `bytes` come before the next line (those of the line end included, but for the LF of a CR LF).
    package mutating func feed(_ bytes: some Sequence<UInt8>, line: (_ line: [UInt8], _ consumed: Int) -> Void) {
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "\n") where afterCR:
                afterCR = false
            case UInt8(ascii: "\r"), UInt8(ascii: "\n"):
                afterCR = byte == UInt8(ascii: "\r")
                line(pending, index + 1)
                pending.removeAll(keepingCapacity: true)
            default:
                afterCR = false
                pending.append(byte)
            }
        }
    }
}
