import Foundation
import ServerTestSupport
import StandInSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The examples of docs/http.md, run against the sample Mocks/ they use.
@Suite struct SampleHTTPTests {
    private func send(
        _ method: String,
        _ path: String,
        headers: [String: String] = [:],
        to base: URL
    ) async throws -> (HTTPURLResponse, Data) {
        var request = URLRequest(url: base.appendingPathComponent(path))
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.exchange(for: request)
        return (try #require(response as? HTTPURLResponse), data)
    }

    @Test func headOfTheArticlesHasTheLengthOfTheirList() async throws {
        try await withServer(mocks: sampleMocks, strict: true) { base async throws in
            let (_, list) = try await send("GET", "/articles", to: base)
            let (head, body) = try await send("HEAD", "/articles", to: base)
            #expect(head.statusCode == 200)
            #expect(head.value(forHTTPHeaderField: "Content-Length") == String(list.count))
            #expect(body.isEmpty)
        }
    }

    @Test func aPreflightIsAnsweredFromTheSampleSettings() async throws {
        try await withServer(mocks: sampleMocks, strict: true) { base async throws in
            let headers = [
                "Origin": "http://localhost:3000", "Access-Control-Request-Method": "PUT",
                "Access-Control-Request-Headers": "authorization",
            ]
            let (response, _) = try await send("OPTIONS", "/articles/7", headers: headers, to: base)
            #expect(response.statusCode == 204)
            #expect(response.value(forHTTPHeaderField: "Access-Control-Allow-Origin") == "*")
            #expect(
                response.value(forHTTPHeaderField: "Access-Control-Allow-Methods")
                    == "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS"
            )
            #expect(response.value(forHTTPHeaderField: "Access-Control-Allow-Headers") == "authorization")
            #expect(response.value(forHTTPHeaderField: "Access-Control-Max-Age") == "600")
        }
    }

    @Test func aCreatedOrderIsWhereItsLocationSays() async throws {
        try await withServer(mocks: sampleMocks, strict: true) { base async throws in
            var request = URLRequest(url: base.appendingPathComponent("orders"))
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(#"{"product_id":"BOOK-42"}"#.utf8)
            let session = URLSession(configuration: .ephemeral)
            defer { session.finishTasksAndInvalidate() }
            let (body, answer) = try await session.exchange(for: request)
            let response = try #require(answer as? HTTPURLResponse)
            #expect(response.statusCode == 201)
            let envelope = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
            let id = try #require((envelope["data"] as? [String: Any])?["id"] as? String)
            #expect(response.value(forHTTPHeaderField: "Location") == "/orders/\(id)")
        }
    }

    @Test func aMethodTheArticleDoesNotAnswerIs405() async throws {
        try await withServer(mocks: sampleMocks, strict: true) { base async throws in
            let (response, body) = try await send("PUT", "/articles/7", to: base)
            #expect(response.statusCode == 405)
            #expect(response.value(forHTTPHeaderField: "Allow") == "DELETE, GET, HEAD")
            let message = try JSONSerialization.jsonObject(with: body) as? [String: Any]
            #expect(
                (message?["message"] as? String)?.hasPrefix(
                    "no fixture matches PUT /articles/7; nearest: articles/delete.json"
                ) == true
            )
        }
    }
}
