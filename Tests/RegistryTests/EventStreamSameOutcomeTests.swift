import Foundation
import NetworkCore
import NetworkTestSupport
import StandInFixtures
import Testing

/// Server-sent events through `APIClient.events(for:)`, from the real server over URLSession and from `MockRegistry`
/// in process: the same fixtures give the same events, resumes, errors and bytes.
@Suite struct EventStreamSameOutcomeTests {
    private static let events = #"""
        [ { "event": "delta", "data": { "room": "{{path.room}}", "text": "Hel" }, "id": "1", "delay": "20ms" },
          { "comment": "thinking", "data": "line one\nline two", "id": "2", "retry": "5ms" },
          { "event": "delta", "data": { "text": "lo" }, "id": "3" },
          { "data": "[DONE]" } ]
        """#

    private static let files = [
        "chat.json": #"""
        { "request": { "method": "GET", "path": "/chat/{room}" },
          "response": { "events": \#(events), "retry": "2s" } }
        """#,
        "feed.json": #"""
        { "request": { "path": "/feed/{room}" },
          "sequence": [
            { "events": \#(events), "retry": "1ms", "fault": "cut-stream", "afterEvents": 2 },
            { "events": \#(events), "retry": "1ms" } ] }
        """#,
        "paced.json": #"""
        { "request": { "path": "/paced" },
          "response": { "events": [ { "data": "\#(String(repeating: "x", count: 90))" }, { "data": "end" } ],
                        "fault": { "type": "slow-body", "bytesPerSecond": 100 } } }
        """#,
        "broken.json": #"""
        { "request": { "path": "/broken/{room}" }, "response": { "events": \#(events), "fault": "malformed-body" } }
        """#,
        "quiet.json": #"""
        { "request": { "path": "/quiet" }, "response": { "events": [ { "data": "hello" } ], "afterLast": "hold" } }
        """#,
        "denied.json": #"""
        { "request": { "path": "/denied" },
          "response": { "status": 403, "envelope": { "code": 40300, "message": "not your room" } } }
        """#,
        "closed.json": #"""
        { "request": { "path": "/closed" }, "response": { "envelope": { "code": 40900, "message": "room closed" } } }
        """#,
    ]

    /// What the `events` of the fixtures above make, in order, for room 42.
    private static let expected = [
        ServerSentEvent(event: "delta", data: #"{"room":"42","text":"Hel"}"#, id: "1"),
        ServerSentEvent(data: "line one\nline two", id: "2", retry: .milliseconds(5)),
        ServerSentEvent(event: "delta", data: #"{"text":"lo"}"#, id: "3"),
        ServerSentEvent(data: "[DONE]", id: "3"),
    ]

    /// An endpoint of the fixtures above.
    private struct Stream: Endpoint {
        typealias Response = EmptyResponse
        let path: String
    }

    @Test(arguments: Mode.allCases) func eventsArriveAsTheFixtureDeclaresThem(mode: Mode) async throws {
        try await withHost(Self.files, mode) { base, transport, _ in
            let client = APIClient(baseURL: base, transport: transport)
            let (events, error) = await readToEnd(client.events(for: Stream(path: "/chat/42"), reconnection: .never))
            #expect(error == nil)
            #expect(events == Self.expected)
        }
    }

    @Test(arguments: Mode.allCases) func aCutStreamIsResumedAfterTheLastEventSeen(mode: Mode) async throws {
        try await withHost(Self.files, mode) { base, transport, _ in
            let client = APIClient(baseURL: base, transport: transport)
            // The first answer is cut after two events; the reconnection, with Last-Event-ID 2, gets the rest.
            let reconnection = EventStreamReconnection(delay: .seconds(600), maxReconnects: 1)
            let (events, error) = await readToEnd(
                client.events(for: Stream(path: "/feed/42"), reconnection: reconnection)
            )
            #expect(error == nil)
            #expect(events.map(\.data) == Self.expected.map(\.data))
            #expect(events.map(\.id) == ["1", "2", "3", "3"])
        }
    }

    @Test(arguments: Mode.allCases) func aCutStreamWithoutReconnectionThrowsConnectionLost(mode: Mode) async throws {
        try await withHost(Self.files, mode) { base, transport, _ in
            let client = APIClient(baseURL: base, transport: transport)
            let (events, error) = await readToEnd(client.events(for: Stream(path: "/feed/42"), reconnection: .never))
            #expect(events.map(\.id) == ["1", "2"])
            guard case .transport(.connectionLost) = error as? NetworkError else {
                Issue.record("expected .transport(.connectionLost), got \(String(describing: error))")
                return
            }
        }
    }

    @Test(arguments: Mode.allCases) func lastEventIDOnTheFirstRequestResumesToo(mode: Mode) async throws {
        try await withHost(Self.files, mode) { base, transport, _ in
            let response = try await exchange(transport, base, .get, "/chat/42", headers: ["Last-Event-ID": "2"])
            #expect(response.head.headerFields[.contentType] == "text/event-stream; charset=utf-8")
            #expect(response.head.headerFields[.cacheControl] == "no-cache")
            // A plain request gets the whole stream once it has ended: the opening, then events 3 and 4.
            #expect(
                String(decoding: response.body, as: UTF8.self)
                    == "retry: 2000\n\nevent: delta\nid: 3\ndata: {\"text\":\"lo\"}\n\ndata: [DONE]\n\n"
            )
        }
    }

    @Test(arguments: Mode.allCases) func anErrorEnvelopeIsThrownAsOtherCallsThrowIt(mode: Mode) async throws {
        try await withHost(Self.files, mode) { base, transport, _ in
            let client = APIClient(baseURL: base, transport: transport)
            let (_, denied) = await readToEnd(client.events(for: Stream(path: "/denied"), reconnection: .always))
            let http = try #require(denied as? NetworkError)
            #expect(http.status == .forbidden)
            #expect(envelopeMessage(http) == "not your room")
            let (_, closed) = await readToEnd(client.events(for: Stream(path: "/closed"), reconnection: .always))
            #expect((closed as? NetworkError)?.businessCode == 40900)
        }
    }

    @Test(arguments: Mode.allCases) func aPacedStreamHoldsEachEventForTheTimeItsBytesTake(mode: Mode) async throws {
        try await withHost(Self.files, mode) { base, transport, _ in
            let client = APIClient(baseURL: base, transport: transport)
            let started = ContinuousClock.now
            let (events, error) = await readToEnd(client.events(for: Stream(path: "/paced"), reconnection: .never))
            // 97 bytes at 100 B/s go out in 10-byte pieces every 100 ms: the first event is whole 900 ms later.
            #expect(ContinuousClock.now - started >= .milliseconds(900))
            #expect(error == nil)
            #expect(events.map(\.data) == [String(repeating: "x", count: 90), "end"])
        }
    }

    @Test(arguments: Mode.allCases) func aMalformedStreamEndsHalfWayThroughItsFirstEvent(mode: Mode) async throws {
        try await withHost(Self.files, mode) { base, transport, _ in
            let client = APIClient(baseURL: base, transport: transport)
            let (events, error) = await readToEnd(client.events(for: Stream(path: "/broken/42"), reconnection: .never))
            #expect(events.isEmpty)
            #expect(error == nil)
            let whole = try await exchange(transport, base, .get, "/broken/42")
            #expect(String(decoding: whole.body, as: UTF8.self) == "event: delta\nid: 1\ndata: {")
        }
    }

    @Test(arguments: Mode.allCases) func aHeldStreamSilentForTheTimeoutCountsAsBroken(mode: Mode) async throws {
        try await withHost(Self.files, mode) { base, transport, _ in
            // Long enough that a loaded machine still gets the head and the first event in time.
            let client = APIClient(baseURL: base, transport: transport, timeout: .seconds(10))
            let (events, error) = await readToEnd(client.events(for: Stream(path: "/quiet"), reconnection: .never))
            #expect(events.map(\.data) == ["hello"])
            guard case .transport(.timedOut) = error as? NetworkError else {
                Issue.record("expected .transport(.timedOut), got \(String(describing: error))")
                return
            }
        }
    }
}
