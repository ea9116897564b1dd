import Foundation
import NetworkCore
import NetworkTestSupport
import Testing

/// A transport that reports `steps` of the request body's upload, then answers with an envelope.
private func reportingTransport(_ steps: [Int64], total: Int64?) -> StubTransport {
    StubTransport { request, _ in
        for step in steps {
            request.onProgress?(TransferProgress(direction: .upload, completedBytes: step, totalBytes: total))
        }
        request.onProgress?(TransferProgress(direction: .download, completedBytes: 9, totalBytes: 9))
        return .envelope()
    }
}

/// A POST of `size` raw bytes to `/any`.
private func rawUpload(size: Int) -> AnyEndpoint<EmptyResponse> {
    AnyEndpoint(method: .post, body: .data(Data(count: size), contentType: "application/octet-stream"))
}

/// Every value a call's progress stream yields, collected while the call runs.
private func collect<Response>(_ call: TransferCall<Response>) async throws -> (Response, [TransferProgress]) {
    async let collected = values(of: call.progress)
    let response = try await call.response
    return (response, await collected)
}

@Suite struct TransferProgressTests {
    @Test func progressOnlyRisesAndEndsComplete() async throws {
        // Repeats and a retried attempt's restart come in; only rising values come out.
        let client = makeClient(reportingTransport([0, 10, 10, 40, 20, 80], total: 100))
        let (_, values) = try await collect(client.upload(rawUpload(size: 100)))
        #expect(values.map(\.completedBytes) == [10, 40, 80, 100])
        #expect(values.map(\.fractionCompleted) == [0.1, 0.4, 0.8, 1])
        #expect(values.allSatisfy { $0.direction == .upload })
    }

    @Test func aTransportThatReportsNothingStillEndsComplete() async throws {
        let client = makeClient(StubTransport(.envelope()))
        let (_, values) = try await collect(client.upload(rawUpload(size: 100)))
        #expect(values == [TransferProgress(direction: .upload, completedBytes: 0, totalBytes: 0)])
        #expect(values.last?.fractionCompleted == 1)
    }

    @Test func downloadWatchesTheResponseBodyOnly() async throws {
        let client = makeClient(reportingTransport([50, 100], total: 100))
        let (_, values) = try await collect(client.download(rawUpload(size: 100)))
        #expect(values == [TransferProgress(direction: .download, completedBytes: 9, totalBytes: 9)])
    }

    @Test func aFailedCallEndsTheStreamWithoutCompleting() async throws {
        let transport = StubTransport { request, _ in
            request.onProgress?(TransferProgress(direction: .upload, completedBytes: 30, totalBytes: 100))
            throw TransportError.connectionLost(underlying: nil)
        }
        let call = makeClient(transport).upload(rawUpload(size: 100))
        async let collected = values(of: call.progress)
        let error = try await networkError { try await call.response }
        #expect(error.isConnectivity)
        #expect(await collected.map(\.completedBytes) == [30])
    }

    @Test func cancellingTheWaitingTaskCancelsTheCall() async throws {
        let transport = StubTransport { request, _ in
            request.onProgress?(TransferProgress(direction: .upload, completedBytes: 1, totalBytes: 100))
            try await Task.sleep(for: .seconds(3600))
            return .envelope()
        }
        let call = makeClient(transport, timeout: .seconds(7200)).upload(rawUpload(size: 100))
        let waiting = Task { try await call.response }
        try await transport.waitForRequests(1)
        waiting.cancel()
        let error = try await networkError { try await waiting.value }
        #expect(error.isCancellation)
        #expect(await values(of: call.progress).map(\.completedBytes) == [1])
    }
}
