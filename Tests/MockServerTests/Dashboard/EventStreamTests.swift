import Foundation
import ServerTestSupport
import Testing

@testable import MockServer

/// The dashboard's live journal, `GET /__standin/events`, read over raw sockets from a real server.
@Suite struct EventStreamTests {
    /// Starts a real server on a free port with the test fixtures and runs `body` with its port.
    private func withStreamingServer(
        threads: Int = 1,
        maxEventStreams: Int = 16,
        adminToken: String? = nil,
        journalSize: Int = 10_000,
        idleTimeoutSeconds: Int = ServerLimits().idleTimeoutSeconds,
        liveEventsPerSecond: Int = JournalFeed.defaultLiveEventsPerSecond,
        _ body: (Int) async throws -> Void
    ) async throws {
        var limits = ServerLimits()
        limits.idleTimeoutSeconds = idleTimeoutSeconds
        let configure = { (configuration: inout MockServerConfiguration) in
            configuration.maxEventStreams = maxEventStreams
            configuration.liveEventsPerSecond = liveEventsPerSecond
        }
        try await withServer(
            mocks: testMocks,
            limits: limits,
            adminToken: adminToken,
            journalSize: journalSize,
            threads: threads,
            configure: configure
        ) { base in try await body(base.port!) }
    }

    private func get(_ port: Int, _ path: String, headers: [String: String] = [:]) async throws -> FetchedResponse {
        try await fetch(URL(string: "http://127.0.0.1:\(port)")!, path, headers: headers)
    }

    @Test func eachAnsweredRequestArrivesAsAnEventInChunks() async throws {
        try await withStreamingServer { port in
            var stream = try EventStreamClient(port: port)
            #expect(await stream.readReady())
            #expect(stream.status == 200)
            #expect(stream.received.lowercased().contains("content-type: text/event-stream"))
            #expect(stream.received.lowercased().contains("transfer-encoding: chunked"))
            _ = try await get(port, "/users/42")
            _ = try await get(port, "/nothing/here?page=2")
            #expect(await stream.read { EventStreamClient.requestEvents(in: $0).count >= 2 })
            let events = stream.requestEvents
            #expect(events.first?["method"] as? String == "GET")
            #expect(events.first?["path"] as? String == "/users/42")
            #expect(events.last?["path"] as? String == "/nothing/here")
            #expect(events.last?["query"] as? String == "page=2")
            #expect(events.last?["status"] as? Int == 404)
            #expect(events.last?["fixture"] is NSNull)
            #expect((events.first?["durationMs"] as? Double).map { $0 >= 0 } == true)
            let now = Date().timeIntervalSince1970 * 1000
            #expect((events.first?["timeMs"] as? Int).map { Double($0) <= now && Double($0) > now - 600_000 } == true)
            #expect(stream.requestIDs.count == 2 && stream.requestIDs[0] < stream.requestIDs[1])
        }
    }

    @Test func aSessionsRequestsArriveWithTheSessionAndMainRequestsWithout() async throws {
        try await withStreamingServer(threads: 2) { port in
            let base = URL(string: "http://127.0.0.1:\(port)")!
            var stream = try EventStreamClient(port: port)
            #expect(await stream.readReady())
            let created = try await fetch(
                base,
                "/__standin/sessions",
                method: "POST",
                body: Data(#"{"name": "checkout"}"#.utf8)
            )
            let id = try #require(try created.json()["id"] as? String)
            let sessionURL = try #require((try created.json()["baseURL"] as? String).flatMap(URL.init(string:)))
            _ = try await get(port, "/main/1")
            _ = try await get(port, "/by-header", headers: ["X-StandIn-Session": id])
            _ = try await fetch(sessionURL, "/on-its-port")
            _ = try await get(port, "/main/2")
            #expect(await stream.read { EventStreamClient.requestEvents(in: $0).count >= 4 })
            let events = Dictionary(uniqueKeysWithValues: stream.requestEvents.map { ($0["path"] as? String, $0) })
            for path in ["/by-header", "/on-its-port"] {
                let session = events[path]?["session"] as? [String: Any]
                #expect(session?["id"] as? String == id, "\(path): \(String(describing: events[path]))")
                #expect(session?["name"] as? String == "checkout")
            }
            for path in ["/main/1", "/main/2"] {
                #expect(events[path] != nil && events[path]?["session"] == nil, "\(String(describing: events[path]))")
            }
            // Each journal numbers its own entries: the session's first request is its entry 1.
            #expect(events["/by-header"]?["id"] as? Int == 1)
        }
    }

    @Test func aBurstAboveTheLiveCapIsShownInPartAndTheRestCountedInSkippedEvents() async throws {
        // A cap of 50 a second: the burst exceeds it however slow the machine, and the events shown are too few to
        // outgrow a reader the machine's load holds back (such a stream would be dropped, not counted).
        let cap = 50
        try await withStreamingServer(threads: 2, liveEventsPerSecond: cap) { port in
            var stream = try EventStreamClient(port: port)
            #expect(await stream.readReady())
            let connections = 4
            let perConnection = 500
            let total = connections * perConnection
            let started = ContinuousClock.now
            let answered = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 1...connections {
                    group.addTask { try await Self.pipeline(perConnection, "/users/7", to: port) }
                }
                return try await group.reduce(0, +)
            }
            let elapsed = ContinuousClock.now - started
            #expect(answered == total)
            // The last skipped requests are reported within `skippedReportDelay` of the last.
            #expect(await stream.read { EventStreamClient.shownAndSkipped(in: $0) >= total })
            let shown = stream.requestIDs.count
            let skipped = stream.skippedCounts.reduce(0, +)
            #expect(shown + skipped == total, "\(shown) shown and \(skipped) skipped of \(total)")
            #expect(skipped > 0, "all \(total) requests were shown live, in \(elapsed)")
            // Each window of the cap lasts at least a second and opens at a request of the burst.
            let windows = Int(elapsed / .seconds(1)) + 1
            #expect(shown <= cap * windows, "\(shown) shown in \(elapsed)")
        }
    }

    @Test func belowTheLiveCapEveryRequestIsShownAndNoneSkipped() async throws {
        try await withStreamingServer { port in
            var stream = try EventStreamClient(port: port)
            #expect(await stream.readReady())
            #expect(try await Self.pipeline(50, "/users/7", to: port) == 50)
            #expect(await stream.read { EventStreamClient.requestIDs(in: $0).count >= 50 })
            // Longer than a skipped report would take to come.
            await stream.read(upTo: 1) { _ in false }
            #expect(stream.requestIDs == Array(1...50))
            #expect(stream.skippedCounts.isEmpty)
        }
    }

    /// Sends `count` requests for `path` pipelined on one connection, the last closing it, and returns how many
    /// were answered.
    private static func pipeline(_ count: Int, _ path: String, to port: Int) async throws -> Int {
        let connection = try RawConnection(port: port, timeout: 30)
        let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        let requests = String(repeating: request + "\r\n", count: count - 1) + request + "Connection: close\r\n\r\n"
        await connection.send(requests)
        let answers = await connection.readAll()
        return answers.components(separatedBy: "HTTP/1.1 ").count - 1
    }

    @Test func everyLoopsRequestsReachEveryStream() async throws {
        try await withStreamingServer(threads: 4) { port in
            var first = try EventStreamClient(port: port)
            var second = try EventStreamClient(port: port)
            #expect(await first.readReady())
            #expect(await second.readReady())
            // Each request on a connection of its own, so the loops share them.
            for number in 1...24 { _ = try await get(port, "/loops/\(number)") }
            #expect(await first.read { EventStreamClient.requestIDs(in: $0).count >= 24 })
            #expect(await second.read { EventStreamClient.requestIDs(in: $0).count >= 24 })
            #expect(Set(first.requestIDs) == Set(second.requestIDs))
            #expect(Set(first.requestEvents.compactMap { $0["path"] as? String }).count == 24)
        }
    }

    @Test func theStreamBeyondTheLimitGetsA429AndAClosedStreamFreesItsPlace() async throws {
        try await withStreamingServer { port in
            var open: [EventStreamClient] = []
            for _ in 1...16 {
                var stream = try EventStreamClient(port: port)
                #expect(await stream.readReady())
                open.append(stream)
            }
            let refused = try await get(port, "/__standin/events")
            #expect(refused.status == 429)
            let envelope = try refused.json()
            #expect(envelope["code"] as? Int == 429)
            #expect((envelope["message"] as? String)?.contains("--max-event-streams") == true)
            open.removeLast().connection.hangUp()
            var accepted = false
            let deadline = ContinuousClock.now + .seconds(60)
            while !accepted, ContinuousClock.now < deadline {
                var next = try EventStreamClient(port: port)
                await next.readHead()
                accepted = next.status == 200
                if !accepted { try await Task.sleep(for: .milliseconds(50)) }
            }
            #expect(accepted, "the place of the stream that hung up was never freed")
            withExtendedLifetime(open) {}
        }
    }

    @Test func anIdleStreamGivesItsPlaceToANewOneAfterTheIdleTimeout() async throws {
        try await withStreamingServer(maxEventStreams: 1, idleTimeoutSeconds: 1) { port in
            var idle = try EventStreamClient(port: port)
            #expect(await idle.readReady())
            var accepted = false
            let deadline = ContinuousClock.now + .seconds(60)
            while !accepted, ContinuousClock.now < deadline {
                var next = try EventStreamClient(port: port)
                await next.readHead()
                accepted = next.status == 200
                if !accepted { try await Task.sleep(for: .milliseconds(200)) }
            }
            #expect(accepted, "a stream idle for a minute still held the only place")
            let rest = await idle.connection.readAll()
            #expect(rest.contains("event: dropped\n"), "\(rest.suffix(200).debugDescription)")
            #expect(rest.contains("idle"), "\(rest.suffix(200).debugDescription)")
            #expect(idle.connection.isClosed)
        }
    }

    @Test func aStreamThatStopsReadingIsDroppedAndToldSo() async throws {
        try await withStreamingServer(maxEventStreams: 1) { port in
            var stalled = try EventStreamClient(port: port)
            #expect(await stalled.readReady())
            // Long paths make large events; the stalled client reads none of them.
            let long = String(repeating: "x", count: 4000)
            var dropped = false
            var sent = 0
            while !dropped, sent < 2000 {
                for _ in 1...50 { _ = try await get(port, "/stall/\(long)") }
                sent += 50
                var probe = try EventStreamClient(port: port)
                await probe.readHead()
                dropped = probe.status == 200
            }
            #expect(dropped, "the stalled stream still held its place after \(sent) requests")
            // What one stalled client may cost: 128 KiB queued, 128 KiB in its output buffer, and the kernel's
            // buffers (a small send buffer, the client's receive buffer); 600 events of 4 KB are several times that.
            #expect(sent <= 600, "the stream was dropped only after \(sent) events of 4 KB")
            // The server ends the stream with one dropped event, the last chunk, and closes the connection; writes
            // the stream had queued before it was dropped add nothing.
            let rest = await stalled.connection.readAll()
            #expect(rest.contains("event: dropped\n"), "\(rest.count) bytes, ending \(rest.suffix(200))")
            #expect((stalled.received + rest).components(separatedBy: "event: dropped\n").count == 2)
            #expect(rest.hasSuffix("\r\n0\r\n\r\n"), "ending \(rest.suffix(200).debugDescription)")
            #expect(stalled.connection.isClosed)
        }
    }

    @Test func theStreamNeedsTheTokenWhenThereIsOne() async throws {
        try await withStreamingServer(adminToken: "s3cret") { port in
            var without = try EventStreamClient(port: port)
            await without.readHead()
            #expect(without.status == 401)
            var wrong = try EventStreamClient(port: port, headers: ["Authorization": "Bearer nope"])
            await wrong.readHead()
            #expect(wrong.status == 401)
            var with = try EventStreamClient(port: port, headers: ["Authorization": "Bearer s3cret"])
            #expect(await with.readReady())
            #expect(with.status == 200)
        }
    }

    @Test func theStreamRefusesPagesOfOtherSitesAndOtherHostNames() async throws {
        try await withStreamingServer { port in
            var rebound = try EventStreamClient(port: port, headers: ["Host": "evil.example"])
            await rebound.readHead()
            #expect(rebound.status == 403)
            var crossSite = try EventStreamClient(port: port, headers: ["Origin": "http://evil.example"])
            await crossSite.readHead()
            #expect(crossSite.status == 403)
        }
    }

    @Test func withTheJournalOffThereIsNoStream() async throws {
        try await withStreamingServer(journalSize: 0) { port in
            let answer = try await get(port, "/__standin/events")
            #expect(answer.status == 404)
            #expect(try (answer.json()["message"] as? String)?.contains("journal is off") == true)
        }
    }
}
