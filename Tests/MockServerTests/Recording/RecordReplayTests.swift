import Foundation
import MockServer
import ServerTestSupport
import StandInFixtures
import Testing

/// Recording through the proxy, then serving the recorded folder: the replay answers as the backend did.
@Suite(.serialized) struct RecordReplayTests {
    /// A backend: a second StandIn with its own fixtures.
    static let backend = [
        "users.json": fixtureJSON(
            path: "/users/{id}",
            response: #"{ "envelope": { "data": { "id": "{{path.id}}", "name": "Ada" } } }"#
        ),
        "config.json": fixtureJSON(
            path: "/config",
            response: #"""
                { "headers": { "Cache-Control": "max-age=60", "ETag": "\"v1\"", "X-Backend": "east" },
                  "json": { "feature": true, "limit": 2.50, "tags": ["a", "b"] } }
                """#
        ),
        "hello.json": fixtureJSON(path: "/hello", response: #"{ "text": "hello, world" }"#),
        "blob.json": fixtureJSON(path: "/blob", response: #"{ "base64": "AAECA/+A" }"#),
        "old.json": fixtureJSON(path: "/old", response: #"{ "status": 302, "headers": { "Location": "/new" } }"#),
        "gone.json": fixtureJSON(
            path: "/gone",
            response: #"{ "status": 404, "envelope": { "code": 40400, "message": "gone" } }"#
        ),
        "crash.json": fixtureJSON(path: "/crash", response: #"{ "status": 500, "json": { "error": "boom" } }"#),
        "orders.json": fixtureJSON(
            path: "/orders",
            method: "POST",
            response: #"{ "status": 201, "envelope": { "data": { "created": true } } }"#
        ),
    ]

    private static let calls: [(method: String, path: String, body: String?)] = [
        ("GET", "/users/42", nil), ("GET", "/config", nil), ("GET", "/hello", nil), ("GET", "/blob", nil),
        ("GET", "/gone", nil), ("GET", "/crash", nil), ("POST", "/orders", #"{"product":"BOOK-42"}"#),
    ]

    @Test func replayAnswersWhatTheProxyReturned() async throws {
        try await withMocks(Self.backend) { backendMocks in
            try await withServer(mocks: backendMocks) { backend in
                try await withMocks([:]) { mocks in
                    var seen: [FetchedResponse] = []
                    var seenRedirect = ""
                    try await withRecordingServer(upstream: backend, mocks: mocks) { proxy in
                        for call in Self.calls {
                            let body = call.body.map { Data($0.utf8) }
                            seen.append(try await fetch(proxy, call.path, method: call.method, body: body))
                        }
                        seenRedirect = try await rawGet("/old", port: proxy.port!)
                    }
                    let loaded = try FixtureLoader(directory: mocks).load()
                    #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
                    #expect(loaded.fixtures.count == Self.calls.count + 1)
                    try await withServer(mocks: mocks) { replay in
                        for (call, original) in zip(Self.calls, seen) {
                            let body = call.body.map { Data($0.utf8) }
                            let again = try await fetch(replay, call.path, method: call.method, body: body)
                            try expectSameAnswer(again, original, "\(call.method) \(call.path)")
                        }
                        let redirect = try await rawGet("/old", port: replay.port!)
                        #expect(redirect.hasPrefix("HTTP/1.1 302"))
                        #expect(redirect.contains("Location: /new"))
                        #expect(seenRedirect.hasPrefix("HTTP/1.1 302"))
                        #expect(seenRedirect.contains("Location: /new"))
                    }
                }
            }
        }
    }

    @Test func recordedFilesAreStableAndReadable() async throws {
        try await withMocks(Self.backend) { backendMocks in
            try await withServer(mocks: backendMocks) { backend in
                try await withMocks([:]) { mocks in
                    try await withRecordingServer(upstream: backend, mocks: mocks) { proxy in
                        _ = try await fetch(proxy, "/users/42")
                        _ = try await fetch(proxy, "/config?b=2&a=1")
                    }
                    #expect(files(under: mocks).contains("recorded/users/GET-users-42.json"))
                    let user = try String(
                        contentsOf: mocks.appendingPathComponent("recorded/users/GET-users-42.json"),
                        encoding: .utf8
                    )
                    #expect(
                        user == """
                            {
                              "request": {
                                "method": "GET",
                                "path": "/users/42"
                              },
                              "response": {
                                "status": 200,
                                "headers": {
                                  "Content-Type": "application/json"
                                },
                                "envelope": {
                                  "code": 0,
                                  "message": "success",
                                  "data": {
                                    "id": "42",
                                    "name": "Ada"
                                  }
                                }
                              }
                            }

                            """
                    )
                    let config = try #require(files(under: mocks).first { $0.hasPrefix("recorded/GET-config-") })
                    let before = try Data(contentsOf: mocks.appendingPathComponent(config))
                    #expect(String(decoding: before, as: UTF8.self).contains(#""ETag": "\"v1\"""#))
                    #expect(!String(decoding: before, as: UTF8.self).contains("Date"))
                    let summary = try await withRecordingServer(upstream: backend, mocks: mocks) { proxy in
                        _ = try await fetch(proxy, "/users/42")
                        _ = try await fetch(proxy, "/config?b=2&a=1")
                    }
                    #expect(try Data(contentsOf: mocks.appendingPathComponent(config)) == before)
                    #expect(summary.count(.unchanged) == 2)
                    #expect(summary.count(.new) == 0)
                }
            }
        }
    }

    @Test func gzipBodiesPassAsSentAndAreStoredDecodedChunkedOnesArriveWholeAndBothReplayTheSame() async throws {
        let gzip = try #require(
            Data(base64Encoded: "H4sIAAAAAAACA6tWqsosKEhNUbIqKSpN1VHKLEnNLVayijbUMdIxjq0FAN1VIJMfAAAA")
        )
        let gzipResponse =
            Array(
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: \(gzip.count)\r\nConnection: close\r\n\r\n"
                    .utf8
            ) + gzip
        let chunked = Array(
            "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n6\r\nhello \r\n5\r\nworld\r\n0\r\n\r\n"
                .utf8
        )
        let upstream = try RawUpstream(responses: ["/gzip": gzipResponse, "/chunked": chunked])
        defer { upstream.stop() }
        try await withMocks([:]) { mocks in
            var zipped: FetchedResponse?
            var pieces: FetchedResponse?
            try await withRecordingServer(upstream: upstream.url, mocks: mocks) { proxy in
                zipped = try await fetch(proxy, "/gzip")
                pieces = try await fetch(proxy, "/chunked")
            }
            let zippedAnswer = try #require(zipped)
            #expect(zippedAnswer.header("Content-Encoding") == "gzip", "passed on compressed, as the backend sent it")
            let file = try #require(files(under: mocks).first { $0.contains("gzip") })
            let stored = try String(contentsOf: mocks.appendingPathComponent(file), encoding: .utf8)
            #expect(stored.contains(#""zipped": true"#), "stored decoded, readable and searchable for secrets")
            #expect(!stored.contains("Content-Encoding"))
            #expect(try zippedAnswer.json()["zipped"] as? Bool == true)
            #expect(pieces?.text == "hello world")
            #expect(pieces?.header("Transfer-Encoding") == nil)
            try await withServer(mocks: mocks) { replay in
                try expectSameAnswer(try await fetch(replay, "/gzip"), zippedAnswer, "gzip")
                #expect(try await fetch(replay, "/chunked").text == "hello world")
            }
        }
    }

    @Test func largeBodiesGoToASiblingFileAndReplayByteForByte() async throws {
        let large = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let response =
            Array(
                "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: \(large.count)\r\n\r\n"
                    .utf8
            )
            + large
        let upstream = try RawUpstream(responses: ["/download": response])
        defer { upstream.stop() }
        try await withMocks([:]) { mocks in
            try await withRecordingServer(upstream: upstream.url, mocks: mocks) { proxy in
                let seen = try await fetch(proxy, "/download")
                #expect(seen.body == Data(large))
            }
            #expect(files(under: mocks) == ["recorded/GET-download.1.body", "recorded/GET-download.json"])
            try await withServer(mocks: mocks) { replay in
                let again = try await fetch(replay, "/download")
                #expect(again.body == Data(large))
                #expect(again.header("Content-Type") == "application/octet-stream")
            }
        }
    }
}

/// Status, Content-Type and body as the client would read them: JSON compared as values, an envelope with a fresh
/// request id.
func expectSameAnswer(_ replay: FetchedResponse, _ original: FetchedResponse, _ what: String) throws {
    #expect(replay.status == original.status, "\(what)")
    #expect(replay.header("Content-Type") == original.header("Content-Type"), "\(what)")
    guard original.header("Content-Type")?.contains("json") == true else {
        #expect(replay.body == original.body, "\(what)")
        return
    }
    var replayed = try replay.json()
    var seen = try original.json()
    if let seenId = seen.removeValue(forKey: "request_id") as? String {
        let fresh = try #require(replayed.removeValue(forKey: "request_id") as? String, "\(what)")
        #expect(fresh != seenId && !fresh.isEmpty, "\(what)")
        #expect(replay.header("X-Request-ID") == fresh, "\(what)")
    }
    let canonical = { (object: [String: Any]) in
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }
    #expect(try canonical(replayed) == canonical(seen), "\(what)")
}

/// A GET over a raw connection (URLSession would follow a redirect), as the text that came back.
func rawGet(_ path: String, port: Int) async throws -> String {
    let connection = try RawConnection(port: port)
    await connection.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    return await connection.readAll()
}
