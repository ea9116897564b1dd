/// One GraphQL operation, described as a value: its document, its name, its variables and the type its data decodes to.
///
/// Only `document`, `operationName` and `Data` are required; an operation without variables leaves out `variables`
/// and `Variables`, and sends none:
///
/// ```swift
/// struct GetUser: GraphQLOperation {
///     struct Data: Decodable, Sendable {
///         struct User: Decodable, Sendable { let id: String; let name: String }
///         let user: User?
///     }
///     let id: String
///     var document: String { "query GetUser($id: ID!) { user(id: $id) { id name } }" }
///     var operationName: String { "GetUser" }
///     var variables: [String: String] { ["id": id] }
/// }
/// let user = try await client.send(GetUser(id: "42")).user
/// ```
///
/// Inside a conforming type `Data` names the operation's data; write `Foundation.Data` for bytes there.
public protocol GraphQLOperation: Sendable {
    /// The variables, encoded as the request's `variables` object with the client's encoder. ``NoVariables`` (the
    /// default) sends none; `[String: JSONValue]` or a `Codable` struct send some.
    associatedtype Variables: Encodable & Sendable = NoVariables
    /// The type the response's `data` decodes to, with the client's decoder. Use `JSONValue` for dynamic access.
    associatedtype Data: Decodable & Sendable

    /// The GraphQL document: the query, mutation or subscription text, with any fragments it uses.
    var document: String { get }
    /// The name of the operation in ``document`` to run (`GetUser`); fixtures and servers' logs find calls by it.
    var operationName: String { get }
    /// The values of the document's variables.
    var variables: Variables { get }
}

extension GraphQLOperation where Variables == NoVariables {
    /// No variables.
    public var variables: NoVariables { NoVariables() }
}
