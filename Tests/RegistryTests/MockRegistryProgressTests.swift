import Foundation
import NetworkCore
import NetworkTestSupport
import ServerTestSupport
import StandInFixtures
import Testing

/// `MockRegistry` reports the progress of both bodies in even steps, the shape the server and URLSession show.
@Suite struct MockRegistryProgressTests {
    private static let fixtures = [
        "upload.json": #"""
        { "request": { "method": "POST", "path": "/uploads" },
          "response": { "status": 201, "envelope": { "data": { "stored": true } } } }
        """#,
        "download.json": #"{ "request": { "path": "/download" }, "response": { "text": "\#(bodyText)" } }"#,
    ]
    private static let bodyText = String(repeating: "x", count: 1000)

    private struct Stored: Decodable, Sendable { let stored: Bool }

    private struct Upload: Endpoint {
        typealias Response = Stored
        var method: HTTPRequest.Method { .post }
        var path: String { "/uploads" }
        var body: RequestBody? {
            .multipart(
                MultipartForm(parts: [
                    .file("photo", filename: "a.jpg", contentType: "image/jpeg", data: Data(count: 5000))
                ])
            )
        }
    }

    private struct Download: Endpoint {
        typealias Response = Data
        var path: String { "/download" }
        var responseFormat: ResponseFormat { .plain }
    }

    @Test func uploadProgressRisesInStepsToCompletion() async throws {
        try await withMocks(Self.fixtures) { directory in
            let client = APIClient(
                baseURL: URL(string: "https://api.example.com")!,
                transport: try MockRegistry(directory: directory)
            )
            let call = client.upload(Upload())
            async let collected = values(of: call.progress)
            #expect(try await call.response.stored)
            let steps = await collected
            #expect(steps.count == 8 && steps.allSatisfy { $0.direction == .upload }, "\(steps)")
            #expect(risesToCompletion(steps), "\(steps)")
        }
    }

    @Test func downloadProgressRisesInStepsToCompletion() async throws {
        try await withMocks(Self.fixtures) { directory in
            let client = APIClient(
                baseURL: URL(string: "https://api.example.com")!,
                transport: try MockRegistry(directory: directory)
            )
            let call = client.download(Download())
            async let collected = values(of: call.progress)
            #expect(try await call.response.count == Self.bodyText.utf8.count)
            let steps = await collected
            #expect(steps.count == 8 && steps.allSatisfy { $0.direction == .download }, "\(steps)")
            #expect(risesToCompletion(steps), "\(steps)")
            #expect(steps.last?.totalBytes == Int64(Self.bodyText.utf8.count))
        }
    }
}
