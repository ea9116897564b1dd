import Foundation
import ServerTestSupport
import Testing

/// Requests that evhttp would parse leniently are refused as RFC 9112 says, and the connection is closed, so that
/// nothing after a flawed head is read as a request of its own.
@Suite struct StrictHTTPTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let head: String
        let status: Int
        var testDescription: String { name }
    }

    static let refused: [Case] = [
        Case(
            name: "duplicate Content-Length",
            head: "POST /text HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 40\r\n\r\nabc",
            status: 400
        ),
        Case(
            name: "Content-Length +3",
            head: "POST /text HTTP/1.1\r\nHost: x\r\nContent-Length: +3\r\n\r\nabc",
            status: 400
        ),
        Case(
            name: "space before the colon",
            head: "POST /text HTTP/1.1\r\nHost: x\r\nContent-Length : 3\r\n\r\nabc",
            status: 400
        ),
        Case(
            name: "NUL in a header value",
            head: "GET /text HTTP/1.1\r\nHost: x\r\nX-Note: a\u{0}b\r\n\r\n",
            status: 400
        ),
        Case(
            name: "control character in a header value",
            head: "GET /text HTTP/1.1\r\nHost: x\r\nX-Note: a\u{1}b\r\n\r\n",
            status: 400
        ),
        Case(name: "bare CR", head: "GET /text HTTP/1.1\r\nHost: x\r\nX-Note: a\rb\r\n\r\n", status: 400),
        Case(name: "obs-fold", head: "GET /text HTTP/1.1\r\nHost: x\r\nX-Note: a\r\n  b\r\n\r\n", status: 400),
        Case(name: "HTTP/1.9", head: "GET /text HTTP/1.9\r\nHost: x\r\n\r\n", status: 505),
        Case(name: "HTTP/0.9", head: "GET /text HTTP/0.9\r\nHost: x\r\n\r\n", status: 505),
        Case(
            name: "Transfer-Encoding with Content-Length",
            head:
                "POST /text HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n",
            status: 400
        ),
        Case(name: "chunk size 0x3", head: chunked("0x3\r\nabc\r\n0\r\n\r\n"), status: 400),
        Case(name: "chunk size +3", head: chunked("+3\r\nabc\r\n0\r\n\r\n"), status: 400),
        Case(name: "chunk size after a space", head: chunked(" 3\r\nabc\r\n0\r\n\r\n"), status: 400),
        Case(name: "chunk size then words", head: chunked("3 words\r\nabc\r\n0\r\n\r\n"), status: 400),
        Case(name: "chunk data without its CRLF", head: chunked("3\r\nabc0\r\n\r\n"), status: 400),
        Case(name: "last chunk size 0x0", head: chunked("3\r\nabc\r\n0x0\r\n\r\n"), status: 400),
        Case(name: "second Host", head: "GET /text HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n", status: 400),
        Case(name: "no Host in HTTP/1.1", head: "GET /text HTTP/1.1\r\nAccept: */*\r\n\r\n", status: 400),
        Case(name: "two spaces before the target", head: "GET  /text HTTP/1.1\r\nHost: x\r\n\r\n", status: 400),
        Case(name: "two spaces after the target", head: "GET /text  HTTP/1.1\r\nHost: x\r\n\r\n", status: 400),
        Case(
            name: "unknown transfer coding",
            head: "POST /text HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n",
            status: 501
        ),
    ]

    /// A chunked `POST /text` whose body is `chunks`.
    private static func chunked(_ chunks: String) -> String {
        "POST /text HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n" + chunks
    }

    @Test(arguments: refused)
    func flawedRequestIsRefusedAndNothingAfterItIsServed(_ flawed: Case) async throws {
        try await withServer(mocks: testMocks) { base async throws in
            let connection = try RawConnection(port: base.port!)
            await connection.send(flawed.head + "GET /text HTTP/1.1\r\nHost: x\r\n\r\n")
            let reply = await connection.readAll()
            // evhttp echoes the request's version in the status line (HTTP/1.9 505).
            #expect(reply.hasPrefix("HTTP/1."), "got \(reply.prefix(60).debugDescription)")
            #expect(reply.dropFirst(8).hasPrefix(" \(flawed.status) "), "got \(reply.prefix(60).debugDescription)")
            #expect(!reply.contains("plain words"), "the bytes after the flawed head were served as a request")
            #expect(try await fetch(base, "/text").text == "plain words")
        }
    }

    @Test func flawInAPipelinedRequestIsFoundAfterAGoodOne() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            let connection = try RawConnection(port: base.port!)
            await connection.send(
                "GET /text HTTP/1.1\r\nHost: x\r\n\r\nGET /text HTTP/1.1\r\nHost: x\r\nX-Note: a\u{0}b\r\n\r\n"
            )
            let reply = await connection.readAll()
            #expect(reply.hasPrefix("HTTP/1.1 200 "), "got \(reply.prefix(60).debugDescription)")
            #expect(reply.components(separatedBy: "plain words").count == 2)
            #expect(reply.contains("HTTP/1.1 400 "))
        }
    }

    @Test func headArrivingByteByByteIsScannedWhole() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            let connection = try RawConnection(port: base.port!)
            for byte in Array("GET /text HTTP/1.1\r\nHost: x\r\nX-Note: a\u{0}b\r\n\r\n".utf8) {
                await connection.send([byte])
            }
            let reply = await connection.readAll()
            #expect(reply.hasPrefix("HTTP/1.1 400 "), "got \(reply.prefix(60).debugDescription)")
        }
    }

    @Test(arguments: [
        "GET /text HTTP/1.0\r\nHost: x\r\n\r\n",
        "GET /text HTTP/1.0\r\n\r\n",
        "GET /text HTTP/1.1\nHost: x\n\n",
        "GET /text HTTP/1.1\r\nHost: x\r\nX-Note: tab\there\r\n\r\n",
        "GET /text HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n",
    ])
    func soundRequestIsServed(_ head: String) async throws {
        try await withServer(mocks: testMocks) { base async throws in
            let connection = try RawConnection(port: base.port!, timeout: 2)
            await connection.send(head)
            let reply = await connection.readAvailable()
            #expect(reply.contains(" 200 "), "got \(reply.prefix(60).debugDescription)")
        }
    }

    /// Chunk sizes in any case and with leading zeros, an extension after a space, and trailer fields are sound: the
    /// request reaches the fixtures (`/text` answers POST with 405) and the connection goes on.
    @Test func soundChunkedBodyIsServed() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            let connection = try RawConnection(port: base.port!)
            await connection.send(
                Self.chunked("A\r\n0123456789\r\n00b ;note=1\r\nhello world\r\n0\r\nX-Sum: 1\r\n\r\n")
            )
            await connection.send("GET /text HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            let reply = await connection.readAll()
            #expect(reply.hasPrefix("HTTP/1.1 405 "), "got \(reply.prefix(60).debugDescription)")
            #expect(reply.contains("plain words"))
        }
    }

    /// A body read slowly (`X-StandIn-Read-Rate`) is scanned as it trickles in: its flaw is found all the same.
    @Test func chunkedBodyReadAtARateIsScannedToo() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            let head =
                "POST /text HTTP/1.1\r\nHost: x\r\nX-StandIn-Read-Rate: 100B/s\r\nTransfer-Encoding: chunked\r\n\r\n"
            let sound = try RawConnection(port: base.port!, timeout: 10)
            await sound.send(head + "5\r\nhello\r\n0\r\n\r\n")
            #expect(await sound.readAvailable().hasPrefix("HTTP/1.1 405 "))
            let flawed = try RawConnection(port: base.port!, timeout: 10)
            await flawed.send(head + "5\r\nhello\r\n0x0\r\n\r\n")
            #expect(await flawed.readAll().hasPrefix("HTTP/1.1 400 "))
        }
    }

    /// libevent's chunk parser takes a chunk size followed by nothing or a space, and reports anything else as too
    /// much data: a chunk extension right after the size gets 413 (see docs/http-strictness.md), one after a space
    /// is read and ignored. Either way the server goes on serving.
    @Test func chunkExtensionIsIgnoredAfterASpaceAndRefusedWithout() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            let head = "POST /text HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
            let spaced = try RawConnection(port: base.port!, timeout: 2)
            await spaced.send(head + "3 ;note=1\r\nabc\r\n0\r\n\r\n")
            #expect(await spaced.readAvailable().hasPrefix("HTTP/1.1 405 "))
            let tight = try RawConnection(port: base.port!)
            await tight.send(head + "3;note=1\r\nabc\r\n0\r\n\r\n")
            #expect(await tight.readAll().hasPrefix("HTTP/1.1 413 "))
            #expect(try await fetch(base, "/text").text == "plain words")
        }
    }
}
