import Foundation
import StandInFixtures
import Testing

/// How an event stream's text is read into events and stored as a fixture's `events`.
@Suite struct RecordedEventStreamTests {
    @Test func linesEndAtCRLFOrLFOrCREvenWhenACRLFIsSplitBetweenPieces() {
        var lines = EventStreamLines()
        var seen: [String] = []
        for piece in ["data: a\r", "\ndata: b\n", "\r\rid: 7\r\n", "\r\n"] {
            lines.feed(Array(piece.utf8)) { line, _ in seen.append(String(decoding: line, as: UTF8.self)) }
        }
        #expect(seen == ["data: a", "data: b", "", "", "id: 7", ""])
        #expect(!lines.hasPendingLine)
    }

    @Test func theStandardsFieldsAndCommentsAreRead() {
        let text =
            ": hello\n: again\nevent: delta\nid: 1\nretry: 3000\ndata: {\"a\":1}\ndata:two\n\n\n\ndata: [DONE]\n\n"
        let events = EventStreamFields.events(in: Array(text.utf8))
        #expect(
            events == [
                .init(comment: "hello\nagain", event: "delta", id: "1", retry: 3000, data: "{\"a\":1}\ntwo"),
                .init(data: "[DONE]"),
            ]
        )
    }

    @Test(arguments: [
        "data: a\n\nunknown: field\n\n", "retry: soon\n\n", "id: a\u{0}b\n\n", "data: no empty line after it\n",
    ])
    func textTheEventsFormCannotCarryIsNoEvents(_ text: String) {
        #expect(EventStreamFields.events(in: Array(text.utf8)) == nil)
    }

    @Test func aRecordedStreamIsStoredAsEventsWithDelaysAndSecretsReplaced() throws {
        let body = "event: login\ndata: {\"refresh_token\":\"rt-889911\",\"n\":2.50}\n\ndata: rt-889911 again\n\n"
        let exchange = RecordedExchange(
            method: "GET",
            path: "/feed",
            status: 200,
            responseHeaders: [("Content-Type", "text/event-stream; charset=utf-8")],
            responseBody: Array(body.utf8),
            eventDelays: [.milliseconds(40.4), .milliseconds(299.6)]
        )
        let response = try #require(exchange.fixtureResponse(rules: RecordingRules()))
        let events = try #require(response["events"])
        #expect(
            String(decoding: events.compactBytes, as: UTF8.self)
                == #"[{"event":"login","data":{"refresh_token":"<redacted>","n":2.50},"delay":"40ms"},"#
                + #"{"data":"<redacted> again","delay":"300ms"}]"#
        )
        #expect(response["text"] == nil && response["base64"] == nil)
    }

    @Test func aSecretInAMalformedStreamIsReplacedInTheTextStored() throws {
        let body = "data: {\"access_token\":\"tok-9911aa\"}\n\nnot a field\ndata: tok-9911aa again"
        let exchange = RecordedExchange(
            method: "GET",
            path: "/odd",
            status: 200,
            responseHeaders: [("Content-Type", "text/event-stream")],
            responseBody: Array(body.utf8)
        )
        let response = try #require(exchange.fixtureResponse(rules: RecordingRules()))
        #expect(response["events"] == nil)
        #expect(
            response["text"]?.stringValue
                == "data: {\"access_token\":\"<redacted>\"}\n\nnot a field\ndata: <redacted> again"
        )
    }

    @Test func theSameEventsWithOtherDelaysAreTheSameAnswerNotASequence() async throws {
        let mocks = FileManager.default.temporaryDirectory.appendingPathComponent("standin-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: mocks) }
        let recorder = FixtureRecorder(mocksDirectory: mocks, into: "recorded", rules: RecordingRules())
        func stream(_ body: String, delay: Duration) -> RecordedExchange {
            RecordedExchange(
                method: "GET",
                path: "/ticks",
                status: 200,
                responseHeaders: [("Content-Type", "text/event-stream")],
                responseBody: Array(body.utf8),
                eventDelays: [delay]
            )
        }
        #expect(try await recorder.record(stream("data: tick\n\n", delay: .milliseconds(100))).label == .recorded)
        #expect(try await recorder.record(stream("data: tick\n\n", delay: .milliseconds(130))).label == .unchanged)
        #expect(try await recorder.record(stream("data: tock\n\n", delay: .milliseconds(100))).label == .updated)
    }
}
