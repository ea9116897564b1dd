import CLibevent

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ServerRequest {
    /// The client's address as text (`127.0.0.1`, `::1`), from evhttp; nil when evhttp does not know it.
    ///
    /// evhttp owns the string it returns (it lives as long as the connection); it is copied here.
    package var peerAddress: String? {
        guard let connection = evhttp_request_get_connection(request) else { return nil }
        var address: UnsafeMutablePointer<CChar>?
        var port: UInt16 = 0
        evhttp_connection_get_peer(connection, &address, &port)
        return address.map { String(cString: $0) }
    }

    /// The request target as sent: path and query, not decoded (an absolute-form target loses its scheme and
    /// authority). For passing a request on unchanged.
    package var rawTarget: String {
        guard let uri = evhttp_request_get_uri(request) else { return "/" }
        let target = String(cString: uri)
        guard !target.hasPrefix("/"), let scheme = target.range(of: "://") else { return target }
        let rest = target[scheme.upperBound...]
        return rest.firstIndex(of: "/").map { String(rest[$0...]) } ?? "/"
    }

    /// The request target exactly as sent: an absolute-form one (`http://host/path`) and a `CONNECT`'s authority
    /// (`host:443`) too.
    package var targetAsSent: String {
        evhttp_request_get_uri(request).map { String(cString: $0) } ?? "/"
    }

    /// Every request header in the order received, names as sent, copied.
    package var allHeaders: [(name: String, value: String)] {
        headerFields.map { name, value in
            (String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
        }
    }

    /// Calls `body` with each request header whose name starts with `prefix` (ASCII letters, digits and `-`, in any
    /// case): the name past the prefix and the value, as evhttp's C strings, valid only during the call. The names are
    /// compared in place, so that headers without the prefix cost no copy and no length.
    package func forEachHeader(
        prefixed prefix: StaticString,
        _ body: (_ nameAfterPrefix: UnsafePointer<CChar>, _ value: UnsafePointer<CChar>) -> Void
    ) {
        var entry = evhttp_request_get_input_headers(request)?.pointee.tqh_first
        while let header = entry {
            if let key = header.pointee.key, let value = header.pointee.value, Self.name(key, hasPrefix: prefix) {
                body(key + prefix.utf8CodeUnitCount, value)
            }
            entry = header.pointee.next.tqe_next
        }
    }

    /// Whether the C string `name` starts with `prefix`, any case. Compares the C string in place: passing a Swift
    /// `String` to C would copy it to the heap once per header of every request.
    private static func name(_ name: UnsafePointer<CChar>, hasPrefix prefix: StaticString) -> Bool {
        let expected = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
        for (position, letter) in expected.enumerated() {
            // ASCII letters, digits and '-' (0x2D) all have 0x20 set; the C string's NUL ends the loop with a mismatch.
            guard UInt8(bitPattern: name[position]) | 0x20 == letter | 0x20 else { return false }
        }
        return true
    }

    /// At most `limit` bytes from the start of the body, and the body's full length.
    package func bodyPrefix(limit: Int) -> (bytes: [UInt8], length: Int) {
        guard let buffer = evhttp_request_get_input_buffer(request) else { return ([], 0) }
        let length = evbuffer_get_length(buffer)
        let count = min(length, limit)
        guard count > 0 else { return ([], length) }  // see `body`: no unsafeUninitializedCapacity of 0
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { bytes, copied in
            copied = max(0, evbuffer_copyout(buffer, bytes.baseAddress, count))
        }
        return (bytes, length)
    }
}
