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
        return
            "\(digits(Int(parts.tm_year) + 1900, 4))-\(digits(Int(parts.tm_mon) + 1, 2))-\(digits(Int(parts.tm_mday), 2))"
            + "T\(digits(Int(parts.tm_hour), 2)):\(digits(Int(parts.tm_min), 2)):\(digits(Int(parts.tm_sec), 2))Z"
    }

    private static func digits(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
