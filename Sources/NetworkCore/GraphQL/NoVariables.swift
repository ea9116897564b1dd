/// The variables of a ``GraphQLOperation`` that takes none: the request leaves out `variables`.
public struct NoVariables: Encodable, Sendable, Hashable {
    /// Creates the empty variables.
    public init() {}

    /// Encodes an empty object, should the value be encoded on its own.
    public func encode(to encoder: any Encoder) throws {
        _ = encoder.container(keyedBy: AnyCodingKey.self)
    }
}
