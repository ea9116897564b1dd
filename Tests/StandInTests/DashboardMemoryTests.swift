import Foundation
import NetworkCore
import ServerTestSupport
import StandInSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Three dashboards open on a real `standin serve` under load: its resident memory stays flat.
@Suite struct DashboardMemoryTests {
    /// `count` requests, 8 at a time, each with an 8 KB path: each makes an 8 KB event for every stream.
    private static func load(_ base: URL, count: Int, from first: Int) async throws {
        let long = String(repeating: "p", count: 8000)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for number in first..<(first + count) {
                group.addTask {
                    _ = try await URLSession.shared.exchange(from: base.appendingPathComponent("/\(long)/\(number)"))
                }
                if number - first >= 8 { try await group.next() }
            }
            try await group.waitForAll()
        }
    }

    /// The requests a stream's `text` shows (`request` events) and counts as not shown (`skipped` events).
    private static func requestsHeardOf(in text: String) -> Int {
        let events = text.components(separatedBy: "\n\n")
        let shown = events.count { $0.hasPrefix("event: request\n") }
        let skipped = events.filter { $0.hasPrefix("event: skipped\n") }.compactMap { event in
            event.split(separator: #""count":"#).dropFirst().first.flatMap { Int($0.prefix { $0.isNumber }) }
        }
        return shown + skipped.reduce(0, +)
    }

    private static func contents(_ file: URL) -> String {
        (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    }

    /// `curl -N` reading the event stream into `file`, as a browser tab would read it.
    private static func reader(_ base: URL, into file: URL) throws -> ChildProcess {
        let curl = ChildProcess()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        curl.arguments = [
            "curl", "-sN", "-o", file.path, base.appendingPathComponent("/__standin/events").absoluteString,
        ]
        try curl.run()
        return curl
    }

    @Test(.enabled("needs /proc and curl", { FileManager.default.fileExists(atPath: "/proc/self/status") }))
    func memoryStaysFlatWithThreeDashboardsOpenUnderLoad() async throws {
        let server = try await ServeProcess([
            "--mocks", StandInBinary.repositoryRoot.appendingPathComponent("Mocks").path, "--quiet", "--threads", "2",
            "--journal-size", "100",
        ])
        defer { server.stop() }
        let base = try #require(URL(string: "http://127.0.0.1:\(server.port)"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dashboards-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = (1...3).map { folder.appendingPathComponent("stream-\($0).txt") }
        let readers = try files.map { try Self.reader(base, into: $0) }
        defer {
            for reader in readers {
                kill(reader.processIdentifier, SIGTERM)
                reader.waitUntilExit()
            }
        }
        for file in files {
            _ = try await poll(
                every: .milliseconds(50),
                timeout: .seconds(60),
                until: { $0 },
                operation: { Self.contents(file).contains("event: ready") }
            )
        }
        let pid = server.process.processIdentifier
        try await Self.load(base, count: 200, from: 0)
        let before = try #require(ServerProcessResources.residentBytes(of: pid))
        // 1,000 requests make 24 MB of events in all: were any of them kept, memory would grow by that much.
        try await Self.load(base, count: 1_000, from: 200)
        let after = try #require(ServerProcessResources.residentBytes(of: pid))
        #expect(after - before < 12 * 1024 * 1024, "grew by \(after - before) bytes")
        // Every dashboard hears of all 1,200 requests, shown live or counted in `skipped` events above the live cap, or,
        // when the machine's load kept its reader from reading for as long as its bounded buffer lasts, is told it was
        // dropped: never a stream that silently stops.
        let settled = try? await poll(
            every: .milliseconds(200),
            timeout: .seconds(60),
            until: { $0 },
            operation: {
                files.allSatisfy { file in
                    let text = Self.contents(file)
                    return Self.requestsHeardOf(in: text) >= 1_200 || text.contains("event: dropped")
                }
            }
        )
        #expect(settled == true, "heard of: \(files.map { Self.requestsHeardOf(in: Self.contents($0)) })")
    }
}
