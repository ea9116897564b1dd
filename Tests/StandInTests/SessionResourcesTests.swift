import Foundation
import StandInSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sessions started and ended leave a real `standin serve` process's file descriptors and memory where they were.
@Suite struct SessionResourcesTests {
    /// Starts a session, sends it one request on its port, and ends it; returns nothing, throws on any failure.
    private static func cycle(_ base: URL, client: URLSession) async throws {
        var create = URLRequest(url: base.appendingPathComponent("__standin/sessions"))
        create.httpMethod = "POST"
        create.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let (created, _) = try await client.exchange(for: create)
        let reply = try JSONSerialization.jsonObject(with: created) as? [String: Any]
        let id = try #require(reply?["id"] as? String)
        let address = try #require(reply?["baseURL"] as? String)
        let url = try #require(URL(string: address))
        let (_, answer) = try await client.exchange(from: url.appendingPathComponent("README.md"))
        #expect((answer as? HTTPURLResponse)?.statusCode != nil)
        var end = URLRequest(url: base.appendingPathComponent("__standin/sessions/\(id)"))
        end.httpMethod = "DELETE"
        let (_, ended) = try await client.exchange(for: end)
        #expect((ended as? HTTPURLResponse)?.statusCode == 200)
    }

    @Test(.enabled("needs /proc", { FileManager.default.fileExists(atPath: "/proc/self/status") }))
    func thousandSessionsStartedAndEndedLeaveDescriptorsAndMemoryFlat() async throws {
        let server = try await ServeProcess([
            "--mocks", StandInBinary.repositoryRoot.appendingPathComponent("Mocks").path, "--quiet", "--threads", "2",
        ])
        defer { server.stop() }
        let base = try #require(URL(string: "http://127.0.0.1:\(server.port)"))
        let pid = server.process.processIdentifier
        let client = URLSession(configuration: .ephemeral)
        defer { client.finishTasksAndInvalidate() }
        _ = try await client.exchange(from: base.appendingPathComponent("__standin/health"))
        let descriptorsAtStart = ServerProcessResources.openDescriptors(of: pid)
        // Warm up: the first sessions grow the allocator's pools and the server's tables once.
        for _ in 0..<100 { try await Self.cycle(base, client: client) }
        let descriptorsWarm = try await ServerProcessResources.descriptors(
            of: pid,
            settlingAtMost: descriptorsAtStart + 2
        )
        let memoryBefore = try #require(ServerProcessResources.residentBytes(of: pid))
        for _ in 0..<1_000 { try await Self.cycle(base, client: client) }
        let descriptorsAfter = try await ServerProcessResources.descriptors(
            of: pid,
            settlingAtMost: descriptorsAtStart + 2
        )
        let memoryAfter = try #require(ServerProcessResources.residentBytes(of: pid))
        print(
            "1,000 sessions: fds \(descriptorsAtStart) at start, \(descriptorsWarm) after 100, \(descriptorsAfter) after "
                + "1,100; RSS \(memoryBefore) -> \(memoryAfter) bytes"
        )
        #expect(descriptorsAfter <= descriptorsAtStart + 2)
        #expect(
            memoryAfter - memoryBefore < 8 * 1024 * 1024,
            "resident memory grew by \(memoryAfter - memoryBefore) bytes over 1,000 sessions"
        )
    }

    /// How many threads process `pid` runs.
    private static func threads(of pid: Int32) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task").count) ?? -1
    }

    @Test(.enabled("needs /proc", { FileManager.default.fileExists(atPath: "/proc/self/status") }))
    func sessionPortsAreServedByTheServersOwnLoops() async throws {
        let server = try await ServeProcess([
            "--mocks", StandInBinary.repositoryRoot.appendingPathComponent("Mocks").path, "--quiet", "--threads", "2",
            "--no-watch",
        ])
        defer { server.stop() }
        let base = try #require(URL(string: "http://127.0.0.1:\(server.port)"))
        let pid = server.process.processIdentifier
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 1
        let admin = URLSession(configuration: configuration)
        defer { admin.finishTasksAndInvalidate() }
        _ = try await admin.exchange(from: base.appendingPathComponent("__standin/health"))
        let threadsAtStart = Self.threads(of: pid)
        let descriptorsAtStart = ServerProcessResources.openDescriptors(of: pid)

        var sessions: [(id: String, base: URL)] = []
        for _ in 0..<16 {
            let started = try await Self.start(base, client: admin)
            let id = try #require(started.id)
            let port = try #require(started.port)
            sessions.append((id, try #require(URL(string: "http://127.0.0.1:\(port)"))))
        }
        // One listening descriptor per server thread and session, and nothing else.
        #expect(ServerProcessResources.openDescriptors(of: pid) == descriptorsAtStart + 16 * 2)
        let client = URLSession(configuration: .ephemeral)
        defer { client.invalidateAndCancel() }
        for session in sessions {
            let (body, response) = try await client.exchange(
                from: session.base.appendingPathComponent("__standin/health")
            )
            #expect((response as? HTTPURLResponse)?.statusCode == 200, "\(String(decoding: body, as: UTF8.self))")
        }
        #expect(Self.threads(of: pid) == threadsAtStart, "sessions' ports started threads of their own")
        for session in sessions { #expect(try await Self.end(session.id, base, client: admin) == 200) }
        client.invalidateAndCancel()
        let afterEnding = try await ServerProcessResources.descriptors(of: pid, settlingAtMost: descriptorsAtStart)
        #expect(afterEnding == descriptorsAtStart)
        #expect(Self.threads(of: pid) == threadsAtStart)
    }

    /// `POST /__standin/sessions`: the status, and the reply's `id` and port (on success) or `message` (on an error).
    private static func start(
        _ base: URL,
        client: URLSession
    ) async throws -> (status: Int, id: String?, port: Int?, message: String?) {
        var create = URLRequest(url: base.appendingPathComponent("__standin/sessions"))
        create.httpMethod = "POST"
        create.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let (body, response) = try await client.exchange(for: create)
        let reply = try JSONSerialization.jsonObject(with: body) as? [String: Any]
        let port = (reply?["baseURL"] as? String).flatMap(URL.init(string:))?.port
        return (
            (response as? HTTPURLResponse)?.statusCode ?? 0, reply?["id"] as? String, port, reply?["message"] as? String
        )
    }

    /// `DELETE /__standin/sessions/{id}`: the status.
    private static func end(_ id: String, _ base: URL, client: URLSession) async throws -> Int {
        var end = URLRequest(url: base.appendingPathComponent("__standin/sessions/\(id)"))
        end.httpMethod = "DELETE"
        let (_, response) = try await client.exchange(for: end)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }

    @Test(
        .enabled(
            "needs /proc and prlimit",
            {
                FileManager.default.fileExists(atPath: "/proc/self/status")
                    && FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit")
            }
        )
    )
    func sessionsPastTheOpenFilesLimitGet503AndLeakNothing() async throws {
        // Few enough open files that sessions soon find no descriptor for their listening socket.
        let server = try await ServeProcess(
            [
                "--mocks", StandInBinary.repositoryRoot.appendingPathComponent("Mocks").path, "--quiet", "--threads",
                "1",
                "--no-watch",
            ],
            openFiles: 64
        )
        defer { server.stop() }
        let base = try #require(URL(string: "http://127.0.0.1:\(server.port)"))
        let pid = server.process.processIdentifier
        // One connection for every call, so that the calls need no descriptor of their own.
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 1
        let client = URLSession(configuration: configuration)
        defer { client.finishTasksAndInvalidate() }
        _ = try await client.exchange(from: base.appendingPathComponent("__standin/health"))
        let descriptorsAtStart = ServerProcessResources.openDescriptors(of: pid)

        var started: [String] = []
        var refused = try await Self.start(base, client: client)
        while refused.status == 201, started.count < 200 {
            started.append(try #require(refused.id))
            refused = try await Self.start(base, client: client)
        }
        #expect(!started.isEmpty, "no session started within 64 open files: \(refused)")
        #expect(refused.status == 503)
        #expect(refused.message?.contains("no port is free") == true, "\(refused)")
        // A refused start leaves nothing open: another one is refused with the same descriptors open.
        let descriptorsWhenFull = ServerProcessResources.openDescriptors(of: pid)
        let again = try await Self.start(base, client: client)
        #expect(again.status == 503)
        #expect(ServerProcessResources.openDescriptors(of: pid) == descriptorsWhenFull)

        for id in started { #expect(try await Self.end(id, base, client: client) == 200) }
        let afterEnding = try await ServerProcessResources.descriptors(of: pid, settlingAtMost: descriptorsAtStart)
        #expect(afterEnding <= descriptorsAtStart, "\(afterEnding) descriptors open, \(descriptorsAtStart) at start")
        let fresh = try await Self.start(base, client: client)
        #expect(fresh.status == 201, "\(fresh)")
        if let id = fresh.id { #expect(try await Self.end(id, base, client: client) == 200) }
    }
}
