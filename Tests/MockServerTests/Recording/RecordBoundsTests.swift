import Foundation
import MockServer
import ServerTestSupport
import Testing

/// What record mode passes on or writes is HTTP that `standin check` accepts.
@Suite struct RecordBoundsTests {
    /// HTTP statuses run from 100 to 599; a backend's 600 or 999 is a 502, never a fixture `check` refuses.
    @Test func aStatusHTTPDoesNotHaveIs502AndWritesNothing() async throws {
        let upstream = try RawUpstream(responses: [
            "/600": Array("HTTP/1.1 600 Odd\r\nContent-Length: 2\r\n\r\nok".utf8),
            "/999": Array("HTTP/1.1 999 Odd\r\nContent-Length: 2\r\n\r\nok".utf8),
        ])
        defer { upstream.stop() }
        try await withTemporaryMocks([:]) { mocks in
            try await withRecordingServer(upstream: upstream.url, mocks: mocks) { proxy in
                for status in ["600", "999"] {
                    let answer = try await fetch(proxy, "/\(status)")
                    #expect(answer.status == 502, "\(status)")
                    let message = try #require(try answer.json()["message"] as? String)
                    #expect(message.contains("status \(status)"), "\(message)")
                }
            }
            #expect(files(under: mocks).isEmpty)
        }
    }
}
