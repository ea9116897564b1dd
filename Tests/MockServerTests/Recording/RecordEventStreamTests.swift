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

/// `record` and an upstream that answers `text/event-stream`: the client gets each event as the upstream sends it,
/// and the stream is stored as an `events` fixture with the delays measured between its events, which replays the
/// same events.
@Suite struct RecordEventStreamTests {
    /// The events of the chat stream, as the upstream writes them.
    private static let chat = [
        "id: 1\nevent: delta\ndata: {\"text\":\"Hel\"}\n\n",
        "id: 2\nevent: delta\ndata: {\"text\":\"lo\"}\n\n",
        ": keep going\nid: 3\nretry: 3000\ndata: {\"text\":\"!\"}\n\n",
        "data: [DONE]\n\n",
    ]
    /// How far apart the upstream sends the chat's events.
    private static let pause = Duration.milliseconds(300)

    /// The chat stream in chunks, each event `pause` after the one before (the first `pause` after the head); the
    /// second waits, besides, for a `release()` (the test's word that the client has the first).
    private static func chatScript() -> RawUpstream.Script {
        let head =
            "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n"
            + "Transfer-Encoding: chunked\r\n\r\n"
        return RawUpstream.Script([
            .write(Array(head.utf8), after: .zero),
            .write(chunk(chat[0]), after: pause),
            .awaitRelease,
            .write(chunk(chat[1]), after: pause),
            .write(chunk(chat[2]), after: pause),
            .write(chunk(chat[3]) + Array("0\r\n\r\n".utf8), after: pause),
        ])
    }

    @Test func eventsReachTheClientAsTheyArriveAndAreRecordedWithTheirDelays() async throws {
        let upstream = try RawUpstream(responses: [:], scripts: ["/chat": Self.chatScript()])
        defer { upstream.stop() }
        try await withMocks([:]) { mocks in
            try await withRecordingServer(upstream: upstream.url, mocks: mocks) { proxy in
                let client = try RawConnection(port: try #require(proxy.port), timeout: 30)
                await client.send("GET /chat HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                let first = await client.readUntil(containing: #"{"text":"Hel"}"#)
                // The upstream sends event 2 only once released: the client has event 1 while the upstream is
                // still to send the other three.
                #expect(first.contains("text/event-stream") && first.contains(#"{"text":"Hel"}"#), "\(first)")
                #expect(!first.contains("[DONE]"))
                upstream.release()
                let rest = await client.readAll()
                #expect(rest.contains(#"{"text":"lo"}"#) && rest.contains("data: [DONE]"), "\(rest)")
            }
            let response = try Self.recordedResponse(in: mocks, "recorded/GET-chat.json")
            let events = try #require(response["events"] as? [[String: Any]])
            #expect(events.count == 4)
            for (index, event) in events.enumerated() {
                let delay = try Self.milliseconds(event["delay"])
                #expect((200...400).contains(delay), "event \(index) came \(delay) ms after the one before")
            }
            #expect(events[0]["id"] as? String == "1" && events[0]["event"] as? String == "delta")
            #expect((events[0]["data"] as? [String: Any])?["text"] as? String == "Hel", "stored as JSON")
            #expect(events[2]["comment"] as? String == "keep going" && events[2]["retry"] as? String == "3000ms")
            #expect(events[3]["data"] as? String == "[DONE]", "stored as text")
            try await withServer(mocks: mocks) { replay in
                let replayed = try await fetch(replay, "/chat")
                #expect(replayed.header("Content-Type")?.hasPrefix("text/event-stream") == true)
                #expect(
                    EventStreamFields.events(in: Array(replayed.body))
                        == EventStreamFields.events(in: Array(Self.chat.joined().utf8))
                )
            }
        }
    }

    @Test func aClientThatLeavesMidStreamLeavesTheRecordingWhole() async throws {
        let upstream = try RawUpstream(responses: [:], scripts: ["/chat": Self.chatScript()])
        defer { upstream.stop() }
        try await withMocks([:]) { mocks in
            try await withRecordingServer(upstream: upstream.url, mocks: mocks) { proxy in
                let client = try RawConnection(port: try #require(proxy.port), timeout: 30)
                await client.send("GET /chat HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                _ = await client.readUntil(containing: #"{"text":"Hel"}"#)
                client.hangUp()
                upstream.release()
                try await Self.waitForFile("recorded/GET-chat.json", in: mocks)
            }
            let response = try Self.recordedResponse(in: mocks, "recorded/GET-chat.json")
            #expect((response["events"] as? [[String: Any]])?.count == 4)
        }
    }

    @Test func aClientThatStopsReadingIsDroppedAndTheRecordingGoesOn() async throws {
        let event = "data: " + String(repeating: "x", count: 1000) + "\n\n"
        let count = 2000
        let body = String(repeating: event, count: count)
        let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
        let upstream = try RawUpstream(responses: ["/flood": Array((head + body).utf8)])
        defer { upstream.stop() }
        try await withMocks([:]) { mocks in
            try await withRecordingServer(upstream: upstream.url, mocks: mocks) { proxy in
                let client = try RawConnection(port: try #require(proxy.port), timeout: 30)
                // A small receive buffer, so that what the client leaves unread piles up at the server.
                var size: Int32 = 16 * 1024
                setsockopt(client.descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
                await client.send("GET /flood HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                try await Self.waitForFile("recorded/GET-flood.json", in: mocks)
                // Dropped as a fixture's stream drops such a client: its connection reset, not ended cleanly.
                #expect(await client.readError() == ECONNRESET)
            }
            let events = try #require(
                try Self.recordedResponse(in: mocks, "recorded/GET-flood.json")["events"] as? [[String: Any]]
            )
            #expect(events.count == count, "recorded whole")
        }
    }

    @Test func aStreamThatNeverEndsEndsAtMaxHoldAndWhatArrivedIsRecorded() async throws {
        let upstream = try RawUpstream(
            responses: [:],
            streams: ["/ticks": Self.endlessTicks(every: .milliseconds(100))]
        )
        defer { upstream.stop() }
        try await withMocks([:]) { mocks in
            try await withRecordingServer(upstream: upstream.url, mocks: mocks, maxHold: .seconds(1)) { proxy in
                let answer = try await fetch(proxy, "/ticks")
                #expect(answer.status == 200 && answer.text.hasPrefix("data: tick\n\n"), "\(answer.text)")
            }
            let response = try Self.recordedResponse(in: mocks, "recorded/GET-ticks.json")
            let events = try #require(response["events"] as? [[String: Any]])
            #expect(events.count >= 2, "\(events)")
            #expect(events.allSatisfy { $0["data"] as? String == "tick" })
        }
    }

    @Test func aStreamPastTheInFlightBoundEndsThereAndWhatArrivedIsRecorded() async throws {
        let upstream = try RawUpstream(responses: [:], streams: ["/ticks": Self.endlessTicks(every: .milliseconds(20))])
        defer { upstream.stop() }
        try await withMocks([:]) { mocks in
            // Without the bound, the stream would last the default --max-hold of 5 minutes, past fetch's timeout.
            try await withRecordingServer(upstream: upstream.url, mocks: mocks, maxInFlightBytes: 200) { proxy in
                let answer = try await fetch(proxy, "/ticks")
                #expect(answer.status == 200 && answer.text.hasPrefix("data: tick\n\n"), "\(answer.text)")
            }
            let response = try Self.recordedResponse(in: mocks, "recorded/GET-ticks.json")
            let events = try #require(response["events"] as? [[String: Any]])
            #expect(!events.isEmpty && events.allSatisfy { $0["data"] as? String == "tick" }, "\(events)")
        }
    }

    @Test func aRequestAnsweredWithOtherEventsBecomesASequenceOfStreams() async throws {
        func stream(_ text: String) -> [UInt8] {
            let body = "data: \(text)\n\n"
            return Array(
                "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
                    .utf8
            )
        }
        // The nonce is left out of the match: both answers are to the same recorded request.
        let upstream = try RawUpstream(responses: ["/poll?nonce=1": stream("first"), "/poll?nonce=2": stream("second")])
        defer { upstream.stop() }
        try await withMocks([:]) { mocks in
            let rules = RecordingRules(ignoredQuery: ["nonce"])
            try await withRecordingServer(upstream: upstream.url, mocks: mocks, rules: rules) { proxy in
                _ = try await fetch(proxy, "/poll?nonce=1")
                _ = try await fetch(proxy, "/poll?nonce=2")
            }
            try await withServer(mocks: mocks) { replay in
                let first = try await fetch(replay, "/poll")
                let second = try await fetch(replay, "/poll")
                #expect(first.text == "data: first\n\n" && second.text == "data: second\n\n")
            }
        }
    }

    @Test func malformedEventTextIsRelayedAsItIsAndStoredAsText() async throws {
        let body = "data: fine\n\nthis line is no field\n\ndata: unfinished"
        let upstream = try RawUpstream(responses: [
            "/odd": Array("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n\(body)".utf8)
        ])
        defer { upstream.stop() }
        try await withMocks([:]) { mocks in
            try await withRecordingServer(upstream: upstream.url, mocks: mocks) { proxy in
                let relayed = try await fetch(proxy, "/odd")
                #expect(relayed.text == body)
            }
            let response = try Self.recordedResponse(in: mocks, "recorded/GET-odd.json")
            #expect(response["events"] == nil)
            #expect(response["text"] as? String == body)
            try await withServer(mocks: mocks) { replay in
                let replayed = try await fetch(replay, "/odd")
                #expect(replayed.text == body)
            }
        }
    }

    @Test func secretsInEventsNeverReachTheFile() async throws {
        let body =
            "data: {\"access_token\":\"tok-live-93f2a7\",\"user\":\"ada\"}\n\n"
            + "event: note\ndata: your token is tok-live-93f2a7\n\n"
        let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
        let upstream = try RawUpstream(responses: ["/login": Array((head + body).utf8)])
        defer { upstream.stop() }
        try await withMocks([:]) { mocks in
            try await withRecordingServer(upstream: upstream.url, mocks: mocks) { proxy in
                let relayed = try await fetch(proxy, "/login")
                #expect(relayed.text == body, "the client gets the stream as it was")
            }
            let file = try String(
                contentsOf: mocks.appendingPathComponent("recorded/GET-login.json"),
                encoding: .utf8
            )
            #expect(!file.contains("tok-live-93f2a7"), "\(file)")
            let events = try #require(
                try Self.recordedResponse(in: mocks, "recorded/GET-login.json")["events"] as? [[String: Any]]
            )
            #expect((events[0]["data"] as? [String: Any])?["access_token"] as? String == "<redacted>")
            #expect(events[1]["data"] as? String == "your token is <redacted>")
        }
    }

    /// `text` as one chunk of a chunked body.
    /// A stream that never ends: `data: tick` every `pause`.
    private static func endlessTicks(every pause: Duration) -> RawUpstream.Stream {
        RawUpstream.Stream(
            head: "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream",
            piece: Array("data: tick\n\n".utf8),
            pause: pause
        )
    }

    private static func chunk(_ text: String) -> [UInt8] {
        Array("\(String(text.utf8.count, radix: 16))\r\n\(text)\r\n".utf8)
    }

    /// The `response` object of the recorded fixture at `path` under `mocks`.
    private static func recordedResponse(in mocks: URL, _ path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: mocks.appendingPathComponent(path))
        let fixture = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(fixture["response"] as? [String: Any], "\(String(decoding: data, as: UTF8.self))")
    }

    /// The whole milliseconds of a recorded delay (`"300ms"`).
    private static func milliseconds(_ value: Any?) throws -> Int {
        let text = try #require(value as? String)
        return try #require(Int(text.dropLast(2)), "\(text)")
    }

    /// Waits until the recorder has written `path` under `mocks`: it does once the upstream's stream is over, which
    /// the test does not see when its client has left. Gives up after 30 s.
    private static func waitForFile(_ path: String, in mocks: URL) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while !FileManager.default.fileExists(atPath: mocks.appendingPathComponent(path).path) {
            try #require(ContinuousClock.now < deadline, "\(path) was never written")
            try await Task.sleep(for: .milliseconds(50))
        }
    }
}

extension RawConnection {
    /// Reads until what arrived contains `text`, the peer closes, or a read times out; returns what arrived.
    fileprivate func readUntil(containing text: String) async -> String {
        var received = ""
        while !received.contains(text) {
            let more = await readAvailable()
            guard !more.isEmpty else { break }
            received += more
        }
        return received
    }
}
