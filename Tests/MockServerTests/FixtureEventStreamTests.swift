import Foundation
import MockServer
import ServerTestSupport
import StandInFixtures
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Fixture event streams through the real server: the bytes and headers, each event's delay on the server's clock
/// (the journal's), sequences, variants, sessions, `X-StandIn-Delay`, faults, `HEAD`, and a client that never reads.
@Suite struct FixtureEventStreamTests {
    private static let files = [
        "feed.json": #"""
        { "request": { "path": "/feed" },
          "response": { "events": [
            { "event": "tick", "id": "1", "data": { "n": 1 }, "delay": "100ms" },
            { "id": "2", "data": "two\nlines", "delay": "100ms" },
            { "data": "[DONE]" } ] },
          "variants": { "plain": { "json": { "streamed": false } } } }
        """#,
        "steps.json": #"""
        { "request": { "path": "/steps" },
          "sequence": [ { "events": [ { "data": "first" } ] }, { "json": { "second": true } } ] }
        """#,
        "big.json": #"""
        { "request": { "method": "POST", "path": "/big" },
          "response": { "events": [ { "data": "{{body}}" } ] } }
        """#,
        "flood.json": """
        { "request": { "path": "/flood" },
          "response": { "events": [ \(Array(repeating: #"{ "data": "\#(String(repeating: "x", count: 2048))" }"#, count: 1000).joined(separator: ", ")) ] } }
        """,
        "plain.json": #"{ "request": { "path": "/plain" }, "response": { "text": "0123456789" } }"#,
    ]

    private static let feedBytes =
        "event: tick\nid: 1\ndata: {\"n\":1}\n\nid: 2\ndata: two\ndata: lines\n\ndata: [DONE]\n\n"

    /// The journal's newest entry for `path` (a session's, with `session`), once one is written.
    private func entry(_ base: URL, path: String, session: String? = nil) async throws -> [String: Any] {
        let headers = session.map { ["X-StandIn-Session": $0] } ?? [:]
        let deadline = ContinuousClock.now + .seconds(20)
        while true {
            let journal = try await fetch(base, "/__standin/requests?path=\(path)", headers: headers).json()
            if let entry = (journal["requests"] as? [[String: Any]])?.last { return entry }
            guard ContinuousClock.now < deadline else { throw CocoaError(.fileNoSuchFile) }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    @Test func aStreamArrivesWithItsHeadersAndTheJournalCountsItsEvents() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                let response = try await fetch(base, "/feed")
                #expect(response.status == 200)
                #expect(response.header("Content-Type") == "text/event-stream; charset=utf-8")
                #expect(response.header("Cache-Control") == "no-cache")
                #expect(response.text == Self.feedBytes)
                let entry = try await entry(base, path: "/feed")
                let stream = try #require(entry["stream"] as? [String: Any])
                #expect(stream["eventsSent"] as? Int == 3)
                #expect(stream["clientLeftFirst"] as? Bool == false)
                // Two delays of 100 ms on the server's own clock, from arrival to the last event; libevent counts a
                // timer from the time it read at the start of the loop's turn, a little before it was armed.
                #expect((entry["durationMs"] as? Double ?? 0) >= 190, "\(entry)")
                #expect(entry["simulation"] as? String == "events=3")
            }
        }
    }

    @Test func lastEventIDResumesAfterThatEvent() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                let response = try await fetch(base, "/feed", headers: ["Last-Event-ID": "1"])
                #expect(response.text == "id: 2\ndata: two\ndata: lines\n\ndata: [DONE]\n\n")
            }
        }
    }

    @Test func aVariantAndASequenceChooseBetweenAStreamAndABody() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                #expect(
                    try await fetch(base, "/feed", headers: ["X-StandIn-Variant": "plain"]).text
                        == #"{"streamed":false}"#
                )
                #expect(try await fetch(base, "/steps").text == "data: first\n\n")
                #expect(try await fetch(base, "/steps").text == #"{"second":true}"#)
            }
        }
    }

    @Test func aSessionStreamsAndKeepsTheStreamInItsJournal() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                let created = try await fetch(base, "/__standin/sessions", method: "POST")
                let session = try #require(try created.json()["id"] as? String)
                let response = try await fetch(base, "/feed", headers: ["X-StandIn-Session": session])
                #expect(response.text == Self.feedBytes)
                let entry = try await entry(base, path: "/feed", session: session)
                #expect((entry["stream"] as? [String: Any])?["eventsSent"] as? Int == 3)
            }
        }
    }

    @Test func xStandInDelayHoldsTheHeadAndTemplatesFillTheData() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                let response = try await fetch(
                    base,
                    "/big",
                    method: "POST",
                    headers: ["X-StandIn-Delay": "300ms"],
                    body: Data("a\nb".utf8)
                )
                #expect(response.text == "data: a\ndata: b\n\n")
                let entry = try await entry(base, path: "/big")
                #expect((entry["durationMs"] as? Double ?? 0) >= 290, "\(entry)")
                #expect(entry["simulation"] as? String == "delay=300ms events=1")
            }
        }
    }

    @Test func malformedBodySendsHalfOfTheFirstEvent() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                let response = try await fetch(base, "/feed", headers: ["X-StandIn-Fault": "malformed-body"])
                let first = "event: tick\nid: 1\ndata: {\"n\":1}\n\n"
                #expect(response.text == String(first.prefix(first.utf8.count / 2)))
                #expect(try await entry(base, path: "/feed")["fault"] as? String == "malformed-body")
            }
        }
    }

    @Test func cutStreamCutsABodyPartWay() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                await #expect(throws: (any Error).self) {
                    try await fetch(base, "/plain", headers: ["X-StandIn-Fault": "cut-stream"])
                }
                let entry = try await entry(base, path: "/plain")
                #expect(entry["fault"] as? String == "cut-stream")
                #expect(entry["stream"] is NSNull)
            }
        }
    }

    @Test func headGetsTheHeadOfAStreamAlone() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                let response = try await fetch(base, "/feed", method: "HEAD")
                #expect(response.status == 200)
                #expect(response.header("Content-Type") == "text/event-stream; charset=utf-8")
                #expect(response.body.isEmpty)
            }
        }
    }

    /// A client that reads nothing may leave at most the stream's budget unread: the server drops it rather than
    /// holding two megabytes of events for it, and keeps answering others.
    @Test func aClientThatNeverReadsIsDroppedPastTheBudget() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                let connection = try RawConnection(port: base.port!)
                var small: Int32 = 4096
                setsockopt(connection.descriptor, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
                #expect(await connection.send("GET /flood HTTP/1.1\r\nHost: x\r\n\r\n"))
                let entry = try await entry(base, path: "/flood")
                let simulation = try #require(entry["simulation"] as? String)
                #expect(simulation.contains("dropped"), "\(simulation)")
                let sent = try #require((entry["stream"] as? [String: Any])?["eventsSent"] as? Int)
                #expect(sent < 1000)
                #expect(try await fetch(base, "/plain").text == "0123456789")
            }
        }
    }
}
