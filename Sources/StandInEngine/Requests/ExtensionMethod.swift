import CLibevent
import StandInSupport

/// Lets requests with methods libevent 2.1 cannot parse (`PURGE`, `PROPFIND`, …) reach the handler, which answers
/// them from fixtures or with an envelope error, instead of evhttp's HTML 501 page.
///
/// evhttp 2.1 knows nine methods and has no hook for others. So before it reads a request line, its connection's
/// `ConnectionRecord` looks at the method token at the start of the input buffer: an extension method is replaced
/// by `POST` (a method evhttp reads a body for) and remembered, and the handler sees the request under its real
/// method. Threads: the loop's thread, inside the input buffer's callback, before evhttp's read callback runs.
enum ExtensionMethod {
    /// What the start of the input buffer says about the method of the request there.
    enum Inspection: Equatable {
        /// The method token is not complete yet.
        case incomplete
        /// evhttp parses it itself (or it is no token, which evhttp refuses).
        case parsedByLibevent
        /// An extension method, replaced by `POST` in the buffer.
        case replaced(String)
    }

    /// The longest extension method recognised; longer tokens are left to evhttp, which refuses them.
    static let maxLength = 32
    /// The methods evhttp parses, as bytes, compared in place: this runs for every request.
    private static let libeventMethods: [[UInt8]] = [
        "GET", "POST", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE", "CONNECT", "PATCH",
    ].map { Array($0.utf8) }
    private static let substitute: [UInt8] = Array("POST".utf8)

    /// Each method evhttp parses with the space after it, as the first bytes of the buffer hold them in a word, and
    /// the mask of those bytes: a request for one of them is told from its first eight bytes.
    private static let libeventMethodWords: [(word: UInt64, mask: UInt64)] = libeventMethods.map { method in
        let bytes = method + [UInt8(ascii: " ")]
        let padding = [UInt8](repeating: 0, count: 8 - bytes.count)
        let word = (bytes + padding).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
        let mask = ([UInt8](repeating: 0xFF, count: bytes.count) + padding).withUnsafeBytes {
            $0.loadUnaligned(as: UInt64.self)
        }
        return (word, mask)
    }

    /// Inspects the request line at the start of `buffer` (an evbuffer that evhttp reads next) and replaces an
    /// extension method there.
    static func inspect(_ buffer: OpaquePointer) -> Inspection {
        var first: UInt64 = 0
        if evbuffer_copyout(buffer, &first, 8) == 8, libeventMethodWords.contains(where: { first & $0.mask == $0.word })
        {
            return .parsedByLibevent
        }
        // On the stack: this runs for every request.
        let inspection = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxLength + 1) { head in
            let count = max(0, Int(evbuffer_copyout(buffer, head.baseAddress, head.count)))
            let bytes = UnsafeBufferPointer(rebasing: head[..<count])
            guard let end = bytes.firstIndex(of: UInt8(ascii: " ")) else {
                return count > maxLength || !bytes.allSatisfy(HTTPToken.isTokenByte)
                    ? Inspection.parsedByLibevent : .incomplete
            }
            let token = UnsafeBufferPointer(rebasing: bytes[..<end])
            guard !token.isEmpty, token.allSatisfy(HTTPToken.isTokenByte) else { return .parsedByLibevent }
            let parsedByLibevent = libeventMethods.contains { method in
                method.count == token.count && method.withUnsafeBufferPointer { $0.elementsEqual(token) }
            }
            return parsedByLibevent ? .parsedByLibevent : .replaced(String(decoding: token, as: UTF8.self))
        }
        if case .replaced(let name) = inspection {
            evbuffer_drain(buffer, name.utf8.count)
            evbuffer_prepend(buffer, substitute, substitute.count)
        }
        return inspection
    }
}
