import CLibevent

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `Date` header of one loop's replies (`Sun, 06 Nov 1994 08:49:37 GMT`), formatted again only when the second
/// changes. evhttp would format one for every reply that has none (`gmtime` and a `snprintf`); adding it first saves
/// that. A reply that already has a `Date` keeps it.
///
/// Ownership: the loop owns its one `ReplyDate`, which owns its text. Threads: the loop's thread only.
final class ReplyDate {
    /// The formatted date and its NUL; evhttp's format is 29 bytes.
    private static let capacity = 32
    private let text = UnsafeMutablePointer<CChar>.allocate(capacity: ReplyDate.capacity)
    private var second: time_t = -1

    deinit {
        text.deallocate()
    }

    /// Adds the current date to `headers`, a reply's output headers, unless they have a `Date`.
    func add(to headers: UnsafeMutablePointer<evkeyvalq>?) {
        guard evhttp_find_header(headers, "Date") == nil else { return }
        evhttp_add_header(headers, "Date", current)
    }

    /// The current date as a C string, valid until the next call.
    private var current: UnsafePointer<CChar> {
        var now = time(nil)
        if now != second {
            var fields = tm()
            gmtime_r(&now, &fields)
            evutil_date_rfc1123(text, ReplyDate.capacity, &fields)
            second = now
        }
        return UnsafePointer(text)
    }
}
