import Foundation
import ServerTestSupport
import Testing

/// A header template that renders a request's control characters is sent escaped and logged, never dropped.
@Suite struct HeaderTemplateTests {
    static let files = [
        "go.json": #"""
        { "request": { "path": "/go" },
          "response": { "status": 302, "headers": { "Location": "{{query.next}}" } } }
        """#
    ]

    @Test func renderedLineBreaksArePercentEncodedAndLogged() async throws {
        let log = CapturedLog()
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks, logger: log.logger) { base async throws in
                let connection = try RawConnection(port: base.port!)
                await connection.send(
                    "GET /go?next=%2Fhome%0D%0ASet-Cookie:%20stolen=1%01 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
                )
                let reply = await connection.readAll()
                #expect(reply.hasPrefix("HTTP/1.1 302 "))
                #expect(reply.contains("Location: /home%0D%0ASet-Cookie: stolen=1%01\r\n"), "\(reply)")
                #expect(!reply.contains("\r\nSet-Cookie"))
                #expect(log.lines.contains { $0.contains("go.json") && $0.contains("Location") })
            }
        }
    }
}
