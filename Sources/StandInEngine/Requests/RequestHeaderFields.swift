import CLibevent

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A request's headers in the order received, read in place from evhttp's list: each one's name (as sent) and value
/// as bytes evhttp owns, valid only while the request is and only on its loop's thread. A loop over it costs no
/// closure and copies nothing, which matters for what every request reads (the journal's copy, the framing review).
package struct RequestHeaderFields: Sequence, IteratorProtocol {
    /// The next `evkeyval` of evhttp's list; raw, so that modules that cannot see libevent can hold the sequence.
    private var entry: UnsafeMutableRawPointer?

    /// The headers of `request`, an `evhttp_request`.
    init(of request: OpaquePointer) {
        entry = UnsafeMutableRawPointer(evhttp_request_get_input_headers(request)?.pointee.tqh_first)
    }

    /// The next header's name and value, without their NULs.
    package mutating func next() -> (name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer)? {
        while let current = entry?.assumingMemoryBound(to: evkeyval.self) {
            entry = UnsafeMutableRawPointer(current.pointee.next.tqe_next)
            if let key = current.pointee.key, let value = current.pointee.value {
                return (
                    UnsafeRawBufferPointer(start: key, count: strlen(key)),
                    UnsafeRawBufferPointer(start: value, count: strlen(value))
                )
            }
        }
        return nil
    }
}

extension ServerRequest {
    /// Every request header in the order received, names as sent, read in place (see `RequestHeaderFields`).
    package var headerFields: RequestHeaderFields { RequestHeaderFields(of: request) }
}
