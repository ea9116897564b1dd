import Foundation
import ServerTestSupport
import StandInSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `standin record --max-hold` in front of a `standin serve` whose event stream never ends (`afterLast: hold`).
@Suite struct RecordEventStreamCommandTests {
    @Test func aStreamThatNeverEndsIsEndedAtMaxHoldAndRecordedAsEventsThatCheckAccepts() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "standin-rec-\(UUID().uuidString)"
        )
        defer { try? FileManager.default.removeItem(at: directory) }
        let backendMocks = directory.appendingPathComponent("Backend")
        try writeFile(
            #"""
            { "request": { "path": "/feed" },
              "response": { "events": [ { "event": "tick", "data": { "n": 1 }, "delay": "100ms" },
                                        { "event": "tick", "data": { "n": 2 }, "delay": "100ms" } ],
                            "afterLast": "hold" } }
            """#,
            to: backendMocks.appendingPathComponent("feed.json")
        )
        let backend = try await ServeProcess(["--mocks", backendMocks.path, "--quiet", "--no-watch"])
        defer { backend.stop() }
        let mocks = directory.appendingPathComponent("Mocks")
        let recorder = try await ServeProcess(
            ["--upstream", "http://127.0.0.1:\(backend.port)", "--mocks", mocks.path, "--max-hold", "1s"],
            command: "record"
        )
        let (data, response) = try await URLSession.shared.exchange(
            from: URL(string: "http://127.0.0.1:\(recorder.port)/feed")!
        )
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(
            String(decoding: data, as: UTF8.self) == "event: tick\ndata: {\"n\":1}\n\nevent: tick\ndata: {\"n\":2}\n\n"
        )
        #expect(
            try await recorder.printed(
                #"GET /feed 200 recorded/GET-feed\.json .* RECORDED stream ended after 1s \(--max-hold\)"#
            )
        )
        #expect(await recorder.interrupt() == 0)
        let written = try Data(contentsOf: mocks.appendingPathComponent("recorded/GET-feed.json"))
        let fixture = try #require(try JSONSerialization.jsonObject(with: written) as? [String: Any])
        let events = try #require((fixture["response"] as? [String: Any])?["events"] as? [[String: Any]])
        #expect(events.compactMap { ($0["data"] as? [String: Any])?["n"] as? Int } == [1, 2])
        let check = try await StandInBinary.run(["check", "--mocks", mocks.path])
        #expect(check.status == 0, "\(check.output)")
    }
}
