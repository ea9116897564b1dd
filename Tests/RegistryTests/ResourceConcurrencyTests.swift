import Foundation
import NetworkCore
import StandInFixtures
import Testing

/// Many clients writing to one resource at once lose no update: the final list holds exactly what running the same
/// operations one after another leaves.
@Suite struct ResourceConcurrencyTests {
    private static let clients = 16
    private static let writesPerClient = 500

    @Test(arguments: Mode.allCases) func concurrentWritesEqualASerialReplay(mode: Mode) async throws {
        let files = ["todos.json": ResourceSameOutcomeTests.todos]
        try await withHost(files, mode) { base, transport, _ in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for client in 0..<Self.clients {
                    group.addTask { try await Self.writes(of: client, transport, base) }
                }
                try await group.waitForAll()
            }
            let contents = try await Self.contents(transport, base)
            #expect(contents.count == Self.serialReplay.count)
            #expect(contents == Self.serialReplay)
        }
    }

    /// What `writes(of:)` leaves when every client's writes run one after another: the seed, and for each client the
    /// items created at steps 5, 15, 25, … (the others are deleted), each patched last at its creation step + 4.
    private static var serialReplay: [String] {
        let seed = ["seed Buy milk ", "seed Walk dog "]
        let kept = (0..<clients).flatMap { client in
            stride(from: 5, to: writesPerClient, by: 10).map { step in "\(client) \(step) \(step + 4)" }
        }
        return (seed + kept).sorted()
    }

    /// One client's writes: create an item, patch it three times (the last patch wins), delete every other one.
    private static func writes(of client: Int, _ transport: any Transport, _ base: URL) async throws {
        var last: Int?
        for step in 0..<writesPerClient {
            // The registry answers without suspending: yield, so that other tests' tasks get their turn on the pool.
            await Task.yield()
            switch step % 5 {
            case 0:
                let body = #"{"client": \#(client), "step": \#(step), "count": 0}"#
                let created = try await exchange(transport, base, .post, "/todos", body: body)
                let data = try #require(try jsonObject(created)["data"] as? [String: Any])
                last = try #require(data["id"] as? Int)
            case 4 where step % 10 == 4:
                let response = try await exchange(transport, base, .delete, "/todos/\(try #require(last))")
                try #require(response.head.status == .ok)
            default:
                let body = #"{"count": \#(step)}"#
                let response = try await exchange(transport, base, .patch, "/todos/\(try #require(last))", body: body)
                try #require(response.head.status == .ok)
            }
        }
    }

    /// Every item without its id (ids depend on the order of creation), sorted.
    private static func contents(_ transport: any Transport, _ base: URL) async throws -> [String] {
        let path = "/todos?limit=\(ResourceStore.maximumPageSize)"
        let list = try jsonObject(try await exchange(transport, base, .get, path))
        let items = try #require(list["data"] as? [[String: Any]])
        return items.map { item in
            "\(item["client"] ?? "seed") \(item["step"] ?? item["title"] ?? "") \(item["count"] ?? "")"
        }.sorted()
    }
}
