import Foundation
import MockServer
import ServerTestSupport
import Testing

/// The limits of `ServerLimits`, driven through raw sockets against the real server.
@Suite struct LimitsTests {
    private func limits(_ change: (inout ServerLimits) -> Void) -> ServerLimits {
        var limits = ServerLimits()
        change(&limits)
        return limits
    }

    /// Over the limit: 431. Past four times the limit evhttp stops reading and answers 400 itself.
    @Test(arguments: [(header: 6000, status: "431"), (header: 20_000, status: "400")])
    func headOverTheLimitIsRefused(header: Int, status: String) async throws {
        try await withServer(mocks: testMocks, limits: limits { $0.maxHeaderBytes = 4096 }) { base async throws in
            let connection = try RawConnection(port: base.port!)
            let big = String(repeating: "a", count: header)
            await connection.send("GET /text HTTP/1.1\r\nHost: x\r\nX-Big: \(big)\r\n\r\n")
            let reply = await connection.readAll()
            #expect(reply.hasPrefix("HTTP/1.1 \(status)"), "got \(reply.prefix(40))")
            #expect(try await fetch(base, "/text").text == "plain words")
        }
    }

    @Test func headJustUnderTheLimitIsServed() async throws {
        try await withServer(mocks: testMocks, limits: limits { $0.maxHeaderBytes = 4096 }) { base async throws in
            let connection = try RawConnection(port: base.port!, timeout: 2)
            let filler = String(repeating: "a", count: 3900)
            await connection.send("GET /text HTTP/1.1\r\nHost: x\r\nX-Big: \(filler)\r\nConnection: close\r\n\r\n")
            let reply = await connection.readAll()
            #expect(reply.hasPrefix("HTTP/1.1 200"), "got \(reply.prefix(40))")
        }
    }

    /// Also on a connection that was answered before: the watch for the next request is armed again.
    @Test(arguments: [false, true])
    func slowClientIsCutOffAfterTheReadTimeout(afterAnAnsweredRequest: Bool) async throws {
        try await withServer(mocks: testMocks, limits: limits { $0.readTimeoutSeconds = 1 }) { base async throws in
            let connection = try RawConnection(port: base.port!)
            if afterAnAnsweredRequest {
                await connection.send("GET /text HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(await connection.readAvailable().hasSuffix("plain words"))
            }
            let started = ContinuousClock.now
            await connection.send("GET /text HTTP/1.1\r\n")
            // The default read timeout would cut it off after 30 s.
            let cutOff = await connection.drip("X-Drip: 1\r\n", every: .milliseconds(200), for: .seconds(25))
            let closed = try #require(cutOff, "a client dripping its head stayed connected for 25 s")
            #expect(closed - started < .seconds(15))
            #expect(try await fetch(base, "/text").text == "plain words")
        }
    }

    @Test func aDelayedAnswerIsNotCutByTheReadTimeout() async throws {
        let mocks = ["slow.json": #"{"request": {"path": "/slow"}, "response": {"text": "late", "delay": "2500ms"}}"#]
        try await withMocks(mocks) { directory in
            try await withServer(mocks: directory, limits: limits { $0.readTimeoutSeconds = 1 }) { base async throws in
                #expect(try await fetch(base, "/slow").text == "late")
            }
        }
    }

    @Test func idleConnectionIsClosedAfterTheIdleTimeout() async throws {
        try await withServer(mocks: testMocks, limits: limits { $0.idleTimeoutSeconds = 1 }) { base async throws in
            // The default idle timeout would close it after 60 s.
            let connection = try RawConnection(port: base.port!, timeout: 40)
            let started = ContinuousClock.now
            let (text, closed) = await connection.readAllTimed()
            #expect(text.isEmpty)
            #expect(closed - started < .seconds(20))
        }
    }

    @Test func connectionsOverTheLimitWaitUntilOthersClose() async throws {
        try await withServer(mocks: testMocks, limits: limits { $0.maxConnections = 2 }) { base async throws in
            let first = try RawConnection(port: base.port!)
            let second = try RawConnection(port: base.port!)
            // Answered, both are held by the server before the third arrives.
            for connection in [first, second] {
                await connection.send("GET /text HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(await connection.readAvailable().hasSuffix("plain words"))
            }
            let waiting = try RawConnection(port: base.port!, timeout: 1)
            await waiting.send("GET /text HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            #expect(await waiting.readAll().isEmpty, "the server answered a connection over its limit")
            first.hangUp()
            waiting.setReadTimeout(seconds: 10)
            let reply = await waiting.readAll()
            #expect(reply.hasPrefix("HTTP/1.1 200"), "got \(reply.prefix(40))")
            withExtendedLifetime(second) {}
        }
    }
}

/// What the engine does on its own is logged.
@Suite struct EngineEventLogTests {
    @Test func refusalsAndCutConnectionsAreLogged() async throws {
        let log = CapturedLog()
        var limits = ServerLimits()
        limits.readTimeoutSeconds = 1
        limits.maxConnections = 1
        try await withServer(mocks: testMocks, limits: limits, logger: log.logger) { base async throws in
            let malformed = try RawConnection(port: base.port!)
            await malformed.send("NONSENSE\r\n\r\n")
            _ = await malformed.readAll()
            let slow = try RawConnection(port: base.port!)
            await slow.send("GET /text HTTP/1.1\r\n")
            _ = await slow.readAll()
        }
        let lines = log.lines
        #expect(lines.contains("refused a malformed or oversized request from 127.0.0.1 with 400"), "\(lines)")
        #expect(lines.contains("closed the connection of 127.0.0.1: its request took over 1 s to arrive"), "\(lines)")
        #expect(
            lines.contains("connection limit reached (1 on this loop): new connections wait until some close"),
            "\(lines)"
        )
    }
}
