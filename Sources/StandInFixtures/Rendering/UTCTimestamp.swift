#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The current time as ISO 8601 in UTC (`2026-11-22T10:04:05Z`), formatted without a date formatter: cheap enough
/// for every request.
@usableFromInline
enum UTCTimestamp {
    @usableFromInline
    static func now() -> String {
        iso8601(time(nil))
    }

    /// The time `offsetSeconds` from now, in ISO 8601 or as seconds since 1970.
    @usableFromInline
    static func now(offsetSeconds: Int, unix: Bool) -> String {
        let seconds = time(nil) + offsetSeconds
        return unix ? String(seconds) : iso8601(seconds)
    }

    private static func iso8601(_ instant: time_t) -> String {
        var seconds = instant
        var parts = tm()
        gmtime_r(&seconds, &parts)
        // `-MM-DDTHH:MM:SSZ`, written in place.
        let rest = String(unsafeUninitializedCapacity: 16) { buffer in
            var position = 0
            func put(_ separator: UInt8, _ value: Int32) {
                buffer[position] = separator
                buffer[position + 1] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value / 10 % 10)
                buffer[position + 2] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value % 10)
                position += 3
            }
            put(UInt8(ascii: "-"), parts.tm_mon + 1)
            put(UInt8(ascii: "-"), parts.tm_mday)
            put(UInt8(ascii: "T"), parts.tm_hour)
            put(UInt8(ascii: ":"), parts.tm_min)
            put(UInt8(ascii: ":"), parts.tm_sec)
            buffer[position] = UInt8(ascii: "Z")
            return position + 1
        }
        return digits(Int(parts.tm_year) + 1900, 4) + rest
    }

    private static func digits(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
