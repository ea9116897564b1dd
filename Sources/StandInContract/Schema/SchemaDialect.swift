/// Which rules a document's schemas follow.
public enum SchemaDialect: Sendable, Hashable {
    /// OpenAPI 3.0's schema object: one `type`, `nullable`, boolean `exclusiveMinimum`/`exclusiveMaximum`,
    /// `$ref` replacing its siblings.
    case openAPI30
    /// OpenAPI 3.1: JSON Schema 2020-12 (type lists, numeric exclusive bounds, `prefixItems`, `const`, `$ref` beside
    /// other keywords).
    case openAPI31
}

/// Which way a message goes: a request's body may not carry `readOnly` properties (nor needs them when required),
/// a response's may not carry `writeOnly` ones.
public enum SchemaDirection: Sendable, Hashable {
    /// A request, from the client.
    case request
    /// A response, from the server.
    case response
}
