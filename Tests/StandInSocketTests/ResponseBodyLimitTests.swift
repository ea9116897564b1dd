import Foundation
import NetworkCore
import ServerTestSupport
import StandInSocket
import Testing

/// A transport told how large a body it accepts stops reading at that size, however much more the server sends.
@Suite struct ResponseBodyLimitTests {
    @Test(arguments: ["URLSession", "socket"])
    func aBodyThatNeverEndsEndsTheCallAtTheLimit(transportName: String) async throws {
        let limit = 1 << 20
        let upstream = try RawUpstream(
            responses: [:],
            streams: [
                // Paced. On Linux every URLSession call of the process goes through FoundationNetworking's one
                // queue, which a body poured in at loopback speed keeps busy; in each of four suite runs whose
                // URLSession calls stalled together, they were released as this test ended (40 to 98 s in). 64 KiB
                // every 5 ms passes the limit within a tenth of a second.
                "/endless": .init(
                    head: "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nConnection: close",
                    piece: [UInt8](repeating: 0x61, count: 64 * 1024),
                    pause: .milliseconds(5)
                )
            ]
        )
        defer { upstream.stop() }
        let transport: any Transport =
            transportName == "socket"
            ? SocketTransport(maxBodyBytes: limit) : URLSessionTransport(maxBodyBytes: limit)
        let request = TransportRequest(
            head: HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1:\(upstream.port)", path: "/endless")
        )
        do {
            let response = try await transport.send(request)
            Issue.record("a body of \(response.body.count) bytes came back")
        } catch {
            guard case .other(let underlying as ResponseBodyTooLarge) = TransportError(classifying: error) else {
                Issue.record("expected ResponseBodyTooLarge, got \(error)")
                return
            }
            #expect(underlying.limit == limit)
            #expect("\(underlying)" == "the response body is larger than 1048576 bytes")
        }
    }
}
