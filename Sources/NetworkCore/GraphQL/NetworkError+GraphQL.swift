import Foundation

extension NetworkError {
    /// The GraphQL errors the server answered with, whatever the HTTP status: those of a
    /// ``graphQL(errors:data:)`` error, or those in the body of an ``http(status:headers:body:)`` error (a server
    /// answers 400 to a document it cannot parse or validate, and some answer 401 or 500 with GraphQL errors).
    /// `nil` for any other error, or a body that is not a GraphQL response with errors.
    public var graphQLErrors: [GraphQLError]? {
        switch self {
        case .graphQL(let errors, _):
            return errors
        case .http(_, _, let body):
            guard let errors = try? JSONDecoder().decode(ErrorsOnly.self, from: body).errors, !errors.isEmpty else {
                return nil
            }
            return errors
        default:
            return nil
        }
    }

    /// The partial data of a ``graphQL(errors:data:)`` error decoded as `type` (the fields the errors nulled out must
    /// be optional in it); `nil` for any other error, or when no data came with the errors.
    /// - Parameter decoder: Decodes the data; pass the client's when its strategies matter.
    /// - Throws: A `DecodingError` when the data does not decode as `type`.
    public func graphQLData<Value: Decodable>(
        as type: Value.Type,
        decoder: JSONDecoder = JSONDecoder()
    ) throws -> Value? {
        guard case .graphQL(_, let data?) = self else { return nil }
        return try decoder.decode(Value.self, from: JSONEncoder().encode(data))
    }

    /// The `errors` of a GraphQL response, and nothing else of it.
    private struct ErrorsOnly: Decodable {
        let errors: [GraphQLError]?
    }
}
