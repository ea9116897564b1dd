import Foundation
import NetworkCore
import StandInFixtures
import Testing

// docs/graphql-client.md's operations and its MockRegistry example, as written there (DocumentationSwiftTests checks
// that the two are the same text).

struct ProfileQuery: GraphQLOperation {
    struct Data: Codable, Sendable {
        struct User: Codable, Sendable {
            let id: String
            let name: String
        }
        let user: User?  // null when there is no such user, or an error nulled it out
    }
    struct Variables: Encodable, Sendable {
        let id: String
    }

    let id: String
    var document: String { "query Profile($id: ID!) { user(id: $id) { id name } }" }
    var operationName: String { "Profile" }
    var variables: Variables { Variables(id: id) }
}

struct ViewerQuery: GraphQLOperation {  // no variables: `variables` is left out, and none are sent
    struct Data: Decodable, Sendable {
        let viewer: ProfileQuery.Data.User
    }

    var document: String { "query Viewer { viewer { id name } }" }
    var operationName: String { "Viewer" }
}

@Test func theProfileShowsTheRegisteredUser() async throws {
    let registry = MockRegistry()
    let ada = ProfileQuery.Data(user: .init(id: "42", name: "Ada"))
    try registry.register(GraphQLRequest(ProfileQuery(id: "42")), response: GraphQLResponse(data: ada))
    let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: registry)

    let user = try await client.send(ProfileQuery(id: "42")).user
    #expect(user?.name == "Ada")
}
