import Foundation
import MockServer
import NetworkCore
import ServerTestSupport
import StandInFixtures
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What recording must never do: put secrets on disk, write outside its folder, lose answers under load, or write
/// anything for an answer that never came.
@Suite(.serialized) struct RecordSafetyTests {
    @Test func secretsNeverReachTheFiles() async throws {
        let echo = fixtureJSON(
            path: "/me",
            method: "POST",
            response: #"""
                { "headers": { "Set-Cookie": "session=cookie-value-777; Path=/", "X-Echo": "{{header.Authorization}}" },
                  "json": { "auth": "{{header.Authorization}}", "session": "{{header.X-Session}}",
                            "password": "{{body.password}}", "nested": { "password": "hunter22" } } }
                """#
        )
        try await withMocks(["me.json": echo]) { backendMocks in
            try await withServer(mocks: backendMocks) { backend in
                try await withMocks([:]) { mocks in
                    let rules = RecordingRules(
                        redactor: Redactor(headers: ["X-Session"], jsonFields: ["password"]),
                        matchHeaders: ["Authorization"]
                    )
                    var seen: FetchedResponse?
                    var journal = ""
                    try await withRecordingServer(upstream: backend, mocks: mocks, rules: rules) { proxy in
                        seen = try await fetch(
                            proxy,
                            "/me?access_token=query-secret-42&page=1",
                            method: "POST",
                            headers: [
                                "Authorization": "Bearer token-abc-123", "X-Session": "session-xyz-999",
                                "Cookie": "sid=cookie-sid-555", "Content-Type": "application/json",
                            ],
                            body: Data(#"{"user":"ada","password":"pw-secret-1"}"#.utf8)
                        )
                        journal = try await fetch(proxy, "/__standin/requests").text
                    }
                    let answer = try #require(seen)
                    #expect(try answer.json()["auth"] as? String == "Bearer token-abc-123", "the client sees it all")
                    #expect(answer.header("X-Echo") == "Bearer token-abc-123")
                    let written = try #require(files(under: mocks).first)
                    let text = try String(contentsOf: mocks.appendingPathComponent(written), encoding: .utf8)
                    for secret in [
                        "token-abc-123", "session-xyz-999", "cookie-sid-555", "cookie-value-777", "pw-secret-1",
                        "hunter22", "query-secret-42",
                    ] {
                        #expect(!text.contains(secret), "\(secret) in \(text)")
                        #expect(!journal.contains(secret), "\(secret) in the journal")
                    }
                    #expect(text.contains(#""Authorization": {"#), "matched as present, without its value")
                    #expect(text.contains("<redacted>"))
                    #expect(!text.contains("Set-Cookie"))
                }
            }
        }
    }

    @Test func theBackendGetsTheClientsHeadersExactlyLessHopByHopWithItsOwnHost() async throws {
        try await withMocks(["ok.json": fixtureJSON(path: "/ok", response: #"{ "text": "ok" }"#)]) { backendMocks in
            try await withServer(mocks: backendMocks) { backend in
                try await withMocks([:]) { mocks in
                    try await withRecordingServer(upstream: backend, mocks: mocks) { proxy in
                        // evhttp keeps a connection whose Connection header lists more than "close" open: read until
                        // the body.
                        let connection = try RawConnection(port: proxy.port!)
                        await connection.send(
                            "GET /ok HTTP/1.1\r\nHost: app.example\r\nConnection: close, X-Hop\r\nX-Hop: 1\r\n"
                                + "Keep-Alive: timeout=5\r\nTE: trailers\r\nProxy-Authorization: Basic abc\r\n"
                                + "X-End-To-End: kept\r\n\r\n"
                        )
                        #expect(await connection.readThrough("\r\n\r\nok").hasSuffix("\r\n\r\nok"))
                    }
                    let journal = try await fetch(backend, "/__standin/requests").json()
                    let entry = try #require((journal["requests"] as? [[String: Any]])?.first)
                    let headers = try #require(entry["headers"] as? [String: String])
                    let names = Set(headers.keys.map { $0.lowercased() })
                    #expect(names == ["host", "x-end-to-end"], "nothing dropped or added on the way: \(names)")
                    #expect(headers.first { $0.key.lowercased() == "host" }?.value == "127.0.0.1:\(backend.port!)")
                    #expect(headers["X-End-To-End"] == "kept")
                }
            }
        }
    }

    @Test func theProxyAddsNoCookiesAndCachesNothing() async throws {
        let cookie = #""Set-Cookie": "session=s3cr3t-cookie; Path=/""#
        let login = fixtureJSON(
            path: "/login",
            response: #"{ "headers": { \#(cookie), "Cache-Control": "max-age=600" }, "text": "in" }"#
        )
        let me = fixtureJSON(path: "/me", response: #"{ "headers": { "Cache-Control": "max-age=600" }, "text": "me" }"#)
        try await withMocks(["login.json": login, "me.json": me]) { backendMocks in
            try await withServer(mocks: backendMocks) { backend in
                try await withMocks([:]) { mocks in
                    try await withRecordingServer(upstream: backend, mocks: mocks) { proxy in
                        _ = try await fetch(proxy, "/login")
                        _ = try await fetch(proxy, "/me")
                        _ = try await fetch(proxy, "/me")
                    }
                    let journal = try await fetch(backend, "/__standin/requests?path=/me").json()
                    let entries = try #require(journal["requests"] as? [[String: Any]])
                    #expect(entries.count == 2, "a cached answer kept a request from the backend")
                    for entry in entries {
                        let headers = try #require(entry["headers"] as? [String: String])
                        #expect(!headers.keys.contains { $0.lowercased() == "cookie" }, "\(headers)")
                    }
                }
            }
        }
    }

    @Test func pathTraversalWritesNothingOutsideTheFolder() async throws {
        try await withMocks([:]) { backendMocks in
            try await withServer(mocks: backendMocks) { backend in
                // A folder of this test's own around the mocks: other runs may write escape files beside theirs.
                try await withMocks(["mocks/keep.json": fixtureJSON(path: "/keep", response: "{}")]) {
                    enclosing in
                    let mocks = enclosing.appendingPathComponent("mocks")
                    let attempts = [
                        "/../../escape-1", "/%2e%2e%2f%2e%2e%2fescape-2", "/..%2F..%2Fescape-3", "//etc/escape-4",
                        "/%2Fetc%2Fescape-5", "/C:%5Cescape-6", "/a/%2e%2e/%2e%2e/%2e%2e/escape-7", "/%00/escape-8",
                        "/_hidden/.git/escape-9", "/%0d%0a/escape-10",
                    ]
                    // Dot segments that climb above the root are refused before anything is sent or written.
                    let climbing: Set = ["/../../escape-1", "/a/%2e%2e/%2e%2e/%2e%2e/escape-7"]
                    try await withRecordingServer(upstream: backend, mocks: mocks) { proxy in
                        for path in attempts {
                            let answer = try await rawGet(path, port: proxy.port!)
                            let expected = climbing.contains(path) ? "HTTP/1.1 400" : "HTTP/1.1 404"
                            #expect(answer.hasPrefix(expected), "\(path)")
                        }
                    }
                    let written = files(under: mocks)
                    #expect(written.filter { !$0.hasPrefix("recorded/") } == ["keep.json"])
                    #expect(written.count == attempts.count - climbing.count + 1, "\(written)")
                    for path in written { #expect(!path.contains(".."), "\(path)") }
                    let outside = files(under: enclosing).filter { $0.contains("escape-") }
                    #expect(outside.allSatisfy { $0.hasPrefix("mocks/recorded/") }, "\(outside)")
                    let loaded = try FixtureLoader(directory: mocks).load()
                    #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
                }
            }
        }
    }

    @Test func dotSegmentsCannotClimbOutOfTheUpstreamsPath() async throws {
        let backendFiles = [
            "inside.json": fixtureJSON(path: "/anything/api/get", response: #"{ "text": "inside" }"#),
            "outside.json": fixtureJSON(path: "/get", response: #"{ "text": "outside" }"#),
        ]
        try await withMocks(backendFiles) { backendMocks in
            try await withServer(mocks: backendMocks) { backend in
                try await withMocks([:]) { mocks in
                    let upstream = backend.appendingPathComponent("anything/api")
                    try await withRecordingServer(upstream: upstream, mocks: mocks) { proxy in
                        for path in ["/../../get", "/%2e%2e/%2E%2E/get", "/.%2e/get", "/x/../../get?q=1"] {
                            let answer = try await rawGet(path, port: proxy.port!)
                            #expect(answer.hasPrefix("HTTP/1.1 400"), "\(path): \(answer.prefix(40))")
                            #expect(answer.contains("climbs out of the upstream's path"), "\(path)")
                        }
                        for path in ["/get", "/x/../get", "/./get", "/x/%2e%2e/get"] {
                            #expect(try await rawGet(path, port: proxy.port!).hasSuffix("inside"), "\(path)")
                        }
                    }
                    let seen = try await fetch(backend, "/__standin/requests").json()["requests"] as? [[String: Any]]
                    #expect(seen?.compactMap { $0["path"] as? String }.allSatisfy { $0 == "/anything/api/get" } == true)
                    #expect(seen?.count == 4)
                }
            }
        }
    }

    @Test func targetsThatAreNotOriginFormAreRefusedAndNeverSent() async throws {
        let backendFiles = ["admin.json": fixtureJSON(path: "/admin", response: #"{ "text": "admin" }"#)]
        try await withMocks(backendFiles) { backendMocks in
            try await withServer(mocks: backendMocks) { backend in
                try await withMocks([:]) { mocks in
                    let upstream = backend.appendingPathComponent("api")
                    try await withRecordingServer(upstream: upstream, mocks: mocks) { proxy in
                        for target in ["x/../../admin", "admin", "*"] {
                            let answer = try await rawGet(target, port: proxy.port!)
                            #expect(answer.hasPrefix("HTTP/1.1 400"), "\(target): \(answer.prefix(60))")
                        }
                        // The asterisk form and the authority form, with the methods that use them.
                        for requestLine in ["OPTIONS * HTTP/1.1", "CONNECT 127.0.0.1:\(backend.port!) HTTP/1.1"] {
                            let connection = try RawConnection(port: proxy.port!)
                            await connection.send("\(requestLine)\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                            let answer = await connection.readThrough("}")
                            #expect(answer.hasPrefix("HTTP/1.1 400"), "\(requestLine): \(answer.prefix(60))")
                            #expect(answer.contains("is not a path"), "\(requestLine): \(answer.suffix(160))")
                        }
                    }
                    let seen = try await fetch(backend, "/__standin/requests").json()["requests"] as? [[String: Any]]
                    #expect(seen?.isEmpty == true, "\(seen ?? [])")
                    #expect(files(under: mocks).isEmpty)
                }
            }
        }
    }

    /// Appended to `https://host:port` as text, `@127.0.0.1/escaped` makes `127.0.0.1` the host (port 443), with the
    /// upstream's authority as the user name.
    @Test func aTargetStartingWithAnAtSignIsRefusedNotSentToAnotherHost() async throws {
        let refusing = try refusingLoopbackPort()
        defer { close(refusing.descriptor) }
        let upstream = URL(string: "https://127.0.0.1:\(refusing.port)")!
        try await withMocks([:]) { mocks in
            try await withRecordingServer(upstream: upstream, mocks: mocks, timeout: .seconds(5)) { proxy in
                let answer = try await rawGet("@127.0.0.1/escaped", port: proxy.port!)
                #expect(answer.hasPrefix("HTTP/1.1 400"), "\(answer.prefix(60))")
                #expect(answer.contains("not a path"), "\(answer.suffix(200))")
            }
            #expect(files(under: mocks).isEmpty)
        }
    }

    @Test func fiftyConcurrentDistinctRequestsMakeFiftyValidFiles() async throws {
        let items = fixtureJSON(path: "/items/{id}", response: #"{ "json": { "id": "{{path.id}}" } }"#)
        try await withMocks(["items.json": items]) { backendMocks in
            try await withServer(mocks: backendMocks) { backend in
                try await withMocks([:]) { mocks in
                    try await withRecordingServer(upstream: backend, mocks: mocks) { proxy in
                        try await withThrowingTaskGroup(of: Int.self) { group in
                            for id in 0..<50 { group.addTask { try await fetch(proxy, "/items/\(id)").status } }
                            for try await status in group { #expect(status == 200) }
                        }
                    }
                    #expect(files(under: mocks).count == 50)
                    let loaded = try FixtureLoader(directory: mocks).load()
                    #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
                    #expect(Set(loaded.fixtures.map(\.endpoint)).count == 50)
                }
            }
        }
    }

    @Test func aRequestAnsweredDifferentlyBecomesASequence() async throws {
        let job = #"""
            { "request": { "path": "/job" },
              "sequence": [ { "status": 503, "text": "busy" }, { "json": { "state": "done" } } ] }
            """#
        try await withMocks(["job.json": job]) { backendMocks in
            try await withServer(mocks: backendMocks) { backend in
                try await withMocks([:]) { mocks in
                    let summary = try await withRecordingServer(upstream: backend, mocks: mocks) { proxy in
                        let first = try await fetch(proxy, "/job")
                        let second = try await fetch(proxy, "/job")
                        #expect(first.status == 503)
                        #expect(second.status == 200)
                    }
                    #expect(summary.files.first?.responses == 2)
                    try await withServer(mocks: mocks) { replay in
                        let answers = [
                            try await fetch(replay, "/job"), try await fetch(replay, "/job"),
                            try await fetch(replay, "/job"),
                        ]
                        #expect(answers.map(\.text) == ["busy", #"{"state":"done"}"#, #"{"state":"done"}"#])
                        #expect(answers.map(\.status) == [Int]([503, 200, 200]))
                    }
                }
            }
        }
    }

    @Test func anUnreachableUpstreamAnswers502AndWritesNothing() async throws {
        // Bound but not listening: refused, and no other test's server can take the port meanwhile.
        let gone = try refusingLoopbackPort()
        defer { close(gone.descriptor) }
        let upstream = try #require(URL(string: "http://127.0.0.1:\(gone.port)"))
        try await withMocks([:]) { mocks in
            try await withRecordingServer(upstream: upstream, mocks: mocks) { proxy in
                let answer = try await fetch(proxy, "/users/1")
                #expect(answer.status == 502)
                let envelope = try answer.json()
                #expect(envelope["code"] as? Int == 502)
                #expect((envelope["message"] as? String)?.contains("cannot be reached") == true)
                #expect(envelope["request_id"] as? String == answer.header("X-Request-ID"))
            }
            #expect(files(under: mocks).isEmpty)
        }
    }

    @Test func aChunkSizePastAnyBodyAnswers502AndTheServerGoesOn() async throws {
        let backend = try RawUpstream(responses: [
            "/huge": Array(
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n7fffffffffffffff\r\nabc".utf8
            ),
            "/fine": Array("HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nfine".utf8),
        ])
        defer { backend.stop() }
        try await withMocks([:]) { mocks in
            try await withRecordingServer(upstream: backend.url, mocks: mocks) { proxy in
                let answer = try await fetch(proxy, "/huge")
                #expect(answer.status == 502)
                #expect((try answer.json()["message"] as? String)?.contains("larger than") == true)
                #expect(try await fetch(proxy, "/fine").text == "fine")
            }
            #expect(files(under: mocks).count == 1)
        }
    }

    @Test func aSlowUpstreamAnswers504AndWritesNothing() async throws {
        let slow = fixtureJSON(path: "/slow", response: #"{ "text": "late", "delay": "2s" }"#)
        try await withMocks(["slow.json": slow]) { backendMocks in
            try await withServer(mocks: backendMocks) { backend in
                try await withMocks([:]) { mocks in
                    try await withRecordingServer(upstream: backend, mocks: mocks, timeout: .milliseconds(300)) {
                        proxy in
                        let answer = try await fetch(proxy, "/slow")
                        #expect(answer.status == 504)
                        #expect(
                            (try answer.json()["message"] as? String)?.contains("did not answer within 300ms") == true
                        )
                    }
                    #expect(files(under: mocks).isEmpty)
                }
            }
        }
    }

    @Test func aClientHangingUpDuringTheUpstreamCallIsSafe() async throws {
        let slow = fixtureJSON(path: "/slow", response: #"{ "text": "late", "delay": "300ms" }"#)
        try await withMocks([
            "slow.json": slow, "fast.json": fixtureJSON(path: "/fast", response: #"{ "text": "ok" }"#),
        ]) { backendMocks in
            try await withServer(mocks: backendMocks) { backend in
                try await withMocks([:]) { mocks in
                    try await withRecordingServer(upstream: backend, mocks: mocks) { proxy in
                        for _ in 0..<5 {
                            let connection = try RawConnection(port: proxy.port!)
                            await connection.send("GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                            connection.hangUp()
                        }
                        // The upstream calls go on without their clients, and their answers are recorded.
                        _ = try await poll(
                            every: .milliseconds(20),
                            timeout: .seconds(10),
                            until: { $0 },
                            operation: { files(under: mocks).contains("recorded/GET-slow.json") }
                        )
                        #expect(try await fetch(proxy, "/fast").text == "ok")
                    }
                }
            }
        }
    }
}
