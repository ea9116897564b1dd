/// The response type of an endpoint that returns nothing worth decoding.
///
/// An endpoint whose `Response` is `EmptyResponse` succeeds on a 2xx with an empty body (204), an envelope whose
/// data is `null` or missing, or any other data, which it ignores.
public struct EmptyResponse: Decodable, Sendable, Hashable {
    /// Creates the empty response.
    public init() {}

    /// Decodes from any value, ignoring it.
    public init(from decoder: any Decoder) throws {}
}

/// A response type that has a value for "no data": an empty body, `null` or a missing envelope `data`.
protocol NullRepresentable {
    /// The value that stands for no data.
    static var nullValue: Self { get }
}

extension EmptyResponse: NullRepresentable {
    static var nullValue: EmptyResponse { EmptyResponse() }
}

extension Optional: NullRepresentable {
    static var nullValue: Wrapped? { nil }
}

extension JSONValue: NullRepresentable {
    static var nullValue: JSONValue { .null }
}

/// The value that stands for no data in `type`, or `nil` when `type` has none.
func nullValue<Value>(of type: Value.Type) -> Value? {
    (type as? any NullRepresentable.Type)?.nullValue as? Value
}
