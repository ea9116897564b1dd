import Foundation
import NetworkCore
import Testing

@testable import StandInSocket

/// The socket transport's response reader, fed by hand: however the bytes are cut, it reads the same response.
@Suite struct HTTP1ResponseReaderTests {
    static let response = Array(
        ("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nX-A: 1\r\n\r\n"
            + "5 ;ext=1\r\nhello\r\nB\r\n, the world\r\n0\r\nX-Trailer: 2\r\n\r\n").utf8
    )

    @Test(arguments: [1, 2, 3, 7, 4096])
    func readsTheSameResponseInPiecesOfAnySize(_ size: Int) throws {
        var pieces = stride(from: 0, to: Self.response.count, by: size).map { start in
            Array(Self.response[start..<min(start + size, Self.response.count)])
        }
        var reader = HTTP1ResponseReader(maxHeadBytes: 1024, maxBodyBytes: 1024) {
            pieces.isEmpty ? [] : pieces.removeFirst()
        }
        let answer = try reader.readResponse(toHEAD: false)
        #expect(answer.head.status.code == 200)
        #expect(answer.head.headerFields[HTTPField.Name("X-A")!] == "1")
        #expect(String(decoding: answer.body, as: UTF8.self) == "hello, the world")
    }
}
