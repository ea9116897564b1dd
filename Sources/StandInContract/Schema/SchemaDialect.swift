/// Which rules a document's schemas follow.
public enum SchemaDialect: Sendable, Hashable {
    /// OpenAPI 3.0's schema object: one `type`, `nullable`, boolean `exclusiveMinimum`/`exclusiveMaximum`,
    /// `$ref` replacing its siblings. An `integer` is a number written without a fraction or an exponent (`3`, not
    /// `3.0`), as JSON Schema draft 4 and Python's `OAS30Validator` read it.
    case openAPI30
    /// OpenAPI 3.1: JSON Schema 2020-12 (type lists, numeric exclusive bounds, `prefixItems`, `const`, `$ref` beside
    /// other keywords, `true` and `false` as schemas). An `integer` is any number whose value is whole (`3`, `3.0`,
    /// `3e2`), as 2020-12 and Python's `OAS31Validator` read it.
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
