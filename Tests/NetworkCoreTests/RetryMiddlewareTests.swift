import Foundation
import NetworkCore
import NetworkTestSupport
import Testing

/// A retry middleware that records its waits instead of sleeping.
private func recordingRetry(_ policy: RetryPolicy, waits: Recorder<Duration>) -> RetryMiddleware {
    RetryMiddleware(policy: policy) { waits.append($0) }
}

private let noJitter = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(10), jitter: 0)

@Suite struct RetryMiddlewareTests {
    @Test func retriesUnavailableWithExponentialBackoff() async throws {
        let transport = StubTransport(.text(.serviceUnavailable), .text(.serviceUnavailable), .envelope())
        let waits = Recorder<Duration>()
        let client = makeClient(transport, middleware: [recordingRetry(noJitter, waits: waits)])
        _ = try await client.send(AnyEndpoint<EmptyResponse>())
        #expect(transport.requests.count == 3)
        #expect(waits.values == [.milliseconds(10), .milliseconds(20)])
    }

    @Test func backoffReallyWaits() async throws {
        let transport = StubTransport(.text(.serviceUnavailable), .text(.serviceUnavailable), .envelope())
        let client = makeClient(transport, middleware: [RetryMiddleware(policy: noJitter)])
        let clock = ContinuousClock()
        let elapsed = try await clock.measure { _ = try await client.send(AnyEndpoint<EmptyResponse>()) }
        #expect(elapsed >= .milliseconds(30))
        #expect(transport.requests.count == 3)
    }

    @Test func givesUpAfterMaxAttemptsWithTheLastResponse() async throws {
        let transport = StubTransport(.text(.serviceUnavailable))
        let waits = Recorder<Duration>()
        let client = makeClient(transport, middleware: [recordingRetry(noJitter, waits: waits)])
        let error = try await networkError { try await client.send(AnyEndpoint<EmptyResponse>()) }
        #expect(error.status == .serviceUnavailable)
        #expect(transport.requests.count == 3)
    }

    @Test func honoursRetryAfterSeconds() async throws {
        let transport = StubTransport(.text(.tooManyRequests, headers: [.retryAfter: "1"]), .envelope())
        let waits = Recorder<Duration>()
        let client = makeClient(transport, middleware: [recordingRetry(noJitter, waits: waits)])
        _ = try await client.send(AnyEndpoint<EmptyResponse>())
        #expect(waits.values == [.seconds(1)])
    }

    @Test func retryAfterBeyondTheLimitEndsRetrying() async throws {
        let transport = StubTransport(.text(.serviceUnavailable, headers: [.retryAfter: "120"]), .envelope())
        let waits = Recorder<Duration>()
        let client = makeClient(transport, middleware: [recordingRetry(noJitter, waits: waits)])
        let error = try await networkError { try await client.send(AnyEndpoint<EmptyResponse>()) }
        #expect(error.status == .serviceUnavailable)
        #expect(waits.values.isEmpty)
    }

    @Test func retriesConfiguredBusinessCodesAndConnectivityFailures() async throws {
        let transport = StubTransport { _, index in
            switch index {
            case 0: throw TransportError.connectionLost(underlying: nil)
            case 1: return .envelope(code: 50301, message: "busy")
            default: return .envelope()
            }
        }
        var policy = noJitter
        policy.businessCodes = [50301]
        let waits = Recorder<Duration>()
        _ = try await makeClient(transport, middleware: [recordingRetry(policy, waits: waits)])
            .send(AnyEndpoint<EmptyResponse>())
        #expect(transport.requests.count == 3)
    }

    @Test func doesNotRetryPostAfterItMayHaveArrived() async throws {
        let transport = StubTransport(.text(.serviceUnavailable), .envelope())
        let waits = Recorder<Duration>()
        let client = makeClient(transport, middleware: [recordingRetry(noJitter, waits: waits)])
        let error = try await networkError { try await client.send(AnyEndpoint<EmptyResponse>(method: .post)) }
        #expect(error.status == .serviceUnavailable)
        #expect(transport.requests.count == 1)
    }

    @Test func retriesPostThatNeverConnected() async throws {
        let transport = StubTransport { _, index in
            if index == 0 { throw TransportError.cannotConnect(underlying: nil) }
            return .envelope()
        }
        let waits = Recorder<Duration>()
        let client = makeClient(transport, middleware: [recordingRetry(noJitter, waits: waits)])
        _ = try await client.send(AnyEndpoint<EmptyResponse>(method: .post))
        #expect(transport.requests.count == 2)
    }

    @Test func cancellingDuringRetryBackoffStopsAtOnce() async throws {
        let transport = StubTransport(.text(.serviceUnavailable))
        // A backoff no wait for the shared threads outlasts: the cancellation, not its end, stops the call.
        let policy = RetryPolicy(maxAttempts: 5, baseDelay: .seconds(3600), maxDelay: .seconds(3600), jitter: 0)
        let client = makeClient(transport, middleware: [RetryMiddleware(policy: policy)])
        let task = Task { try await client.send(AnyEndpoint<EmptyResponse>()) }
        try await transport.waitForRequests(1)
        task.cancel()
        let error = try await networkError { try await task.value }
        #expect(error.isCancellation)
        #expect(transport.requests.count == 1)
    }

    @Test func jitterShortensDelaysWithinItsFraction() {
        let policy = RetryPolicy(
            baseDelay: .milliseconds(100),
            multiplier: 2,
            maxDelay: .milliseconds(300),
            jitter: 0.5
        )
        for _ in 0..<100 {
            let second = policy.delay(beforeRetry: 2)
            #expect(second > .milliseconds(100) && second <= .milliseconds(200))
            let capped = policy.delay(beforeRetry: 5)
            #expect(capped > .milliseconds(150) && capped <= .milliseconds(300))
        }
    }
}
