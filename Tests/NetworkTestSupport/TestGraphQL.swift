import NetworkCore

/// GraphQL operations that tests of the client core share.
public enum TestGraphQL {
    /// The data of `GetUser`: the user, or `null` when there is none (or an error nulled it out).
    public struct UserData: Codable, Sendable, Equatable {
        public let user: TestUser?

        public init(user: TestUser?) {
            self.user = user
        }
    }

    /// `query GetUser($id: ID!)`.
    public struct GetUser: GraphQLOperation {
        public typealias Data = UserData
        public let id: String
        public var document: String { "query GetUser($id: ID!) { user(id: $id) { id name } }" }
        public var operationName: String { "GetUser" }
        public var variables: [String: String] { ["id": id] }

        public init(id: String) {
            self.id = id
        }
    }

    /// `query Viewer`, which takes no variables.
    public struct Viewer: GraphQLOperation {
        /// The data of `Viewer`.
        public struct Data: Codable, Sendable, Equatable {
            public let viewer: TestUser
        }

        public var document: String { "query Viewer { viewer { id name } }" }
        public var operationName: String { "Viewer" }

        public init() {}
    }

    /// Any document named `operationName`, with `Variables` and `Data` as the test needs them.
    public struct Operation<Variables: Encodable & Sendable, Data: Decodable & Sendable>: GraphQLOperation {
        public var document: String
        public var operationName: String
        public var variables: Variables

        public init(
            _ operationName: String,
            document: String? = nil,
            variables: Variables,
            data: Data.Type = Data.self
        ) {
            self.operationName = operationName
            self.document = document ?? "query \(operationName) { field }"
            self.variables = variables
        }
    }

    /// A fixture answering `GetUser` for `id` with `response` (the fixture's response object), matched on the
    /// operation's name and variables in the JSON body.
    public static func getUserFixture(id: String, response: String) -> String {
        """
        { "request": { "method": "POST", "path": "/graphql",
                       "body": { "json": { "operationName": "GetUser", "variables": { "id": "\(id)" } } } },
          "response": \(response) }
        """
    }
}
