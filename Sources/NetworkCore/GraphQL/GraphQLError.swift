/// One entry of a GraphQL response's `errors`: what went wrong, where in the document and where in the data.
///
/// ```swift
/// catch NetworkError.graphQL(let errors, _) where errors.contains(where: { $0.code == "FORBIDDEN" }) { … }
/// ```
public struct GraphQLError: Error, Sendable, Hashable {
    /// The server's description of the error.
    public var message: String
    /// Where in the document the error is; empty when the server did not say.
    public var locations: [Location]
    /// The field of the data the error is about (`user.friends.0.name`); empty for an error about the request.
    public var path: [PathComponent]
    /// What else the server tells (`code`, `classification`, …); empty when there is nothing.
    public var extensions: [String: JSONValue]

    /// Creates an error.
    public init(
        message: String,
        locations: [Location] = [],
        path: [PathComponent] = [],
        extensions: [String: JSONValue] = [:]
    ) {
        self.message = message
        self.locations = locations
        self.path = path
        self.extensions = extensions
    }

    /// `extensions.code` as text (`UNAUTHENTICATED`, `BAD_USER_INPUT`), the machine-readable kind most servers send.
    public var code: String? { extensions["code"]?.stringValue }

    /// A place in the GraphQL document, counted from 1.
    public struct Location: Codable, Sendable, Hashable {
        /// The line.
        public var line: Int
        /// The column.
        public var column: Int

        /// Creates a location.
        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
    }

    /// One step of an error's ``GraphQLError/path``: a field name, or an index into a list.
    public enum PathComponent: Sendable, Hashable, CustomStringConvertible {
        /// A field, by its name or alias.
        case field(String)
        /// An element of a list.
        case index(Int)

        /// The name, or the index as digits.
        public var description: String {
            switch self {
            case .field(let name): name
            case .index(let index): String(index)
            }
        }
    }
}

extension GraphQLError: CustomStringConvertible {
    /// The message, then where it applies: `Cannot query field "nme" on type "User" (line 1, column 34)` or
    /// `User not found (at user)`.
    public var description: String {
        var places: [String] = []
        if !path.isEmpty { places.append("at " + path.map(\.description).joined(separator: ".")) }
        if let location = locations.first { places.append("line \(location.line), column \(location.column)") }
        return places.isEmpty ? message : "\(message) (\(places.joined(separator: "; ")))"
    }
}
