import Foundation
import Testing

/// What a web page in a browser on the same machine can make the browser send to the admin API, over real sockets.
@Suite struct AdminBrowserTests {
    private static let fixture = #"{"request": {"path": "/planted"}, "response": {"text": "planted"}}"#

    /// Sends one raw request and returns the status line's code.
    private func status(_ base: URL, _ head: String, body: String = "") async throws -> Int {
        let connection = try RawConnection(port: base.port!)
        connection.send(head + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body)
        let reply = await connection.readAll()
        return Int(reply.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    @Test func aReboundHostNameCannotReadTheJournal() async throws {
        try await withServer { base async throws in
            let port = base.port!
            #expect(try await status(base, "GET /__standin/requests HTTP/1.1\r\nHost: evil.example:\(port)\r\n") == 403)
            #expect(try await status(base, "GET /__standin/requests HTTP/1.1\r\nHost: localhost:\(port)\r\n") == 200)
            let refusal = try await fetch(base, "/__standin/requests", headers: ["Origin": "http://evil.example"])
            #expect(refusal.status == 403)
            #expect((try refusal.json()["message"] as? String)?.contains("Origin: http://evil.example") == true)
        }
    }

    @Test func aCrossSiteFormPostCannotPlantAFixture() async throws {
        try await withServer { base async throws in
            let port = base.port!
            let textPlain =
                "POST /__standin/fixtures HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: text/plain\r\n"
            #expect(try await status(base, textPlain, body: Self.fixture) == 403)
            let evilOrigin =
                "POST /__standin/fixtures HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/json\r\n"
                + "Origin: https://evil.example\r\n"
            #expect(try await status(base, evilOrigin, body: Self.fixture) == 403)
            #expect(try await fetch(base, "/planted").status == 404)
            let sameOrigin =
                "POST /__standin/fixtures HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/json\r\n"
                + "Origin: http://localhost:\(port)\r\n"
            #expect(try await status(base, sameOrigin, body: Self.fixture) == 201)
            #expect(try await fetch(base, "/planted").text == "planted")
        }
    }

    @Test func aTokenReplacesTheBrowserChecks() async throws {
        try await withServer(adminToken: "t0k") { base async throws in
            let head =
                "POST /__standin/reset HTTP/1.1\r\nHost: standin.internal\r\nAuthorization: Bearer t0k\r\n"
                + "Content-Type: text/plain\r\n"
            #expect(try await status(base, head) == 200)
        }
    }
}
