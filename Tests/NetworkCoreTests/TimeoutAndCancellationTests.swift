import Foundation
import NetworkCore
import NetworkTestSupport
import Testing

/// A transport that never answers until it is cancelled, and records that it was.
private func hangingTransport(cancelled: Recorder<Bool>) -> StubTransport {
    StubTransport { _, _ in
        do {
            try await Task.sleep(for: .seconds(300))
        } catch {
            cancelled.append(true)
            throw error
        }
        return .envelope()
    }
}

@Suite struct TimeoutAndCancellationTests {
    /// Long before the client's own timeout of an hour would (which the time limit stops short of).
    @Test(.timeLimit(.minutes(10))) func endpointTimeoutEndsTheRequest() async throws {
        let cancelled = Recorder<Bool>()
        let client = makeClient(hangingTransport(cancelled: cancelled), timeout: .seconds(3600))
        let error = try await networkError {
            try await client.send(AnyEndpoint<EmptyResponse>(timeout: .milliseconds(50)))
        }
        guard case .transport(.timedOut) = error else {
            Issue.record("expected .transport(.timedOut), got \(error)")
            return
        }
        #expect(cancelled.values == [true])
        #expect(transport(client).requests.first?.timeout == .milliseconds(50))
    }

    @Test func clientTimeoutAppliesWhenTheEndpointHasNone() async throws {
        let cancelled = Recorder<Bool>()
        let client = makeClient(hangingTransport(cancelled: cancelled), timeout: .milliseconds(50))
        let error = try await networkError { try await client.send(AnyEndpoint<EmptyResponse>()) }
        #expect(error.isConnectivity)
        #expect(transport(client).requests.first?.timeout == .milliseconds(50))
    }

    @Test func cancellingTheTaskCancelsTheTransport() async throws {
        let cancelled = Recorder<Bool>()
        let client = makeClient(hangingTransport(cancelled: cancelled))
        let task = Task { try await client.send(AnyEndpoint<EmptyResponse>()) }
        try await transport(client).waitForRequests(1)
        task.cancel()
        let error = try await networkError { try await task.value }
        #expect(error.isCancellation)
        #expect(cancelled.values == [true])
    }

    private func transport(_ client: APIClient) -> StubTransport {
        client.transport as! StubTransport
    }
}
