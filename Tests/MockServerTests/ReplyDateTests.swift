import Foundation
import ServerTestSupport
import Testing

/// Every reply carries a `Date` header, which each loop formats once a second for all its replies.
@Suite struct ReplyDateTests {
    private static let files = [
        "hello.json": #"{ "request": { "path": "/hello" }, "response": { "text": "hello" } }"#,
        "dated.json": #"""
        { "request": { "path": "/dated" },
          "response": { "headers": { "Date": "Sun, 06 Nov 1994 08:49:37 GMT" }, "text": "old" } }
        """#,
    ]

    private static func get(_ path: String) -> String {
        "GET \(path) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    }

    /// The values of every `Date` header of a raw response.
    private static func dates(in response: String) -> [String] {
        let head = response.components(separatedBy: "\r\n\r\n").first ?? ""
        return head.components(separatedBy: "\r\n").compactMap { line in
            line.lowercased().hasPrefix("date:") ? String(line.dropFirst(5)).trimmingCharacters(in: .whitespaces) : nil
        }
    }

    /// Reads an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`, RFC 9110 §5.6.7).
    private static func parse(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.date(from: text)
    }

    @Test func everyReplyOnEveryLoopCarriesOneCurrentDate() async throws {
        try await withMocks(Self.files) { mocks in
            try await withServer(mocks: mocks, threads: 4) { base in
                // Whole seconds: the header has no fraction.
                let before = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
                let results = try await ParallelClients.send(Self.get("/hello"), count: 200, port: base.port!)
                let after = Date()
                #expect(results.count == 200)
                for result in results {
                    let dates = Self.dates(in: result.response)
                    #expect(dates.count == 1, "\(result.response)")
                    let date = try #require(dates.first.flatMap(Self.parse), "\(dates)")
                    #expect(date >= before && date <= after, "\(date) is not between \(before) and \(after)")
                }
                // Admin calls and unmatched requests are dated too.
                for path in ["/__standin/requests", "/nothing-here"] {
                    let reply = try await fetch(base, path)
                    #expect(reply.header("Date").flatMap(Self.parse) != nil, "\(path)")
                }
            }
        }
    }

    @Test func aFixturesOwnDateIsKept() async throws {
        try await withMocks(Self.files) { mocks in
            try await withServer(mocks: mocks) { base in
                let results = try await ParallelClients.send(Self.get("/dated"), count: 1, port: base.port!)
                let response = try #require(results.first?.response)
                #expect(Self.dates(in: response) == ["Sun, 06 Nov 1994 08:49:37 GMT"])
                #expect(response.hasSuffix("old"))
            }
        }
    }
}
