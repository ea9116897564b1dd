import Foundation
import ServerTestSupport
import Testing

@Suite struct TemplateTests {
    @Test func uuidNowRequestIdAndQueryAreFilledPerRequest() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            // ISO 8601 in whole seconds: the answer's time lies within the second before the request and the one
            // after the answer, however long the test waited to run in between.
            let before = Date().addingTimeInterval(-1)
            let response = try await fetch(base, "/stamp?q=%22quoted%22", headers: ["X-Request-ID": "r-1"])
            let after = Date().addingTimeInterval(1)
            let json = try response.json()
            let id = try #require(json["id"] as? String)
            #expect(UUID(uuidString: id) != nil)
            #expect(json["request"] as? String == "r-1")
            #expect(json["quote"] as? String == "\"quoted\"")
            let now = try #require(json["at"] as? String)
            let date = try #require(ISO8601DateFormatter().date(from: now))
            #expect(date >= before && date <= after, "\(date) is not between \(before) and \(after)")
            #expect(response.header("Location")?.hasPrefix("/stamps/") == true)
            let second = try await fetch(base, "/stamp").json()
            #expect(second["id"] as? String != id)
        }
    }

    @Test func bodyTemplatesReadDottedPathsAndJSONPointers() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            let body = Data(#"{"item":{"sku":"A1"},"qty":3}"#.utf8)
            let data = try await fetch(base, "/orders", method: "POST", body: body).json()["data"] as? [String: Any]
            #expect(data?["sku"] as? String == "A1")
            #expect(data?["qty"] as? String == "3")
        }
    }

    @Test func insertedValuesAreJSONEscaped() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            let response = try await fetch(base, "/users/%22%7D%5C")
            let data = try response.json()["data"] as? [String: Any]
            #expect(data?["id"] as? String == "\"}\\")
        }
    }
}
