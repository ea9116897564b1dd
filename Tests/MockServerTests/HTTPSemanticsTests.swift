import Foundation
import ServerTestSupport
import Testing

/// What a client expects of HTTP whatever the fixtures say: HEAD, no body where none belongs, CORS, and envelope
/// errors for methods no fixture answers.
@Suite struct HTTPSemanticsTests {
    private static let mocks = [
        "ping.json": #"{ "request": { "method": "ANY", "path": "/ping" }, "response": { "text": "pong" } }"#,
        "articles/list.json": #"""
        { "request": { "path": "/articles" },
          "response": { "headers": { "Cache-Control": "no-store" }, "json": [ { "id": 1, "title": "Hello" } ] } }
        """#,
        "articles/create.json": #"""
        { "request": { "method": "POST", "path": "/articles" }, "response": { "status": 201, "json": {} } }
        """#,
        "purge.json": #"{ "request": { "method": "PURGE", "path": "/cache" }, "response": { "text": "purged" } }"#,
        "custom-options.json": #"""
        { "request": { "method": "OPTIONS", "path": "/custom" }, "response": { "text": "mine" } }
        """#,
        "standin.json": #"""
        { "headers": { "X-Backend": "standin" },
          "cors": { "allowOrigin": "http://localhost:3000", "allowMethods": ["GET", "POST"],
                    "allowHeaders": "*", "allowCredentials": true, "maxAge": 600 } }
        """#,
    ]

    /// Runs `body` against a server with the suite's fixtures.
    private func withSemanticsServer(_ body: (URL) async throws -> Void) async throws {
        try await withMocks(Self.mocks) { mocks async throws in
            try await withServer(mocks: mocks, body)
        }
    }

    /// Sends `requests` on one connection and returns everything the server answered until it closed.
    private func exchange(_ base: URL, _ requests: String) async throws -> String {
        let connection = try RawConnection(port: base.port!, timeout: 30)
        await connection.send(requests.replacingOccurrences(of: "\n", with: "\r\n"))
        return await connection.readAll()
    }

    @Test func headAnswersLikeGetWithoutTheBody() async throws {
        try await withSemanticsServer { base async throws in
            let get = try await fetch(base, "/articles")
            let head = try await exchange(base, "HEAD /articles HTTP/1.1\nHost: a\nConnection: close\n\n")
            let (headers, rest) = try #require(Self.split(head))
            #expect(headers.hasPrefix("HTTP/1.1 200"))
            #expect(headers.contains("Content-Length: \(get.body.count)"))
            #expect(headers.contains("Cache-Control: no-store"))
            #expect(headers.contains("Content-Type: application/json"))
            #expect(rest.isEmpty)
        }
    }

    @Test func headOfAnAnyFixtureSendsNoBody() async throws {
        try await withSemanticsServer { base async throws in
            let head = try await exchange(base, "HEAD /ping HTTP/1.1\nHost: a\nConnection: close\n\n")
            let (headers, rest) = try #require(Self.split(head))
            #expect(headers.contains("Content-Length: 4"))
            #expect(rest.isEmpty)
        }
    }

    @Test func forcedNoContentSendsNoBodyAndTheConnectionStaysUsable() async throws {
        try await withSemanticsServer { base async throws in
            let answers = try await exchange(
                base,
                "GET /articles HTTP/1.1\nHost: a\nX-StandIn-Status: 204\n\n"
                    + "GET /ping HTTP/1.1\nHost: a\nConnection: close\n\n"
            )
            let (first, rest) = try #require(Self.split(answers))
            #expect(first.hasPrefix("HTTP/1.1 204"))
            #expect(!first.contains("Content-Length"))
            let (second, body) = try #require(Self.split(rest))
            #expect(second.hasPrefix("HTTP/1.1 200"))
            #expect(body == "pong")
        }
    }

    @Test func statusLinesCarryTheStandardReasonPhrase() async throws {
        try await withSemanticsServer { base async throws in
            let phrases = [
                429: "Too Many Requests", 431: "Request Header Fields Too Large", 422: "Unprocessable Content",
                507: "Insufficient Storage", 404: "Not Found",
            ]
            for (status, phrase) in phrases {
                let answer = try await exchange(
                    base,
                    "GET /articles HTTP/1.1\nHost: a\nX-StandIn-Status: \(status)\nConnection: close\n\n"
                )
                #expect(answer.hasPrefix("HTTP/1.1 \(status) \(phrase)\r\n"), "\(answer.prefix(60).debugDescription)")
            }
        }
    }

    @Test func preflightIsAnsweredFromTheCORSSettings() async throws {
        try await withSemanticsServer { base async throws in
            let response = try await fetch(
                base,
                "/articles",
                method: "OPTIONS",
                headers: [
                    "Origin": "http://localhost:3000", "Access-Control-Request-Method": "POST",
                    "Access-Control-Request-Headers": "authorization, x-trace",
                ]
            )
            #expect(response.status == 204)
            #expect(response.body.isEmpty)
            #expect(response.header("Access-Control-Allow-Origin") == "http://localhost:3000")
            #expect(response.header("Access-Control-Allow-Methods") == "GET, POST")
            #expect(response.header("Access-Control-Allow-Headers") == "authorization, x-trace")
            #expect(response.header("Access-Control-Allow-Credentials") == "true")
            #expect(response.header("Access-Control-Max-Age") == "600")
        }
    }

    @Test func aFixtureThatAnswersOptionsWinsOverThePreflight() async throws {
        try await withSemanticsServer { base async throws in
            let response = try await fetch(
                base,
                "/custom",
                method: "OPTIONS",
                headers: ["Origin": "http://localhost:3000", "Access-Control-Request-Method": "GET"]
            )
            #expect(response.status == 200)
            #expect(response.text == "mine")
            #expect(response.header("Access-Control-Allow-Origin") == "http://localhost:3000")
        }
    }

    @Test func everyResponseCarriesTheAllowedOrigin() async throws {
        try await withSemanticsServer { base async throws in
            for path in ["/articles", "/nowhere", "/__standin/health"] {
                let response = try await fetch(base, path)
                #expect(response.header("Access-Control-Allow-Origin") == "http://localhost:3000")
                #expect(response.header("X-Backend") == (path.hasPrefix("/__standin") ? nil : "standin"))
            }
        }
    }

    @Test func aMethodThePathDoesNotAnswerGets405WithAllow() async throws {
        try await withSemanticsServer { base async throws in
            let response = try await fetch(base, "/articles", method: "DELETE")
            #expect(response.status == 405)
            #expect(response.header("Allow") == "GET, HEAD, POST")
            let json = try response.json()
            #expect(json["code"] as? Int == 405)
            #expect((json["message"] as? String)?.hasPrefix("no fixture matches DELETE /articles") == true)
        }
    }

    @Test func aMethodOnAnUnknownPathGets404() async throws {
        try await withSemanticsServer { base async throws in
            let response = try await fetch(base, "/nowhere", method: "PATCH")
            #expect(response.status == 404)
            #expect(response.header("Allow") == nil)
            #expect(try response.json()["code"] as? Int == 404)
        }
    }

    @Test func aMethodLibeventDoesNotKnowIsAnsweredByItsFixture() async throws {
        try await withSemanticsServer { base async throws in
            let response = try await fetch(base, "/cache", method: "PURGE")
            #expect(response.status == 200)
            #expect(response.text == "purged")
        }
    }

    @Test func aMisspeltMethodGetsAnEnvelope405() async throws {
        try await withSemanticsServer { base async throws in
            let response = try await fetch(base, "/articles", method: "PSOT")
            #expect(response.status == 405)
            #expect(response.header("Allow") == "GET, HEAD, POST")
            #expect((try response.json()["message"] as? String)?.hasPrefix("no fixture matches PSOT /articles") == true)
        }
    }

    @Test func pipelinedExtensionMethodsEachKeepTheirOwnMethod() async throws {
        try await withSemanticsServer { base async throws in
            let answers = try await exchange(
                base,
                "PURGE /cache HTTP/1.1\nHost: a\n\nBREW /articles HTTP/1.1\nHost: a\nConnection: close\n\n"
            )
            let (first, rest) = try #require(Self.split(answers))
            #expect(first.hasPrefix("HTTP/1.1 200"))
            #expect(rest.hasPrefix("purged"))
            let (second, body) = try #require(Self.split(String(rest.dropFirst("purged".count))))
            #expect(second.hasPrefix("HTTP/1.1 405"))
            #expect(body.contains("no fixture matches BREW /articles"))
        }
    }

    @Test func anExtensionMethodSentInPiecesIsRecognised() async throws {
        try await withSemanticsServer { base async throws in
            let connection = try RawConnection(port: base.port!, timeout: 30)
            // The pieces are sent from a thread of its own, so that the pause between them is 50 ms on a busy
            // machine too, not however long the test waits for a shared thread (the server's read timeout is 30 s).
            await onOwnThread {
                connection.sendNow("PU")
                Thread.sleep(forTimeInterval: 0.05)
                connection.sendNow("RGE /cache HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
            }
            let answer = await connection.readAll()
            #expect(answer.hasPrefix("HTTP/1.1 200"))
            #expect(answer.hasSuffix("purged"))
        }
    }

    /// Splits an HTTP message at the end of its head: (status line and headers, what follows).
    private static func split(_ message: String) -> (head: String, rest: String)? {
        guard let end = message.range(of: "\r\n\r\n") else { return nil }
        return (String(message[..<end.lowerBound]), String(message[end.upperBound...]))
    }
}
