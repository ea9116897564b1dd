import Foundation
import ServerTestSupport
import StandInFixtures
import StandInSupport
import StandInTooling
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `import har` and a captured event stream: its `content.text` becomes an `events` fixture, the events spread evenly
/// over the entry's `timings.receive`, which the server replays as the same events.
@Suite struct HAREventStreamTests {
    private static let stream =
        "event: delta\ndata: {\"text\":\"Hel\"}\n\nevent: delta\ndata: {\"text\":\"lo\",\"session\":\"s-4411-abc\"}\n\n"
        + "data: [DONE]\n\n"

    @Test func aCapturedEventStreamBecomesEventsSpreadOverItsReceiveTime() async throws {
        try await withMocks([:]) { mocks in
            let warnings = try await Self.importEntry(Self.stream, receive: 600, into: mocks)
            #expect(warnings.isEmpty, "\(warnings)")
            let file = mocks.appendingPathComponent("imported/har/GET-chat.json")
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(!text.contains("s-4411-abc"), "secret-named fields are redacted: \(text)")
            let fixture = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let events = try #require((fixture["response"] as? [String: Any])?["events"] as? [[String: Any]])
            #expect(events.map { $0["delay"] as? String } == ["200ms", "200ms", "200ms"])
            #expect((events[0]["data"] as? [String: Any])?["text"] as? String == "Hel")
            #expect(events[2]["data"] as? String == "[DONE]")
            try await withServer(mocks: mocks) { base in
                let session = URLSession(configuration: .ephemeral)
                defer { session.finishTasksAndInvalidate() }
                let (body, response) = try await session.exchange(from: base.appendingPathComponent("chat"))
                let type = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type")
                #expect(type?.hasPrefix("text/event-stream") == true, "\(type ?? "no Content-Type")")
                let redacted = Self.stream.replacingOccurrences(of: "s-4411-abc", with: "<redacted>")
                #expect(EventStreamFields.events(in: Array(body)) == EventStreamFields.events(in: Array(redacted.utf8)))
            }
        }
    }

    @Test func withoutAReceiveTimeTheEventsComeAtOnce() async throws {
        try await withMocks([:]) { mocks in
            _ = try await Self.importEntry(Self.stream, receive: -1, into: mocks)
            let data = try Data(contentsOf: mocks.appendingPathComponent("imported/har/GET-chat.json"))
            let fixture = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let events = try #require((fixture["response"] as? [String: Any])?["events"] as? [[String: Any]])
            #expect(events.map { $0["delay"] as? String } == ["0ms", "0ms", "0ms"])
        }
    }

    @Test func eventTextTheEventsFormCannotCarryIsStoredAsTextWithAWarning() async throws {
        let odd = "data: fine\n\nnot a field\n\n"
        try await withMocks([:]) { mocks in
            let warnings = try await Self.importEntry(odd, receive: 100, into: mocks)
            #expect(warnings.map(\.description).contains { $0.contains("not well-formed event text") }, "\(warnings)")
            let data = try Data(contentsOf: mocks.appendingPathComponent("imported/har/GET-chat.json"))
            let fixture = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect((fixture["response"] as? [String: Any])?["text"] as? String == odd)
        }
    }

    /// Imports a HAR file of one `GET /chat` entry answered with `text` as an event stream, whose body took
    /// `receive` ms, into `mocks`; returns the warnings.
    private static func importEntry(_ text: String, receive: Int, into mocks: URL) async throws -> [ImportWarning] {
        let entry: [String: Any] = [
            "request": ["method": "GET", "url": "https://api.test/chat", "headers": []],
            "response": [
                "status": 200,
                "headers": [["name": "content-type", "value": "text/event-stream"]],
                "content": ["size": text.utf8.count, "mimeType": "text/event-stream", "text": text],
            ],
            "timings": ["send": 0, "wait": 30, "receive": receive],
        ]
        let har = ["log": ["version": "1.2", "entries": [entry]]]
        let file = mocks.appendingPathComponent("capture.har")
        try JSONSerialization.data(withJSONObject: har).write(to: file)
        let staging = try ImportStaging(mocksDirectory: mocks, into: "imported/har")
        let warnings = try await HARImporter(rules: RecordingRules()).run(file: file, into: staging)
        try staging.commit()
        try FileManager.default.removeItem(at: file)
        return warnings
    }
}
