import Foundation
import ServerTestSupport
import Testing

/// What a web page in a browser on the same machine can make the browser send to the admin API, over real sockets.
@Suite struct AdminBrowserTests {
    private static let fixture = #"{"request": {"path": "/planted"}, "response": {"text": "planted"}}"#

    /// Sends one raw request and returns the status line's code.
    private func status(_ base: URL, _ head: String, body: String = "") async throws -> Int {
        let connection = try RawConnection(port: base.port!)
        await connection.send(head + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body)
        let reply = await connection.readAll()
        return Int(reply.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    @Test func aReboundHostNameCannotReadTheJournal() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            let port = base.port!
            #expect(try await status(base, "GET /__standin/requests HTTP/1.1\r\nHost: evil.example:\(port)\r\n") == 403)
            #expect(try await status(base, "GET /__standin/requests HTTP/1.1\r\nHost: localhost:\(port)\r\n") == 200)
            let refusal = try await fetch(base, "/__standin/requests", headers: ["Origin": "http://evil.example"])
            #expect(refusal.status == 403)
            #expect((try refusal.json()["message"] as? String)?.contains("Origin: http://evil.example") == true)
        }
    }

    @Test func aCrossSiteFormPostCannotPlantAFixture() async throws {
        try await withServer(mocks: testMocks) { base async throws in
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

    /// Sends `method path` as `curl -X METHOD` does with no `-d`: no body, no `Content-Length`, no `Content-Type`.
    private func bodiless(_ method: String, _ path: String, port: Int, headers: String = "") async throws -> Int {
        let connection = try RawConnection(port: port)
        await connection.send(
            "\(method) \(path) HTTP/1.1\r\nHost: localhost:\(port)\r\n\(headers)Connection: close\r\n\r\n"
        )
        let reply = await connection.readAll()
        return Int(reply.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    @Test func aWriteWithoutABodyNeedsNoContentType() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            let port = base.port!
            #expect(try await bodiless("POST", "/__standin/reset", port: port) == 200)
            #expect(try await bodiless("POST", "/__standin/reload", port: port) == 200)
            #expect(try await bodiless("POST", "/__standin/sessions", port: port) == 201)
            let created = try await fetch(base, "/__standin/sessions", method: "POST")
            let id = try #require(try created.json()["id"] as? String)
            let session = try #require((try created.json()["baseURL"] as? String).flatMap(URL.init(string:)))
            #expect(try await bodiless("POST", "/__standin/reset", port: session.port!) == 200)
            #expect(
                try await bodiless("POST", "/__standin/reset", port: port, headers: "X-StandIn-Session: \(id)\r\n")
                    == 200
            )
        }
    }

    @Test func aWriteWithABodyMustStillSayJSON() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            let port = base.port!
            let untyped = "POST /__standin/fixtures HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
            #expect(try await status(base, untyped, body: Self.fixture) == 403)
            let typedButEmpty =
                "POST /__standin/reset HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: text/plain\r\n"
            #expect(try await status(base, typedButEmpty) == 403)
            #expect(try await fetch(base, "/planted").status == 404)
        }
    }

    @Test func aCrossSiteBodilessPostCannotReset() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            let port = base.port!
            for origin in ["https://evil.example", "null"] {
                let header = "Origin: \(origin)\r\n"
                let refused = try await bodiless("POST", "/__standin/reset", port: port, headers: header)
                #expect(refused == 403, "\(origin)")
            }
            let rebound = "POST /__standin/reset HTTP/1.1\r\nHost: evil.example:\(port)\r\nConnection: close\r\n\r\n"
            let connection = try RawConnection(port: port)
            await connection.send(rebound)
            #expect(await connection.readAll().hasPrefix("HTTP/1.1 403"))
        }
    }

    @Test func aTokenReplacesTheBrowserChecks() async throws {
        try await withServer(mocks: testMocks, adminToken: "t0k") { base async throws in
            let head =
                "POST /__standin/reset HTTP/1.1\r\nHost: standin.internal\r\nAuthorization: Bearer t0k\r\n"
                + "Content-Type: text/plain\r\n"
            #expect(try await status(base, head) == 200)
        }
    }
}
