extension APIClient {
    /// Sends a GraphQL operation to `path` and returns its data.
    ///
    /// The call goes through the client's request modifiers, middleware and transport as any endpoint's does (it is
    /// a ``GraphQLRequest``), so authentication, retries and logging apply to it.
    /// - Parameter path: The GraphQL endpoint's path, appended to the base URL; `/graphql` by default.
    /// - Throws: ``NetworkError/graphQL(errors:data:)`` when the response has errors, and every other
    ///   ``NetworkError`` as ``send(_:)`` throws it (through `errorMapper`).
    public func send<Operation: GraphQLOperation>(
        _ operation: Operation,
        path: String = "/graphql"
    ) async throws -> Operation.Data {
        try await send(GraphQLRequest(operation, path: path)).data
    }
}
