import Foundation
import MockServer
import ServerTestSupport
import Testing

/// What record mode holds for the answers in flight is bounded across all of them, and what it passes on or writes
/// is HTTP that `standin check` accepts.
@Suite struct RecordBoundsTests {
    /// Two answers of 700 KB, each well under the 1 MB bound, held by the backend after their heads so that both
    /// are in flight at once: the second to arrive is refused (503, saying why and when to try again), the first
    /// is answered whole and recorded, and once it is out there is room again.
    @Test func answersInFlightShareOneBoundInBytes() async throws {
        let count = 700_000
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: \(count)\r\n\r\n"
        let bodies = ["/one": UInt8(ascii: "1"), "/two": UInt8(ascii: "2")].mapValues {
            [UInt8](repeating: $0, count: count)
        }
        let upstream = try RawUpstream(
            responses: bodies.mapValues { Array(head.utf8) + $0 },
            held: bodies.mapValues { _ in head.utf8.count + 1000 }
        )
        defer { upstream.stop() }
        try await withMocks([:]) { mocks in
            try await withRecordingServer(
                upstream: upstream.url,
                mocks: mocks,
                timeout: .seconds(60),
                maxInFlightBytes: 1_000_000
            ) { proxy in
                let (first, second) = try await withThrowingTaskGroup(of: FetchedResponse.self) { group in
                    group.addTask { try await fetch(proxy, "/one") }
                    group.addTask { try await fetch(proxy, "/two") }
                    // The refused one comes back while the other is still held.
                    let first = try #require(try await group.next())
                    upstream.release()
                    upstream.release()
                    return (first, try #require(try await group.next()))
                }
                #expect(first.status == 503)
                #expect(first.header("Retry-After") == "1")
                let message = try #require(try first.json()["message"] as? String)
                #expect(message.contains("--max-in-flight-bytes"), "\(message)")
                #expect(second.status == 200)
                let answered = try #require(bodies.first { Data($0.value) == second.body }?.key)
                // Once it is out there is room again: the refused one, asked again, is answered and recorded.
                upstream.release()
                let again = try await fetch(proxy, answered == "/one" ? "/two" : "/one")
                #expect(again.status == 200)
                #expect(again.body.count == count)
            }
            #expect(
                files(under: mocks) == [
                    "recorded/GET-one.1.body", "recorded/GET-one.json", "recorded/GET-two.1.body",
                    "recorded/GET-two.json",
                ]
            )
        }
    }

    /// A gzip answer of 2 KB that decodes to 2 MB, past a 1 MB bound: the client still gets it, nothing is written.
    @Test func aCompressedAnswerWhoseDecodingPassesTheBoundIsPassedOnNotRecorded() async throws {
        let gzip = try #require(
            Data(
                base64Encoded: "H4sIAAAAAAACA+3BgQAAAADDINb5SxzkVQE" + String(repeating: "A", count: 2582)
                    + "G8GVPm26oCEHgA="
            )
        )
        let response =
            Array(
                "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Encoding: gzip\r\nContent-Length: \(gzip.count)\r\n\r\n"
                    .utf8
            ) + gzip
        let upstream = try RawUpstream(responses: ["/zipped": response])
        defer { upstream.stop() }
        try await withMocks([:]) { mocks in
            try await withRecordingServer(upstream: upstream.url, mocks: mocks, maxInFlightBytes: 1_000_000) { proxy in
                let answer = try await fetch(proxy, "/zipped")
                #expect(answer.status == 200)
                #expect(answer.body == Data(repeating: UInt8(ascii: "a"), count: 2_000_000))
            }
            #expect(files(under: mocks).isEmpty)
        }
    }

    /// HTTP statuses run from 100 to 599; a backend's 600 or 999 is a 502, never a fixture `check` refuses.
    @Test func aStatusHTTPDoesNotHaveIs502AndWritesNothing() async throws {
        let upstream = try RawUpstream(responses: [
            "/600": Array("HTTP/1.1 600 Odd\r\nContent-Length: 2\r\n\r\nok".utf8),
            "/999": Array("HTTP/1.1 999 Odd\r\nContent-Length: 2\r\n\r\nok".utf8),
        ])
        defer { upstream.stop() }
        try await withMocks([:]) { mocks in
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
