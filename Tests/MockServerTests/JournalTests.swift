import Foundation
import ServerTestSupport
import Testing

@testable import MockServer

@Suite struct JournalTests {
    static let files = [
        "user.json": #"""
        {
          "request": { "path": "/users/{id}" },
          "response": { "json": { "id": "{{path.id}}" } },
          "variants": { "gone": { "status": 410 }, "slow": { "delay": "50ms" } }
        }
        """#,
        "order.json": #"""
        { "request": { "method": "POST", "path": "/orders", "body": { "json": { "product": "BOOK" } } },
          "response": { "status": 201 } }
        """#,
        "ping.json": #"{ "request": { "path": "/ping" }, "response": { "text": "pong" } }"#,
    ]

    private static func requests(_ base: URL, _ query: String = "") async throws -> [[String: Any]] {
        let journal = try await fetch(base, "/__standin/requests" + query)
        #expect(journal.status == 200)
        return try journal.json()["requests"] as? [[String: Any]] ?? []
    }

    @Test func entryKeepsTheRequestWithSecretsRedactedAndTheOutcome() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                _ = try await fetch(
                    base,
                    "/orders?ref=mail",
                    method: "POST",
                    headers: [
                        "Authorization": "Bearer abc", "Cookie": "s=1", "X-Api-Key": "k", "X-Trace": "t-1",
                        "Content-Type": "application/json",
                    ],
                    body: Data(#"{"product":"BOOK","qty":2}"#.utf8)
                )
                let entry = try #require(try await Self.requests(base).first)
                #expect(entry["method"] as? String == "POST")
                #expect(entry["path"] as? String == "/orders")
                #expect(entry["query"] as? String == "ref=mail")
                let headers = try #require(entry["headers"] as? [String: String])
                #expect(headers["Authorization"] == "<redacted>")
                #expect(headers["Cookie"] == "<redacted>")
                #expect(headers["X-Api-Key"] == "<redacted>")
                #expect(headers["X-Trace"] == "t-1")
                #expect(entry["body"] as? String == #"{"product":"BOOK","qty":2}"#)
                #expect(entry["bodyTruncated"] as? Bool == false)
                #expect(entry["fixture"] as? String == "order.json")
                #expect(entry["variant"] is NSNull)
                #expect(entry["status"] as? Int == 201)
                #expect((entry["durationMs"] as? Double ?? -1) >= 0)
                #expect((entry["time"] as? String)?.hasSuffix("Z") == true)
                #expect(entry["nearMisses"] == nil)
            }
        }
    }

    @Test func aRequestWithManyHeadersIsJournaledWithEveryHeaderAndSecretsRedacted() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                var sent = Dictionary(uniqueKeysWithValues: (0..<100).map { ("X-Header-\($0)", "value \($0)") })
                sent["Authorization"] = "Bearer abc"
                _ = try await fetch(base, "/ping", headers: sent)
                let entry = try #require(try await Self.requests(base).first)
                let headers = try #require(entry["headers"] as? [String: String])
                #expect((0..<100).allSatisfy { headers["X-Header-\($0)"] == "value \($0)" })
                #expect(headers["Authorization"] == "<redacted>")
                #expect(entry["path"] as? String == "/ping")
            }
        }
    }

    @Test func unmatchedEntriesCarryTheNearMissDiagnosis() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                _ = try await fetch(base, "/ping")
                _ = try await fetch(base, "/orders", method: "POST", body: Data(#"{"product":"PEN"}"#.utf8))
                let unmatched = try await Self.requests(base, "?unmatched=true")
                #expect(unmatched.count == 1)
                let entry = try #require(unmatched.first)
                #expect(entry["fixture"] is NSNull)
                #expect(entry["path"] as? String == "/orders")
                #expect(entry["query"] is NSNull)
                #expect(entry["status"] as? Int == 404)
                let nearest = try #require((entry["nearMisses"] as? [[String: Any]])?.first)
                #expect(nearest["fixture"] as? String == "order.json")
                #expect((nearest["differences"] as? [String])?.first?.hasPrefix("body: expected") == true)
            }
        }
    }

    @Test func durationIsListedToTheMicrosecond() {
        let head = JournalRequestHead(method: "GET", path: "/", query: nil, headers: [])
        var entry = JournalEntry(time: Date(), head: head, body: [], bodyTruncated: false)
        for (nanoseconds, written) in [(Int64(139_527), "0.139"), (12_000_000, "12.0")] {
            entry.durationNanoseconds = nanoseconds
            let json = String(decoding: entry.json.compactBytes, as: UTF8.self)
            #expect(json.contains(#""durationMs":\#(written),"#), "\(json)")
        }
    }

    @Test func anEntryStaysSmallEnoughToBeMovedWithoutCallingMemcpy() {
        #expect(MemoryLayout<JournalEntry>.size <= 128)
        #expect(MemoryLayout<JournalEntry?>.size <= 128)
    }

    @Test func filtersByMethodAndPathTemplate() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                _ = try await fetch(base, "/users/1")
                _ = try await fetch(base, "/users/2")
                _ = try await fetch(base, "/ping")
                _ = try await fetch(base, "/users/3", method: "DELETE")
                #expect(try await Self.requests(base, "?path=/users/2").count == 1)
                #expect(try await Self.requests(base, "?path=/users/%7Bid%7D").count == 3)
                #expect(try await Self.requests(base, "?method=get&path=/users/%7Bid%7D").count == 2)
                #expect(try await Self.requests(base, "?method=DELETE").count == 1)
                #expect(try await Self.requests(base).count == 4)
            }
        }
    }

    @Test func delayedAnswersAreJournaledWithVariantAndDuration() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                _ = try await fetch(base, "/users/7", headers: ["X-StandIn-Variant": "slow"])
                let entry = try #require(try await Self.requests(base).first)
                #expect(entry["variant"] as? String == "slow")
                #expect(entry["status"] as? Int == 200)
                #expect((entry["durationMs"] as? Double ?? 0) >= 50)
            }
        }
    }

    @Test func bodiesAreCutAt64KilobytesAndFlagged() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                let body = Data(repeating: UInt8(ascii: "a"), count: 100_000)
                _ = try await fetch(base, "/ping", method: "POST", body: body)
                let entry = try #require(try await Self.requests(base).first)
                #expect((entry["body"] as? String)?.utf8.count == 65_536)
                #expect(entry["bodyTruncated"] as? Bool == true)
            }
        }
    }

    @Test func clearEmptiesTheJournalAndAdminCallsAreNotJournaled() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                _ = try await fetch(base, "/ping")
                _ = try await fetch(base, "/__standin/health")
                #expect(try await Self.requests(base).count == 1)
                #expect(try await fetch(base, "/__standin/requests", method: "DELETE").status == 200)
                #expect(try await Self.requests(base).isEmpty)
            }
        }
    }

    @Test func sizeZeroTurnsTheJournalOff() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks, journalSize: 0) { base async throws in
                _ = try await fetch(base, "/ping")
                let response = try await fetch(base, "/__standin/requests")
                #expect(response.status == 404)
                #expect((try response.json()["message"] as? String)?.contains("the journal is off") == true)
            }
        }
    }

    /// Fifty thousand requests through a journal of 1,000: it keeps the last 1,000, and (measured in a process of
    /// its own, where tests running in parallel cannot blur the figure) resident memory stays flat after warm-up.
    @Test func journalStaysAtItsBoundUnderFiftyThousandRequests() async throws {
        #if os(Linux)
        // Sanitizers hold freed memory in quarantine or map shadow memory, so resident memory says nothing.
        if !ResidentMemory.isUnderSanitizer {
            let alone = try await AloneProcess.run("JournalBoundAlone")
            #expect(alone.status == 0, "\(alone.output)")
            let growth = try #require(Int(alone.report), "the measuring process reported nothing: \(alone.output)")
            #expect(growth < 32 * 1024 * 1024, "resident memory grew by \(growth) bytes over 40,000 requests")
            return
        }
        #endif
        _ = try await Self.fiftyThousandRequests()
    }

    /// Sends 50,000 requests through a journal of 1,000 and checks what it keeps; returns how much resident memory
    /// grew over the last 40,000.
    static func fiftyThousandRequests() async throws -> Int {
        var growth = 0
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks, journalSize: 1000) { base async throws in
                let request = "GET /users/1 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer t\r\n\r\n"
                let last = "GET /users/1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
                var residentAfterWarmUp = 0
                for batch in 0..<50 {
                    let connection = try RawConnection(port: base.port!, timeout: 30)
                    await connection.send(String(repeating: request, count: 999) + last)
                    let answers = await connection.readAll().components(separatedBy: "HTTP/1.1 200").count - 1
                    #expect(answers == 1000, "batch \(batch)")
                    if batch == 9 { residentAfterWarmUp = ResidentMemory.bytes() }
                }
                growth = ResidentMemory.bytes() - residentAfterWarmUp
                let journal = try await fetch(base, "/__standin/requests?path=/users/1").json()
                #expect(journal["count"] as? Int == 1000)
                #expect(journal["capacity"] as? Int == 1000)
                let numbers = (journal["requests"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } ?? []
                #expect(numbers.first == 49_001)
                #expect(numbers.last == 50_000)
            }
        }
        return growth
    }
}

#if os(Linux)
/// Runs `JournalTests.fiftyThousandRequests` in the process `journalStaysAtItsBoundUnderFiftyThousandRequests`
/// starts, and reports the growth of resident memory.
@Suite(
    .enabled(
        if: AloneProcess.reportFile != nil,
        "runs only alone, in the process of journalStaysAtItsBoundUnderFiftyThousandRequests"
    )
)
struct JournalBoundAlone {
    @Test func residentGrowthOverFiftyThousandRequests() async throws {
        let report = try #require(AloneProcess.reportFile)
        try writeFile(String(try await JournalTests.fiftyThousandRequests()), to: report)
    }
}
#endif
