import NetworkCore

/// The user the sample endpoints decode.
public struct TestUser: Codable, Sendable, Equatable {
    public let id: String
    public let name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}

/// Endpoints that tests of the client core share.
public enum TestAPI {
    /// The user endpoints.
    public enum Users {
        /// `GET /users/{id}`, enveloped.
        public struct Get: Endpoint {
            public typealias Response = TestUser
            public let id: String
            public var path: String { "/users/\(id)" }

            public init(id: String) {
                self.id = id
            }
        }
    }

    /// Any path, answered without an envelope.
    public struct Plain<Response: Decodable & Sendable>: Endpoint {
        public var method: HTTPRequest.Method
        public var path: String
        public var body: RequestBody?
        public var responseFormat: ResponseFormat { .plain }

        public init(method: HTTPRequest.Method = .get, path: String, body: RequestBody? = nil) {
            self.method = method
            self.path = path
            self.body = body
        }
    }

    /// A fixture answering `Users.Get` with the user `{id}` named Ada.
    public static let userFixture = #"""
        { "request": { "path": "/users/{id}" },
          "response": { "envelope": { "data": { "id": "{{path.id}}", "name": "Ada" } } } }
        """#
}
