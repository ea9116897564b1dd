import Foundation

/// Reads one HTTP/1.1 response from a connection's bytes: skips interim 1xx responses, then takes the head and the
/// body as its framing says (none for HEAD, 1xx, 204 and 304; chunked; `Content-Length`; or up to the close).
/// A chunked body is returned de-chunked, with its `Transfer-Encoding` field left in the head for the caller to drop.
/// Heads and bodies past their bounds are refused, whatever the server announces.
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
    private var buffer: [UInt8] = []
    private var start = 0

    init(maxHeadBytes: Int, maxBodyBytes: Int, receive: @escaping () throws -> [UInt8]) {
        self.maxHeadBytes = maxHeadBytes
        self.maxBodyBytes = maxBodyBytes
        self.receive = receive
    }

    /// The final response to a request (`toHEAD`: a HEAD request, whose response has no body).
    mutating func readResponse(toHEAD: Bool) throws -> TransportResponse {
        while true {
            let lines = try readHead()
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
            if hasNoBody { return TransportResponse(head: head) }
            let body: [UInt8]
            if fields[.transferEncoding]?.lowercased().contains("chunked") == true {
                body = try readChunked()
            } else if let length = fields[.contentLength] {
                guard let count = Int(length.trimmingCharacters(in: .whitespaces)), count >= 0 else {
                    throw Malformed(
                        description: "the response's Content-Length \(length.debugDescription) is no number"
                    )
                }
                body = try readExactly(count)
            } else {
                body = try readToEnd()
            }
            return TransportResponse(head: head, body: Data(body))
        }
    }

    /// The head's lines up to the empty line, without line ends.
    private mutating func readHead() throws -> [Substring] {
        let end = Array("\r\n\r\n".utf8)
        while true {
            if let range = buffer[start...].firstRange(of: end) {
                let text = String(decoding: buffer[start..<range.lowerBound], as: UTF8.self)
                start = range.upperBound
                return text.split(separator: "\r\n", omittingEmptySubsequences: false)
            }
            guard buffer.count - start <= maxHeadBytes else {
                throw Malformed(description: "the response head is larger than \(maxHeadBytes) bytes")
            }
            guard try fill() else { throw TransportError.connectionLost(underlying: nil) }
        }
    }

    private static func status(_ line: Substring) throws -> HTTPResponse.Status {
        let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3, let code = Int(parts[1]),
            (100...999).contains(code)
        else { throw Malformed(description: "the response starts with no HTTP/1.x status line: \(line.prefix(80))") }
        return HTTPResponse.Status(code: code, reasonPhrase: parts.count > 2 ? String(parts[2]) : "")
    }

    private mutating func readChunked() throws -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let line = try readLine()
            let sizeText = line.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size >= 0 else {
                throw Malformed(description: "a chunk of the response has no size: \(line.prefix(40))")
            }
            if size == 0 {
                while try !readLine().isEmpty {}
                return body
            }
            guard body.count + size <= maxBodyBytes else { throw tooLarge }
            body += try readExactly(size)
            _ = try readLine()
        }
    }

    private mutating func readLine() throws -> Substring {
        while true {
            if let range = buffer[start...].firstRange(of: Array("\r\n".utf8)) {
                let line = String(decoding: buffer[start..<range.lowerBound], as: UTF8.self)
                start = range.upperBound
                return Substring(line)
            }
            guard buffer.count - start <= maxHeadBytes else {
                throw Malformed(description: "a line of the response is longer than \(maxHeadBytes) bytes")
            }
            guard try fill() else { throw TransportError.connectionLost(underlying: nil) }
        }
    }

    private mutating func readExactly(_ count: Int) throws -> [UInt8] {
        guard count <= maxBodyBytes else { throw tooLarge }
        while buffer.count - start < count {
            guard try fill() else { throw TransportError.connectionLost(underlying: nil) }
        }
        defer { start += count }
        return Array(buffer[start..<start + count])
    }

    private mutating func readToEnd() throws -> [UInt8] {
        while try fill() {
            guard buffer.count - start <= maxBodyBytes else { throw tooLarge }
        }
        defer { start = buffer.count }
        return Array(buffer[start...])
    }

    /// Appends the next bytes to the buffer (dropping what was consumed); false at the end of the connection.
    private mutating func fill() throws -> Bool {
        if start > 0, start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        }
        let bytes = try receive()
        buffer += bytes
        return !bytes.isEmpty
    }

    private var tooLarge: Malformed {
        Malformed(description: "the response body is larger than \(maxBodyBytes) bytes")
    }
}
