/// A GraphQL response without errors: its `data`, and its `extensions` if the server sent any.
///
/// Decoding it is where GraphQL's errors become Swift's: a response whose `errors` is not empty throws
/// ``NetworkError/graphQL(errors:data:)``, with the partial data that came with the errors, and ``APIClient`` passes
/// that error on (through its `errorMapper`) as it does every ``NetworkError``. The errors and the partial data are
/// read before `data` is decoded, so they reach the caller even when a field the errors nulled out does not fit
/// `Value`.
public struct GraphQLResponse<Value: Decodable & Sendable>: Decodable, Sendable {
    /// The data, decoded with the client's decoder. A `null` or missing `data` is an error unless `Value` is
    /// optional, ``EmptyResponse`` or ``JSONValue``.
    public var data: Value
    /// The response's `extensions` (tracing, cost), if any.
    public var extensions: [String: JSONValue]?

    /// Creates a response, for stubs and tests.
    public init(data: Value, extensions: [String: JSONValue]? = nil) {
        self.data = data
        self.extensions = extensions
    }

    /// Decodes `{"data", "errors", "extensions"}`.
    /// - Throws: ``NetworkError/graphQL(errors:data:)`` when `errors` is not empty; a `DecodingError` when the body
    ///   is not a GraphQL response or `data` does not decode as `Value`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let errors = try container.decodeIfPresent([GraphQLError].self, forKey: .errors) ?? []
        guard errors.isEmpty else {
            let partial = try? container.decodeIfPresent(JSONValue.self, forKey: .data)
            throw NetworkError.graphQL(errors: errors, data: partial == .null ? nil : partial)
        }
        // Extensions only inform: a server that sends something other than an object there does not fail the call.
        extensions = (try? container.decodeIfPresent([String: JSONValue].self, forKey: .extensions)) ?? nil
        if try !container.contains(.data) || container.decodeNil(forKey: .data) {
            guard let null = nullValue(of: Value.self) else {
                throw DecodingError.valueNotFound(
                    Value.self,
                    .init(codingPath: [CodingKeys.data], debugDescription: "the response has neither data nor errors")
                )
            }
            data = null
        } else {
            data = try container.decode(Value.self, forKey: .data)
        }
    }

    private enum CodingKeys: String, CodingKey {
        case data
        case errors
        case extensions
    }
}

extension GraphQLResponse: Encodable where Value: Encodable {
    /// Encodes `{"data", "extensions"}`, as a server answers: what a `MockRegistry` registration serves.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(data, forKey: .data)
        try container.encodeIfPresent(extensions, forKey: .extensions)
    }
}
