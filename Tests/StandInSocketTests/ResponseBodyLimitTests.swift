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
                "/endless": .init(
                    head: "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nConnection: close",
                    piece: [UInt8](repeating: 0x61, count: 64 * 1024)
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
