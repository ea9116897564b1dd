import Foundation
import NetworkCore
import NetworkTestSupport
import ServerTestSupport
import Testing

/// Progress against the real server, which reads uploads slowly (`readRate`, `X-StandIn-Read-Rate`) and trickles
/// downloads (`slow-body`), so that the bytes move over seconds and a progress bar has steps to show.
@Suite struct TransferProgressLiveTests {
    /// Two megabytes, read or written at 512 KB/s: about four seconds.
    static let bodySize = 2 * 1024 * 1024

    static let fixtures = [
        "upload.json": #"""
        { "request": { "method": "POST", "path": "/uploads", "readRate": "512KB/s" },
          "response": { "status": 201, "envelope": { "data": { "stored": true } } } }
        """#,
        "unthrottled-upload.json": #"""
        { "request": { "method": "POST", "path": "/inbox" },
          "response": { "status": 201, "envelope": { "data": { "stored": true } } } }
        """#,
        "download.json": #"""
        { "request": { "path": "/download" },
          "response": { "file": "_files/big.txt", "fault": { "type": "slow-body", "bytesPerSecond": 524288 } } }
        """#,
        "_files/big.txt": String(repeating: "x", count: bodySize),
    ]

    struct Stored: Decodable, Sendable { let stored: Bool }

    /// A multipart form with a 2 MB file.
    struct Upload: Endpoint {
        typealias Response = Stored
        var path: String { "/uploads" }
        var method: HTTPRequest.Method { .post }
        var body: RequestBody? {
            .multipart(
                MultipartForm(parts: [
                    .field("title", "Holiday"),
                    .file("photo", filename: "beach.jpg", contentType: "image/jpeg", data: Data(count: bodySize)),
                ])
            )
        }
    }

    /// Raw bytes, more than the kernels on both ends buffer (so that most are still unsent when the call is
    /// cancelled), read at 1 MB/s (so that what they hold drains in seconds). Zero bytes that are only read take no
    /// memory of their own.
    struct RawUpload: Endpoint {
        static let size = 12 * 1024 * 1024
        typealias Response = Stored
        var method: HTTPRequest.Method { .post }
        var path: String { "/inbox" }
        var headers: HTTPFields { [HTTPField.Name("X-StandIn-Read-Rate")!: "1MB/s"] }
        var body: RequestBody? { .data(Data(count: Self.size), contentType: "application/octet-stream") }
    }

    struct Download: Endpoint {
        typealias Response = Data
        var path: String { "/download" }
        var responseFormat: ResponseFormat { .plain }
    }

    @Test func slowlyReadUploadReportsRisingProgressToCompletion() async throws {
        try await withMocks(Self.fixtures) { mocks in
            try await withServer(mocks: mocks, strict: true) { base in
                let started = ContinuousClock.now
                let call = APIClient(baseURL: base, timeout: .seconds(120)).upload(Upload())
                async let collected = values(of: call.progress)

                let stored = try await call.response
                let steps = await collected
                #expect(stored.stored)
                // The server read 2 MB at 512 KB/s: four seconds at least, whatever the kernel's buffers held.
                #expect(ContinuousClock.now - started > .seconds(3))
                #expect(steps.count >= 4, "\(steps)")
                #expect(risesToCompletion(steps), "\(steps)")
                #expect(try #require(steps.last?.completedBytes) > Int64(Self.bodySize))
            }
        }
    }

    @Test func slowBodyDownloadReportsRisingProgressToCompletion() async throws {
        try await withMocks(Self.fixtures) { mocks in
            try await withServer(mocks: mocks, strict: true) { base in
                let started = ContinuousClock.now
                let call = APIClient(baseURL: base, timeout: .seconds(120)).download(Download())
                async let collected = values(of: call.progress)
                let body = try await call.response
                let steps = await collected
                #expect(body.count == Self.bodySize)
                #expect(ContinuousClock.now - started > .seconds(3))
                #expect(steps.count >= 4, "\(steps)")
                #expect(risesToCompletion(steps), "\(steps)")
                #expect(steps.last?.totalBytes == Int64(Self.bodySize))
            }
        }
    }

    @Test func cancellingMidUploadEndsTheCallAndTheServerLogsTheHangUp() async throws {
        try await withMocks(Self.fixtures) { mocks in
            let log = CapturedLog()
            try await withServer(mocks: mocks, strict: true, logger: log.logger) { base in
                let call = APIClient(baseURL: base, timeout: .seconds(120)).upload(RawUpload())
                let waiting = Task { try await call.response }
                var progress = call.progress.makeAsyncIterator()
                let first = try #require(await progress.next())
                #expect(first.completedBytes < Int64(RawUpload.size))
                waiting.cancel()
                let error = try await networkError { try await waiting.value }
                #expect(error.isCancellation)
                // The server reads what the kernels still hold at its slow rate, then sees the connection end.
                let line = try await poll(every: .milliseconds(50), timeout: .seconds(180), until: { $0 != nil }) {
                    log.lines.first { $0.contains("closed during the slow read of POST /inbox after") }
                }
                let logged = try #require(line)
                #expect(logged.hasSuffix(" of \(RawUpload.size) body bytes"), "\(logged)")
            }
        }
    }
}
