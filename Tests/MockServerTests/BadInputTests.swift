import Foundation
import MockServer
import ServerTestSupport
import Testing

@Suite struct BadInputTests {
    /// After each abuse the server must still answer a normal request.
    private func expectStillServing(_ base: URL) async throws {
        #expect(try await fetch(base, "/text").text == "plain words")
    }

    @Test func malformedRequestLineGetsA400OrClose() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            let connection = try RawConnection(port: base.port!)
            await connection.send("NONSENSE\r\n\r\n")
            let reply = await connection.readAll()
            #expect(reply.hasPrefix("HTTP/1.1 400"), "got \(reply.prefix(40))")
            try await expectStillServing(base)
        }
    }

    @Test func randomBytesDoNotHurtTheServer() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            var generator = SystemRandomNumberGenerator()
            let connection = try RawConnection(port: base.port!)
            await connection.send((0..<2048).map { _ in UInt8.random(in: 0...255, using: &generator) })
            _ = await connection.readAll()
            try await expectStillServing(base)
        }
    }

    @Test func a64KiloByteHeaderIsRefusedWith431() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            let connection = try RawConnection(port: base.port!)
            let big = String(repeating: "a", count: 64 * 1024)
            await connection.send("GET /text HTTP/1.1\r\nHost: x\r\nX-Big: \(big)\r\n\r\n")
            let reply = await connection.readAll()
            #expect(reply.hasPrefix("HTTP/1.1 431"), "got \(reply.prefix(40))")
            try await expectStillServing(base)
        }
    }

    @Test func oversizedBodyIsRefusedWith413() async throws {
        var limits = ServerLimits()
        limits.maxBodyBytes = 1024
        try await withServer(mocks: testMocks, limits: limits) { base async throws in
            let connection = try RawConnection(port: base.port!)
            await connection.send("POST /notes HTTP/1.1\r\nHost: x\r\nContent-Length: 10737418240\r\n\r\n")
            let reply = await connection.readAll()
            #expect(reply.hasPrefix("HTTP/1.1 413"), "got \(reply.prefix(40))")
            try await expectStillServing(base)
        }
    }

    @Test func clientHangingUpMidRequestCostsNothing() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            for _ in 0..<50 {
                let connection = try RawConnection(port: base.port!)
                await connection.send("POST /notes HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nurgent")
                connection.hangUp()
            }
            try await expectStillServing(base)
        }
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            let connection = try RawConnection(port: base.port!, timeout: 1)
            let request = "GET /text HTTP/1.1\r\nHost: x\r\n\r\n"
            await connection.send(String(repeating: request, count: 10))
            let reply = await connection.readAll()
            #expect(reply.components(separatedBy: "plain words").count - 1 == 10)
        }
    }
}
