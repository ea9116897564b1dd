import Foundation
import NetworkCore
import ServerTestSupport
import Testing

@testable import MockServer
@testable import StandInEngine

/// Ports opened on a running server (`HTTPServer.openPort`): served by the server's loops with handlers of their own,
/// and closed, with their sockets, by `close` or with the server.
@Suite struct AdditionalPortTests {
    /// Answers every request with one status and no body.
    private final class StatusHandler: HTTPHandler {
        private let status: Int

        init(_ status: Int) {
            self.status = status
        }

        func handle(_ request: ServerRequest) {
            request.send(status: status)
        }

        func engineDid(_ event: EngineEvent) {}
    }

    private static func server(loops: Int) -> HTTPServer {
        HTTPServer(host: "127.0.0.1", port: 0, loops: loops, limits: ServerLimits()) { _ in StatusHandler(204) }
    }

    /// The status line of a `GET /` on `port`, over a connection of its own; nil when nothing answers.
    private static func statusLine(port: Int) async -> String? {
        guard let connection = try? RawConnection(port: port) else { return nil }
        await connection.send("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        return await connection.readAll().split(separator: "\r\n").first.map(String.init)
    }

    @Test(.enabled(if: LoopbackPortReport.canReadSocketTable, "reads the kernel's socket table"))
    func anOpenedPortIsServedByTheServersLoopsWithItsOwnHandlerUntilClosed() async throws {
        let server = Self.server(loops: 2)
        try server.start()
        defer { server.stop() }
        let added = try server.openPort { _ in StatusHandler(202) }
        #expect(added.number != server.port)
        // Connections made by both loops in turn, as the kernel hands them out.
        for _ in 0..<8 {
            #expect(await Self.statusLine(port: added.number) == "HTTP/1.1 202 Accepted")
            #expect(await Self.statusLine(port: server.port) == "HTTP/1.1 204 No Content")
        }
        // The port's socket, by inode: another test's server may take the port's number once it is free.
        let socket = try #require(LoopbackPortReport.ownListenerInode(port: added.number))
        added.close()
        let closed = try await poll(
            every: .milliseconds(20),
            timeout: .seconds(120),
            until: { $0 },
            operation: { !LoopbackPortReport.socketIsOpen(inode: socket) }
        )
        #expect(closed, "the closed port's socket is still open")
        #expect(await Self.statusLine(port: server.port) == "HTTP/1.1 204 No Content")
    }

    /// The port's socket is named by its inode, not its number: tests beside this one bind ports of their own, and
    /// one of them may take this port's number the moment it is free.
    @Test(.enabled(if: LoopbackPortReport.canReadSocketTable, "reads the kernel's socket table"))
    func aPortOpenedAsTheServerStopsClosesWithIt() async throws {
        for _ in 0..<20 {
            let server = Self.server(loops: 2)
            try server.start()
            // Stopped at once: some loops may never run the task that adds the port.
            let added = try server.openPort { _ in StatusHandler(202) }
            let socket = try #require(LoopbackPortReport.ownListenerInode(port: added.number))
            server.stop()
            #expect(!LoopbackPortReport.socketIsOpen(inode: socket), "port \(added.number) outlived the server")
        }
    }
}
