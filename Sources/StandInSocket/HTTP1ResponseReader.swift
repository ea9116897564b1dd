import Foundation
import NetworkCore
import StandInSupport

/// Reads one HTTP/1.1 response from a connection's bytes: skips interim 1xx responses, then takes the head and the
/// body as its framing says (none for HEAD, 1xx, 204 and 304; chunked; `Content-Length`; or up to the close).
/// A chunked body is returned de-chunked, with its `Transfer-Encoding` field left in the head for the caller to drop.
/// The body is gathered in place as it arrives (no copy of it is made), or handed over piece by piece (`readHead`,
/// then `readBody`), and `onBodyProgress` hears how much has come.
///
/// Every number in a response is the server's to choose, so each is read strictly (a `Content-Length` of plain digits,
/// chunk sizes of plain hex digits, see `ChunkSizeLine`) and checked against a bound before any arithmetic, and what
/// a server could send without end is bounded too: the heads of a response, its interim ones and its trailer fields
/// included, share `maxHeadBytes`; the body takes at most `maxBodyBytes`, and its chunk-size lines as many again.
struct HTTP1ResponseReader {
    /// Why a response could not be read.
    struct Malformed: Error, CustomStringConvertible, LocalizedError {
        let description: String
        var errorDescription: String? { description }
    }

    let maxHeadBytes: Int
    let maxBodyBytes: Int
    /// The next bytes from the connection; empty at its end.
    let receive: () throws -> [UInt8]
    /// Hears the body's bytes received so far and its length when the head names it: once before the body (0 bytes,
    /// when the length is known) and after each read.
    let onBodyProgress: (_ received: Int, _ length: Int?) -> Void
    private var buffer: [UInt8] = []
    private var start = 0
    /// The head bytes not yet used by this response's heads and trailer fields.
    private var headBudget: Int
    /// The body's length as the head names it, once it has been read.
    private var announcedLength: Int?
    /// The body bytes handed over so far.
    private var received = 0

    init(
        maxHeadBytes: Int,
        maxBodyBytes: Int,
        onBodyProgress: @escaping (_ received: Int, _ length: Int?) -> Void = { _, _ in },
        receive: @escaping () throws -> [UInt8]
    ) {
        self.maxHeadBytes = maxHeadBytes
        self.maxBodyBytes = maxBodyBytes
        self.onBodyProgress = onBodyProgress
        self.receive = receive
        headBudget = maxHeadBytes
    }

    /// How a response's body is framed, as its head says.
    enum BodyFraming: Equatable {
        /// No body (a response to HEAD; 1xx, 204, 304).
        case none
        /// Chunks, up to the last (zero-size) chunk and its trailer fields.
        case chunked
        /// Exactly this many bytes.
        case length(Int)
        /// Every byte up to the connection's end.
        case toEnd
    }

    /// The final response to a request (`toHEAD`: a HEAD request, whose response has no body), body and all.
    mutating func readResponse(toHEAD: Bool) throws -> TransportResponse {
        let (head, framing) = try readHead(toHEAD: toHEAD)
        return TransportResponse(head: head, body: try readWholeBody(framing))
    }

    /// Reads the body `framing` describes into one buffer, gathered in place as it arrives.
    mutating func readWholeBody(_ framing: BodyFraming) throws -> Data {
        var body = Data()
        if case .length(let count) = framing { body.reserveCapacity(count) }
        try readBody(framing) { body.append($0) }
        return body
    }

    /// The final response's head (interim 1xx responses skipped), and how its body is framed.
    mutating func readHead(toHEAD: Bool) throws -> (head: HTTPResponse, framing: BodyFraming) {
        while true {
            let lines = try readHeadLines()
            let status = try Self.status(lines.first ?? "")
            if (100..<200).contains(status.code), status.code != 101 { continue }
            var fields = HTTPFields()
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":"), let name = HTTPField.Name(String(line[..<colon])) else {
                    continue
                }
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                fields.append(HTTPField(name: name, value: value))
            }
            let head = HTTPResponse(status: status, headerFields: fields)
            let hasNoBody = toHEAD || (100..<200).contains(status.code) || status.code == 204 || status.code == 304
            if hasNoBody { return (head, .none) }
            if fields[.transferEncoding]?.lowercased().contains("chunked") == true { return (head, .chunked) }
            guard let length = fields[.contentLength] else { return (head, .toEnd) }
            let count = try Self.contentLength(length)
            guard count <= maxBodyBytes else { throw tooLarge }
            return (head, .length(count))
        }
    }

    /// Reads the body `framing` describes, handing each piece to `piece` as it arrives (de-chunked); `piece` may
    /// throw to stop reading.
    mutating func readBody(_ framing: BodyFraming, piece: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        switch framing {
        case .none:
            return
        case .chunked:
            try readChunked(piece)
        case .length(let count):
            announcedLength = count
            onBodyProgress(0, count)
            try readExactly(count, piece)
        case .toEnd:
            try readToEnd(piece)
        }
    }

    /// The head's lines up to the empty line, without line ends; its bytes come out of the head budget.
    private mutating func readHeadLines() throws -> [Substring] {
        let end = Array("\r\n\r\n".utf8)
        // Bytes after `start` already searched: each read is searched once, whatever the pieces it comes in.
        var searched = 0
        while true {
            if let range = buffer[(start + max(0, searched - end.count + 1))...].firstRange(of: end) {
                try spendHeadBudget(range.upperBound - start)
                let text = String(decoding: buffer[start..<range.lowerBound], as: UTF8.self)
                start = range.upperBound
                return text.split(separator: "\r\n", omittingEmptySubsequences: false)
            }
            try spendHeadBudget(buffer.count - start, consumed: false)
            searched = buffer.count - start
            guard try fill() else { throw TransportError.connectionLost(underlying: nil) }
        }
    }

    /// Takes `count` bytes from the head budget (`consumed`), or only checks that they fit.
    private mutating func spendHeadBudget(_ count: Int, consumed: Bool = true) throws {
        guard count <= headBudget else {
            throw Malformed(description: "the response's heads and trailers are larger than \(maxHeadBytes) bytes")
        }
        if consumed { headBudget -= count }
    }

    /// The body length a `Content-Length` value names: plain digits, within the body bound.
    private static func contentLength(_ value: String) throws -> Int {
        let digits = value.trimmingCharacters(in: .whitespaces)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            throw Malformed(description: "the response's Content-Length \(value.debugDescription) is no number")
        }
        // Digits that do not fit an Int are past any bound.
        return Int(digits) ?? .max
    }

    private static func status(_ line: Substring) throws -> HTTPResponse.Status {
        let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3, let code = Int(parts[1]),
            (100...999).contains(code)
        else { throw Malformed(description: "the response starts with no HTTP/1.x status line: \(line.prefix(80))") }
        return HTTPResponse.Status(code: code, reasonPhrase: parts.count > 2 ? String(parts[2]) : "")
    }

    private mutating func readChunked(_ piece: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        var framingBudget = maxBodyBytes
        while true {
            guard framingBudget > 0 else {
                throw Malformed(description: "the response's chunk-size lines are larger than \(maxBodyBytes) bytes")
            }
            let line = try readLine(limit: min(maxHeadBytes, framingBudget))
            framingBudget -= line.count + 2
            var sizeLine = ChunkSizeLine()
            sizeLine.read(line)
            let size: Int
            do {
                size = try sizeLine.size()
            } catch {
                let shown = String(decoding: line.prefix(40), as: UTF8.self).debugDescription
                throw Malformed(description: "a chunk of the response starts with \(error): \(shown)")
            }
            if size == 0 {
                try readTrailers()
                return
            }
            guard size <= maxBodyBytes - received else { throw tooLarge }
            try readExactly(size, piece)
            try readChunkEnd()
        }
    }

    /// Reads the CRLF that ends a chunk's data.
    private mutating func readChunkEnd() throws {
        while buffer.count - start < 2 {
            guard try fill() else { throw TransportError.connectionLost(underlying: nil) }
        }
        guard buffer[start] == UInt8(ascii: "\r"), buffer[start + 1] == UInt8(ascii: "\n") else {
            throw Malformed(description: "a chunk of the response is longer than its size says")
        }
        start += 2
    }

    /// Reads the trailer fields after the last chunk, up to the empty line; their bytes come out of the head budget.
    private mutating func readTrailers() throws {
        while true {
            let line = try readLine(limit: headBudget)
            try spendHeadBudget(line.count + 2)
            if line.isEmpty { return }
        }
    }

    /// The next line's bytes, without its CRLF; refused when longer than `limit` bytes.
    private mutating func readLine(limit: Int) throws -> ArraySlice<UInt8> {
        var searched = 0
        while true {
            if let range = buffer[(start + max(0, searched - 1))...].firstRange(of: Array("\r\n".utf8)) {
                guard range.lowerBound - start <= limit else { throw lineTooLong(limit) }
                defer { start = range.upperBound }
                return buffer[start..<range.lowerBound]
            }
            // The CR of the line's CRLF may already be here.
            guard buffer.count - start - 1 <= limit else { throw lineTooLong(limit) }
            searched = buffer.count - start
            guard try fill() else { throw TransportError.connectionLost(underlying: nil) }
        }
    }

    private func lineTooLong(_ limit: Int) -> Malformed {
        Malformed(description: "a line of the response's body framing is longer than \(limit) bytes")
    }

    /// Hands the next `count` bytes to `piece`, as they arrive.
    private mutating func readExactly(_ count: Int, _ piece: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        var needed = count
        while true {
            let available = min(needed, buffer.count - start)
            try take(available, piece)
            needed -= available
            if needed == 0 { return }
            guard try fill() else { throw TransportError.connectionLost(underlying: nil) }
        }
    }

    /// Hands every byte up to the connection's end to `piece`, as they arrive.
    private mutating func readToEnd(_ piece: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        repeat {
            guard buffer.count - start <= maxBodyBytes - received else { throw tooLarge }
            try take(buffer.count - start, piece)
        } while try fill()
    }

    /// Hands `count` buffered bytes to `piece`, and says how much of the body has come.
    private mutating func take(_ count: Int, _ piece: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        guard count > 0 else { return }
        try buffer[start..<start + count].withUnsafeBufferPointer { try piece($0) }
        start += count
        received += count
        onBodyProgress(received, announcedLength)
    }

    /// Appends the next bytes to the buffer, first dropping what was consumed (so the buffer holds at most the item
    /// being read and one read more); false at the end of the connection.
    private mutating func fill() throws -> Bool {
        if start > 0 {
            buffer.removeSubrange(..<start)
            start = 0
        }
        let bytes = try receive()
        buffer += bytes
        return !bytes.isEmpty
    }

    private var tooLarge: ResponseBodyTooLarge {
        ResponseBodyTooLarge(limit: maxBodyBytes)
    }
}
