import Foundation
import ServerTestSupport
import Testing

/// The journal's byte budget, its pages and the streaming of a large read, through the real server.
@Suite struct JournalBoundsTests {
    static let files = [
        "ping.json": #"{ "request": { "method": "ANY", "path": "/ping" }, "response": { "text": "pong" } }"#
    ]

    /// Sends `count` POST /ping requests with `bodyBytes` of body each on one connection, and waits for the answers.
    private static func post(_ count: Int, bodyBytes: Int, to base: URL) async throws {
        let body = String(repeating: "b", count: bodyBytes)
        let request = "POST /ping HTTP/1.1\r\nHost: x\r\nContent-Length: \(bodyBytes)\r\n\r\n\(body)"
        let last = "GET /ping HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        let connection = try RawConnection(port: base.port!, timeout: 30)
        await connection.send(String(repeating: request, count: count - 1) + last)
        #expect(await connection.readAll().components(separatedBy: "pong").count - 1 == count)
    }

    private static func page(_ base: URL, _ query: String) async throws -> (ids: [Int], next: Int?) {
        let response = try await fetch(base, "/__standin/requests" + query)
        #expect(response.status == 200)
        let json = try response.json()
        let ids = (json["requests"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
        #expect(json["count"] as? Int == ids.count)
        return (ids, json["next"] as? Int)
    }

    @Test func byteBudgetDropsTheOldestEntries() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks, journalBytes: 1024 * 1024) { base async throws in
                try await Self.post(60, bodyBytes: 60_000, to: base)
                let kept = try await Self.page(base, "")
                // 1 MiB holds 17 bodies of 60 KB, and the last request (no body); the count bound (10,000) is far.
                #expect(kept.ids.count <= 18)
                #expect(kept.ids.count >= 10)
                #expect(kept.ids.last == 60)
                #expect(kept.ids == Array((61 - kept.ids.count)...60))
            }
        }
    }

    @Test func pagesFollowTheCursorToTheEnd() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                try await Self.post(25, bodyBytes: 1, to: base)
                let first = try await Self.page(base, "?limit=10")
                #expect(first.ids == Array(1...10))
                #expect(first.next == 10)
                let second = try await Self.page(base, "?limit=10&since=10")
                #expect(second.ids == Array(11...20))
                let last = try await Self.page(base, "?limit=10&since=\(try #require(second.next))")
                #expect(last.ids == Array(21...25))
                #expect(last.next == nil)
                let filtered = try await Self.page(base, "?method=GET&limit=10")
                #expect(filtered.ids == [25])
            }
        }
    }

    @Test(arguments: ["limit=0", "limit=10001", "limit=ten", "since=-1", "since=x"])
    func badPageParametersAreRefused(_ query: String) async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                let response = try await fetch(base, "/__standin/requests?" + query)
                #expect(response.status == 400)
                #expect((try response.json()["message"] as? String)?.isEmpty == false)
            }
        }
    }

    @Test func largeReadIsStreamedInChunksAndParsesWhole() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                try await Self.post(100, bodyBytes: 20_000, to: base)
                let connection = try RawConnection(port: base.port!, timeout: 30)
                await connection.send(
                    "GET /__standin/requests HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
                )
                let raw = await connection.readAll()
                let head = raw.prefix { $0 != "{" }
                #expect(head.lowercased().contains("transfer-encoding: chunked"), "head: \(head)")
                #expect(!head.lowercased().contains("content-length"))
                let whole = try await Self.page(base, "")
                #expect(whole.ids == Array(1...100))
            }
        }
    }
}
