import Foundation
import NetworkCore
import ServerTestSupport
import StandInFixtures
import Testing

/// Cancelling the task that reads `APIClient.events(for:)` closes the stream's connection at once: the server's
/// journal records that the client left a held stream, and `MockRegistry`'s held stream ends with the task.
@Suite struct EventStreamCancellationTests {
    private static let files = [
        "live.json": #"""
        { "request": { "path": "/live" },
          "response": { "events": [ { "event": "tick", "data": "first" } ], "afterLast": "hold" } }
        """#
    ]

    private struct Live: Endpoint {
        typealias Response = EmptyResponse
        var path: String { "/live" }
    }

    /// Reads the stream in a task until its first event, cancels the task, and returns what the task ended with.
    /// The client's timeout is an hour, so that nothing but the cancellation ends the held stream in time.
    private func cancelAfterFirstEvent(_ base: URL, _ transport: any Transport) async throws -> [ServerSentEvent] {
        let client = APIClient(baseURL: base, transport: transport, timeout: .seconds(3600))
        let (firstArrived, arrival) = AsyncStream.makeStream(of: Void.self)
        let reader = Task {
            defer { arrival.finish() }
            var events: [ServerSentEvent] = []
            for try await event in client.events(for: Live(), reconnection: .never) {
                events.append(event)
                arrival.yield()
            }
            return events
        }
        for await _ in firstArrived { break }
        reader.cancel()
        return try await reader.value
    }

    /// What the server's journal says of the stream once it has recorded it: when the server noticed the client go.
    private func journaledSimulation(_ base: URL, _ transport: any Transport) async throws -> String? {
        let admin = APIClient(baseURL: base, transport: transport)
        return try await admin.poll(
            JournalRequests(),
            every: .milliseconds(50),
            timeout: .seconds(60),
            until: { $0.requests.contains { $0.path == "/live" } }
        ).requests.first { $0.path == "/live" }?.simulation
    }

    @Test(.timeLimit(.minutes(2))) func theServerSeesTheClientLeaveAHeldStream() async throws {
        try await withHost(Self.files, .server) { base, transport, _ in
            let events = try await cancelAfterFirstEvent(base, transport)
            #expect(events == [ServerSentEvent(event: "tick", data: "first")])
            let simulation = try await journaledSimulation(base, transport)
            #expect(simulation?.contains("client-gone") == true, "\(simulation ?? "no simulation")")
        }
    }

    @Test(.timeLimit(.minutes(2))) func leavingTheLoopClosesTheConnection() async throws {
        try await withHost(Self.files, .server) { base, transport, _ in
            let client = APIClient(baseURL: base, transport: transport, timeout: .seconds(3600))
            var first: ServerSentEvent?
            for try await event in client.events(for: Live(), reconnection: .never) {
                first = event
                break
            }
            #expect(first == ServerSentEvent(event: "tick", data: "first"))
            let simulation = try await journaledSimulation(base, transport)
            #expect(simulation?.contains("client-gone") == true, "\(simulation ?? "no simulation")")
        }
    }

    @Test(.timeLimit(.minutes(2))) func theRegistrysHeldStreamEndsWithTheReadingTask() async throws {
        try await withHost(Self.files, .registry) { base, transport, _ in
            let events = try await cancelAfterFirstEvent(base, transport)
            #expect(events == [ServerSentEvent(event: "tick", data: "first")])
        }
    }
}

/// `GET /__standin/requests`: the server's journal, without an envelope.
private struct JournalRequests: Endpoint {
    struct Journal: Decodable {
        struct Entry: Decodable {
            let path: String
            let simulation: String?
        }
        let requests: [Entry]
    }

    typealias Response = Journal
    var path: String { "/__standin/requests" }
    var responseFormat: ResponseFormat { .plain }
}
