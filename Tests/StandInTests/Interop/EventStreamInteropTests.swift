import Foundation
import ServerTestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Event streams read by clients the project did not write: the OpenAI Python SDK assembles a streamed chat
/// completion, and httpx-sse reads every field, resumes with `Last-Event-ID`, sees a stream cut, and leaves a held
/// one.
@Suite(.serialized) struct EventStreamInteropTests {
    private static func chunk(_ delta: String, finish: String? = nil) -> String {
        let reason = finish.map { "\"\($0)\"" } ?? "null"
        return
            #"{ "id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1700000000, "model": "gpt-4o-mini", "#
            + #""choices": [ { "index": 0, "delta": \#(delta), "finish_reason": \#(reason) } ] }"#
    }

    /// An OpenAI-style chat completion: a role, two pieces of text 150 ms apart, a stop, and `[DONE]`; the default
    /// answer is a whole completion, the `stream` variant streams it.
    private static let chat = """
        { "request": { "method": "POST", "path": "/v1/chat/completions" },
          "response": { "json": { "id": "chatcmpl-0", "object": "chat.completion", "choices": [] } },
          "variants": { "stream": { "events": [
            { "data": \(chunk(#"{ "role": "assistant", "content": "" }"#)) },
            { "data": \(chunk(#"{ "content": "Hel" }"#)), "delay": "150ms" },
            { "data": \(chunk(#"{ "content": "lo" }"#)), "delay": "150ms" },
            { "data": \(chunk("{}", finish: "stop")), "delay": "150ms" },
            { "data": "[DONE]" } ] } } }
        """

    private static let feed = #"""
        { "request": { "path": "/feed" },
          "response": { "events": [
            { "event": "score", "id": "1", "data": { "home": 1, "away": 0 }, "retry": "2500ms" },
            { "comment": "keep-alive", "event": "note", "id": "2", "data": "first line\nsecond line" },
            { "id": "3", "data": "plain" } ] } }
        """#

    private static let cut = #"""
        { "request": { "path": "/cut" },
          "response": { "events": [ { "data": "a" }, { "data": "b" }, { "data": "c" } ],
                        "fault": "cut-stream", "afterEvents": 2 } }
        """#

    private static let live = #"""
        { "request": { "path": "/live" },
          "response": { "events": [ { "id": "1", "data": "one" }, { "id": "2", "data": "two" } ], "afterLast": "hold" } }
        """#

    private func withStreams(_ body: (String) async throws -> Void) async throws {
        try await withFolder { mocks in
            for (name, text) in [
                "chat.json": Self.chat, "feed.json": Self.feed, "cut.json": Self.cut, "live.json": Self.live,
            ] {
                try Data(text.utf8).write(to: mocks.appendingPathComponent(name))
            }
            let server = try await ServeProcess(
                ["--mocks", mocks.path, "--quiet", "--no-watch", "--variant", "POST /v1/chat/completions=stream"]
            )
            defer { server.stop() }
            try await body("http://127.0.0.1:\(server.port)")
        }
    }

    private func run(_ arguments: [String]) async throws -> [Any] {
        let printed = try await PythonBackend.client(
            "sse_clients.py",
            arguments,
            pythonPath: PythonBackend.streamClients
        )
        return try printed.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) }
    }

    @Test(.enabled("needs the OpenAI SDK in .build/python-streams", PythonBackend.streamClientsAreThere))
    func theOpenAISDKAssemblesAStreamedCompletionWithTheFixturesGaps() async throws {
        try await withStreams { base in
            let result = try #require(try await run(["openai", base + "/v1"]).first as? [String: Any])
            #expect(result["text"] as? String == "Hello")
            #expect(result["chunks"] as? Int == 4)
            // Chunk k cannot arrive before k × 150 ms after the request: the server sends it no sooner.
            let arrivals = try #require(result["atMs"] as? [Int])
            for (index, arrival) in arrivals.enumerated() {
                #expect(arrival >= index * 150 - 5, "chunk \(index) at \(arrival) ms: \(arrivals)")
            }
        }
    }

    @Test(.enabled("needs httpx-sse in .build/python-streams", PythonBackend.streamClientsAreThere))
    func httpxSSEReadsEveryField() async throws {
        try await withStreams { base in
            let events = try #require(try await run(["events", base + "/feed"]).first as? [[String: Any]])
            #expect(events.count == 3)
            #expect(events[0]["event"] as? String == "score")
            #expect(events[0]["id"] as? String == "1")
            #expect(events[0]["retry"] as? Int == 2500)
            #expect(events[0]["data"] as? String == #"{"home":1,"away":0}"#)
            #expect(events[1]["event"] as? String == "note")
            #expect(events[1]["data"] as? String == "first line\nsecond line")
            #expect(events[2]["event"] as? String == "message")
            #expect(events[2]["data"] as? String == "plain")
            #expect(events[2]["id"] as? String == "3")
        }
    }

    @Test(.enabled("needs httpx-sse in .build/python-streams", PythonBackend.streamClientsAreThere))
    func lastEventIDResumesAfterThatEvent() async throws {
        try await withStreams { base in
            let events = try #require(try await run(["events", base + "/feed", "2"]).first as? [[String: Any]])
            #expect(events.map { $0["data"] as? String } == ["plain"])
        }
    }

    @Test(.enabled("needs httpx-sse in .build/python-streams", PythonBackend.streamClientsAreThere))
    func aCutStreamBreaksAfterItsEvents() async throws {
        try await withStreams { base in
            let printed = try await run(["events", base + "/cut"])
            let events = try #require(printed.first as? [[String: Any]])
            #expect(events.map { $0["data"] as? String } == ["a", "b"])
            let error = try #require(printed.last as? [String: Any])
            // The connection is reset: the read fails, as it does when a real stream drops.
            #expect(error["error"] as? String == "ReadError", "\(error)")
            let entry = try await journalEntry(base, path: "/cut")
            #expect(entry["fault"] as? String == "cut-stream")
            let stream = try #require(entry["stream"] as? [String: Any])
            #expect(stream["eventsSent"] as? Int == 2)
            #expect(stream["clientLeftFirst"] as? Bool == false)
        }
    }

    @Test(.enabled("needs httpx-sse in .build/python-streams", PythonBackend.streamClientsAreThere))
    func aHeldStreamEndsWhenTheClientLeaves() async throws {
        try await withStreams { base in
            let events = try #require(try await run(["leave", base + "/live", "2"]).first as? [[String: Any]])
            #expect(events.map { $0["data"] as? String } == ["one", "two"])
            let entry = try await journalEntry(base, path: "/live")
            let stream = try #require(entry["stream"] as? [String: Any])
            #expect(stream["eventsSent"] as? Int == 2)
            #expect(stream["clientLeftFirst"] as? Bool == true)
        }
    }

    /// The journal's entry for `path`, once the stream has ended and it is written (within ten seconds).
    private func journalEntry(_ base: String, path: String) async throws -> [String: Any] {
        let url = try #require(URL(string: "\(base)/__standin/requests?path=\(path)"))
        let deadline = ContinuousClock.now + .seconds(10)
        while true {
            let (data, _) = try await URLSession.shared.data(from: url)
            let journal = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            if let entry = (journal?["requests"] as? [[String: Any]])?.first { return entry }
            guard ContinuousClock.now < deadline else { throw InteropFailure("no journal entry for \(path)") }
            try await Task.sleep(for: .milliseconds(50))
        }
    }
}
