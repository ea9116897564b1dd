import Foundation
import NetworkCore
import StandInFixtures
import Testing

// docs/client.md's MockRegistry example, as written there (DocumentationSwiftTests checks that the two are the same
// text): it answers from the sample Mocks/ in process.

/// Mocks/ at the package's root, found from this file's place: Tests/AppTests/ThisFile.swift.
let mocksURL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Mocks")

@Test func theSignedInUserComesFromTheFixtures() async throws {
    let registry = try MockRegistry(directory: mocksURL)  // throws MockRegistry.LoadError if a file is broken
    let client = APIClient(
        baseURL: URL(string: "https://api.example.com")!,
        transport: registry,
        envelope: try EnvelopeFormat(contentsOfMocksDirectory: mocksURL),
        // GET /user/info answers 401 without a token.
        modifiers: [.header(.authorization, "Bearer test-token")]
    )
    let user = try await client.send(API.User.Info())
    #expect(user.name == "Ada Lovelace")
}
