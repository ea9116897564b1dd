import Foundation
import NetworkCore
import NetworkTestSupport
import Testing

private struct Job: Decodable, Sendable {
    let state: String
}

private struct JobStatus: Endpoint {
    typealias Response = Job
    var path: String { "/jobs/1" }
}

/// Deadlines that are not what a test is about are ten minutes, and the suite's time limit stops a poll that never
/// ends: on a loaded machine a test's task has waited over a minute for Swift's shared threads.
@Suite(.timeLimit(.minutes(15))) struct PollingTests {
    @Test func pollsUntilTheConditionHolds() async throws {
        let transport = StubTransport(
            .envelope(data: #"{"state":"queued"}"#),
            .envelope(data: #"{"state":"running"}"#),
            .envelope(data: #"{"state":"done"}"#)
        )
        let job = try await makeClient(transport)
            .poll(JobStatus(), every: .milliseconds(10), timeout: .seconds(600)) { $0.state == "done" }
        #expect(job.state == "done")
        #expect(transport.requests.count == 3)
    }

    @Test func givesUpAtTheDeadline() async throws {
        let transport = StubTransport(.envelope(data: #"{"state":"queued"}"#))
        let client = makeClient(transport)
        do {
            _ = try await client.poll(JobStatus(), every: .milliseconds(20), timeout: .milliseconds(100)) {
                $0.state == "done"
            }
            Issue.record("polling should time out")
        } catch let error as PollingTimeoutError {
            // Every attempt but the first waits 20 ms first: no more than six fit in 100 ms.
            #expect(error.attempts >= 1 && error.attempts <= 6)
            #expect(error.attempts == transport.requests.count)
            #expect(error.timeout == .milliseconds(100))
        }
    }

    @Test func errorsEndPolling() async throws {
        let transport = StubTransport(.envelope(data: #"{"state":"queued"}"#), .text(.internalServerError))
        let error = try await networkError {
            try await makeClient(transport).poll(JobStatus(), every: .milliseconds(5), timeout: .seconds(600)) {
                $0.state == "done"
            }
        }
        #expect(error.status == .internalServerError)
        #expect(transport.requests.count == 2)
    }

    @Test func cancellingStopsPolling() async throws {
        let transport = StubTransport(.envelope(data: #"{"state":"queued"}"#))
        let client = makeClient(transport)
        let task = Task {
            try await client.poll(JobStatus(), every: .seconds(3600), timeout: .seconds(7200)) { $0.state == "done" }
        }
        try await transport.waitForRequests(1)
        task.cancel()
        let error = try await networkError { try await task.value }
        #expect(error.isCancellation)
        #expect(transport.requests.count == 1)
    }

    @Test func genericPollingWorksOnAnyOperation() async throws {
        let counter = Recorder<Int>()
        let value = try await poll(
            every: .milliseconds(1),
            timeout: .seconds(600),
            until: { $0 >= 3 },
            operation: {
                counter.append(1)
                return counter.values.count
            }
        )
        #expect(value == 3)
    }
}
