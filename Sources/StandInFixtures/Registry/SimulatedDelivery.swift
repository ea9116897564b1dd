import Foundation
import StandInSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Carries out a `ResponsePlan` in process, the way a `URLSessionTransport` client of the server lives it: silence
/// while the server waits (URLSession's timeout counts time without a byte), then the answer, or the error URLSession
/// reports for the fault.
struct SimulatedDelivery {
    /// The response, as it reaches the client once delivered.
    private(set) var rendered: RenderedResponse
    private let plan: ResponsePlan
    /// How long the client waits without a byte before giving up: the request's timeout, or URLSession's default.
    private let timeout: Duration
    /// How long the server holds a `timeout` fault before closing the connection (`--max-hold`).
    private let maxHold: Duration

    /// Prepares to deliver `rendered` as `plan` says, to a request of `method` (a HEAD gets no body).
    init(_ rendered: RenderedResponse, plan: ResponsePlan, method: String, timeout: Duration?, maxHold: Duration) {
        self.rendered = BodilessResponse.status(plan.status, method: method) ? rendered.withoutBody : rendered
        self.plan = plan
        self.timeout = Self.clientTimeout(timeout)
        self.maxHold = maxHold
    }

    /// Waits as the plan says, then leaves the response in `rendered` or throws the fault's error; cancelling the
    /// calling task ends the wait at once.
    mutating func carryOut() async throws {
        switch plan.fault {
        case nil, .slowBody:
            try await waitInSilence(plan.delay)
            // Bytes keep arriving, so the client's timeout never passes; the body is whole once the last piece is in.
            if let bytesPerSecond = plan.bodyRate {
                try await Task.sleep(
                    for: SlowBodyPace(bytesPerSecond: bytesPerSecond).duration(ofBody: rendered.body.count)
                )
            }
        case .malformedBody:
            try await waitInSilence(plan.delay)
            rendered = rendered.truncated
        case .connectionReset, .cutStream:
            try await waitInSilence(plan.delay)
            throw URLError(.networkConnectionLost)
        case .emptyResponse:
            try await waitInSilence(plan.delay)
            throw Self.emptyReply
        case .timeout:
            try await waitInSilence(plan.delay + maxHold)
            throw Self.emptyReply
        }
    }

    /// Waits while the server sends nothing for `silence`; throws `URLError(.timedOut)` once the client's timeout
    /// passes first, as URLSession does.
    private func waitInSilence(_ silence: Duration) async throws {
        try await Self.waitInSilence(silence, timeout: timeout)
    }

    /// Waits while the server sends nothing for `silence`; throws `URLError(.timedOut)` once `timeout`, the
    /// client's, passes first, as URLSession does.
    static func waitInSilence(_ silence: Duration, timeout: Duration) async throws {
        guard silence < timeout else { try await waitUntilTimedOut(timeout) }
        if silence > .zero { try await Task.sleep(for: silence) }
    }

    /// Waits while the server sends nothing for as long as the client waits, `timeout`, then throws
    /// `URLError(.timedOut)` as URLSession does.
    static func waitUntilTimedOut(_ timeout: Duration) async throws -> Never {
        try await Task.sleep(for: timeout)
        throw URLError(.timedOut)
    }

    /// How long a client waits without a byte: the request's timeout, or URLSession's default.
    static func clientTimeout(_ timeout: Duration?) -> Duration {
        timeout ?? .seconds(60)
    }

    /// What URLSession reports when the server closes the connection without a response: a bad server response with
    /// FoundationNetworking (Linux), a lost connection on Apple platforms.
    static var emptyReply: URLError {
        #if canImport(FoundationNetworking)
        URLError(.badServerResponse)
        #else
        URLError(.networkConnectionLost)
        #endif
    }
}
