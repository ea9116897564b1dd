import CLibevent
import StandInSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ServerRequest {
    /// The parsed head, reviewed in one pass over its headers: its size as evhttp counts it against its limit (the
    /// request line and each header line, without line ends), and what in it evhttp accepts but RFC 9112 refuses,
    /// because it makes the body's length ambiguous (request smuggling): a header name that is not a token
    /// (`Content-Length : 3`), more than one `Content-Length`, one that is not plain digits (`+3`),
    /// `Content-Length` beside `Transfer-Encoding`, or a transfer coding other than `chunked` (501). The flaw is nil
    /// when the head is sound.
    var headReview: (bytes: Int, framingFlaw: RequestFlaw?) {
        var bytes = method.utf8.count + 1 + (evhttp_request_get_uri(request).map { Int(strlen($0)) } ?? 0) + 9
        let flaw = framingFlaw(countingHeaderBytesInto: &bytes)
        return (bytes, flaw)
    }

    private func framingFlaw(countingHeaderBytesInto bytes: inout Int) -> RequestFlaw? {
        var flaw: RequestFlaw?
        var contentLengths = 0
        var transferEncoding: String?
        for (name, value) in headerFields {
            bytes += name.count + 2 + value.count
            guard flaw == nil else { continue }
            guard HTTPToken.isToken(name) else {
                flaw = .malformed("the header name \(Self.text(name).debugDescription) is not a token")
                continue
            }
            if Self.equalsIgnoringCase(name, "content-length") {
                contentLengths += 1
                if contentLengths > 1 {
                    flaw = .malformed("the request has more than one Content-Length")
                } else if value.isEmpty || !value.allSatisfy({ (0x30...0x39).contains($0) }) {
                    flaw = .malformed("Content-Length \(Self.text(value).debugDescription) is not a number of bytes")
                }
            } else if Self.equalsIgnoringCase(name, "transfer-encoding") {
                transferEncoding =
                    transferEncoding == nil ? Self.text(value) : "\(transferEncoding!), \(Self.text(value))"
            }
        }
        if let flaw { return flaw }
        guard let transferEncoding else { return nil }
        guard contentLengths == 0 else {
            return .malformed("the request has both Transfer-Encoding and Content-Length")
        }
        guard transferEncoding.lowercased() == "chunked" else {
            return RequestFlaw(
                status: 501,
                reason: "Transfer-Encoding \(transferEncoding.debugDescription) is not supported; send chunked"
            )
        }
        return nil
    }

    private static func equalsIgnoringCase(_ bytes: UnsafeRawBufferPointer, _ lowercase: StaticString) -> Bool {
        bytes.count == lowercase.utf8CodeUnitCount
            && zip(bytes, UnsafeBufferPointer(start: lowercase.utf8Start, count: bytes.count)).allSatisfy {
                $0 | 0x20 == $1
            }
    }

    private static func text(_ bytes: UnsafeRawBufferPointer) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
