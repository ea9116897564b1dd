import Foundation
import MockServer
import NetworkCore
import ServerTestSupport
import StandInSupport
import Testing

/// `serve --fallback-upstream`: what no fixture matches goes to the real backend, unrecorded.
@Suite struct FallbackUpstreamTests {
    /// A safety net: the upstream call runs on the backend's own thread, but the loaded machine may still be slow.
    private static let generousTimeout: TimeInterval = 60

    /// Runs `body` with a server for `front` whose fallback is `upstream`.
    private func withFront(
        _ front: [String: String],
        upstream: URL,
        _ body: (URL, URL) async throws -> Void
    ) async throws {
        try await withMocks(front) { mocks async throws in
            try await withServer(mocks: mocks, configure: { $0.fallbackUpstream = upstream }) { base async throws in
                try await body(base, mocks)
            }
        }
    }

    @Test func anUpstreamEventStreamIsRelayedAsItArrives() async throws {
        let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\n"
        let script = RawUpstream.Script([
            .write(Array((head + "data: first\n\n").utf8), after: .zero),
            .awaitRelease,
            .write(Array("data: second\n\n".utf8), after: .zero),
        ])
        let upstream = try RawUpstream(responses: [:], scripts: ["/feed": script])
        defer { upstream.stop() }
        try await withFront([:], upstream: upstream.url) { base, mocks async throws in
            let client = try RawConnection(port: try #require(base.port), timeout: 30)
            await client.send("GET /feed HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            var first = ""
            while !first.contains("data: first") {
                let more = await client.readAvailable()
                guard !more.isEmpty else { break }
                first += more
            }
            // The upstream sends the second event only once released, after the client has the first.
            #expect(first.contains("data: first") && !first.contains("second"), "\(first)")
            upstream.release()
            let rest = await client.readAll()
            #expect(rest.contains("data: second"), "\(rest)")
            #expect(files(under: mocks).isEmpty, "nothing recorded")
        }
    }

    @Test func unmatchedRequestsAreAnsweredByTheUpstreamAndNotRecorded() async throws {
        let backend = [
            "real.json": #"""
            { "request": { "method": "POST", "path": "/real" },
              "response": { "status": 201, "headers": { "X-Backend": "real" }, "text": "from upstream" } }
            """#
        ]
        let front = ["local.json": #"{ "request": { "path": "/local" }, "response": { "text": "local" } }"#]
        try await withMocks(backend) { backendMocks async throws in
            try await withServer(mocks: backendMocks) { upstream async throws in
                try await withFront(front, upstream: upstream) { base, mocks async throws in
                    #expect(try await fetch(base, "/local").text == "local")
                    let proxied = try await fetch(
                        base,
                        "/real",
                        method: "POST",
                        body: Data("{}".utf8),
                        timeout: Self.generousTimeout
                    )
                    #expect(proxied.status == 201)
                    #expect(proxied.text == "from upstream")
                    #expect(proxied.header("X-Backend") == "real")
                    let missing = try await fetch(base, "/nowhere", timeout: Self.generousTimeout)
                    #expect(missing.status == 404)
                    #expect(
                        (try missing.json()["message"] as? String)?.hasPrefix("no fixture matches GET /nowhere") == true
                    )
                    let files = try FileManager.default.subpathsOfDirectory(atPath: mocks.path)
                    #expect(files == ["local.json"])
                }
            }
        }
    }

    @Test func theJournalKeepsTheBackendsAnswerAsAFixtureResponseWithItsEnvelopeCode() async throws {
        let backend = [
            "account.json": #"""
            { "request": { "path": "/account" },
              "response": { "envelope": { "code": 40001, "message": "account frozen",
                                          "data": { "name": "Ada", "session_token": "s3cr3t" } } } }
            """#,
            "plain.json": #"{ "request": { "path": "/plain" }, "response": { "json": [1, 2] } }"#,
        ]
        try await withMocks(backend) { backendMocks async throws in
            try await withServer(mocks: backendMocks) { upstream async throws in
                try await withFront([:], upstream: upstream) { base, _ async throws in
                    _ = try await fetch(base, "/account", timeout: Self.generousTimeout)
                    _ = try await fetch(base, "/plain", timeout: Self.generousTimeout)
                    let journal = try await fetch(base, "/__standin/requests").json()
                    let entries = try #require(journal["requests"] as? [[String: Any]])
                    try #require(entries.count == 2)
                    #expect(entries[0]["fixture"] as? String == "PROXIED")
                    #expect(entries[0]["envelopeCode"] as? Int == 40001)
                    #expect(entries[0]["outcome"] as? String == "business-error")
                    let answer = try #require(entries[0]["upstreamResponse"] as? [String: Any])
                    #expect(answer["status"] as? Int == 200)
                    let envelope = try #require(answer["envelope"] as? [String: Any])
                    #expect(envelope["code"] as? Int == 40001)
                    #expect(envelope["message"] as? String == "account frozen")
                    #expect(envelope["request_id"] == nil)
                    let data = envelope["data"] as? [String: String]
                    #expect(data == ["name": "Ada", "session_token": "<redacted>"])
                    #expect(entries[1]["envelopeCode"] is NSNull)
                    #expect(entries[1]["outcome"] as? String == "success")
                    #expect((entries[1]["upstreamResponse"] as? [String: Any])?["json"] as? [Int] == [1, 2])
                }
            }
        }
    }

    @Test func aSessionsPortFallsBackToTheUpstreamToo() async throws {
        let backend = [
            "real.json": #"{ "request": { "path": "/real" }, "response": { "text": "from upstream" } }"#
        ]
        try await withMocks(backend) { backendMocks async throws in
            try await withServer(mocks: backendMocks) { upstream async throws in
                try await withFront([:], upstream: upstream) { base, _ async throws in
                    let created = try await fetch(base, "/__standin/sessions", method: "POST")
                    let address = try #require(try created.json()["baseURL"] as? String)
                    let session = try #require(URL(string: address))
                    let proxied = try await fetch(session, "/real", timeout: Self.generousTimeout)
                    #expect(proxied.status == 200)
                    #expect(proxied.text == "from upstream")
                }
            }
        }
    }

    @Test func aChunkSizePastAnyBodyGives502AndTheServerGoesOn() async throws {
        let backend = try RawUpstream(responses: [
            "/huge": Array(
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n7fffffffffffffff\r\nabc".utf8
            ),
            "/fine": Array("HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nfine".utf8),
        ])
        defer { backend.stop() }
        try await withFront([:], upstream: backend.url) { base, _ async throws in
            let answer = try await fetch(base, "/huge", timeout: Self.generousTimeout)
            #expect(answer.status == 502)
            #expect((try answer.json()["message"] as? String)?.contains("larger than") == true)
            #expect(try await fetch(base, "/fine", timeout: Self.generousTimeout).text == "fine")
        }
    }

    @Test func targetsThatAreNotOriginFormOrClimbOutAreRefusedAndNeverSent() async throws {
        let backend = ["admin.json": #"{ "request": { "path": "/admin" }, "response": { "text": "admin" } }"#]
        try await withMocks(backend) { backendMocks async throws in
            try await withServer(mocks: backendMocks) { upstream async throws in
                try await withFront([:], upstream: upstream.appendingPathComponent("api")) { base, _ async throws in
                    for target in ["x/../../admin", "admin", "/../admin"] {
                        let answer = try await rawGet(target, port: base.port!)
                        #expect(answer.hasPrefix("HTTP/1.1 400"), "\(target): \(answer.prefix(60))")
                    }
                }
                let seen = try await fetch(upstream, "/__standin/requests").json()["requests"] as? [[String: Any]]
                #expect(seen?.isEmpty == true, "\(seen ?? [])")
            }
        }
    }

    @Test func anUnreachableUpstreamGives502InTheEnvelope() async throws {
        let dead = URL(string: "http://127.0.0.1:1")!
        try await withFront([:], upstream: dead) { base, _ async throws in
            let response = try await fetch(base, "/anything", timeout: Self.generousTimeout)
            #expect(response.status == 502)
            let json = try response.json()
            #expect(json["code"] as? Int == 502)
            #expect(
                (json["message"] as? String)?.hasPrefix("the upstream http://127.0.0.1:1 cannot be reached") == true
            )
            #expect(json["request_id"] as? String == response.header("X-Request-ID"))
        }
    }

    /// The call to the backend runs on a thread of the backend's own: it is answered while every one of Swift
    /// concurrency's shared threads is held by other work of the process (as an app's test suite may hold them
    /// around a server it embeds). Before, it waited in a task on those threads until they were let go.
    @Test func theBackendIsCalledWhileTheSharedThreadsAreHeld() async throws {
        let backend = ["real.json": #"{ "request": { "path": "/real" }, "response": { "text": "from upstream" } }"#]
        try await withMocks(backend) { backendMocks async throws in
            try await withServer(mocks: backendMocks) { upstream async throws in
                try await withFront([:], upstream: upstream) { base, _ async throws in
                    let answer = try await whileTheSharedThreadsAreHeld {
                        try await fetch(base, "/real", timeout: Self.generousTimeout).text
                    }
                    #expect(answer == "from upstream")
                }
            }
        }
    }

    /// Runs `body` (on a thread of its own) once as many tasks as Swift concurrency has shared threads each block
    /// one, and lets them go when it returns; they let go by themselves after two minutes, longer than `body`'s
    /// calls may take.
    private func whileTheSharedThreadsAreHeld<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        // On Linux the shared threads are as many as the active processors.
        let width = ProcessInfo.processInfo.activeProcessorCount
        let holding = Locked(0)
        let release = DispatchSemaphore(value: 0)
        for _ in 0..<width {
            Task.detached {
                holding.withLock { $0 += 1 }
                Self.block(until: release)
            }
        }
        defer { for _ in 0..<width { release.signal() } }
        return try await onOwnExecutor {
            let held = try await poll(
                every: .milliseconds(10),
                timeout: .seconds(120),
                until: { $0 },
                operation: { holding.withLock { $0 } == width }
            )
            try #require(held, "the shared threads were never all held")
            return try await body()
        }
    }

    private static func block(until release: DispatchSemaphore) {
        _ = release.wait(timeout: .now() + 120)
    }
}
