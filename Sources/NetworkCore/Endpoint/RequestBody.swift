import Foundation

/// A request body and its content type, made with a static factory:
/// `.json(model)`, `.data(bytes, contentType:)`, `.form([("q", "swift")])` or `.multipart(form)`.
public struct RequestBody: Sendable {
    /// The `Content-Type` the body is sent with.
    public let contentType: String
    private let encode: @Sendable (JSONEncoder) throws -> Data

    /// Creates a body from its content type and a function that produces its bytes.
    public init(contentType: String, encode: @escaping @Sendable (JSONEncoder) throws -> Data) {
        self.contentType = contentType
        self.encode = encode
    }

    /// The body's bytes; JSON bodies use `encoder` (the client's).
    public func encoded(with encoder: JSONEncoder) throws -> Data {
        try encode(encoder)
    }

    /// A value encoded as JSON with the client's encoder, sent as `application/json`.
    public static func json(_ value: some Encodable & Sendable) -> RequestBody {
        RequestBody(contentType: "application/json") { encoder in try encoder.encode(value) }
    }

    /// Bytes sent as they are, with their content type.
    public static func data(_ data: Data, contentType: String) -> RequestBody {
        RequestBody(contentType: contentType) { _ in data }
    }

    /// Fields sent as `application/x-www-form-urlencoded`, in order (a name may repeat).
    public static func form(_ fields: [(name: String, value: String)]) -> RequestBody {
        let bytes = Data(FormEncoding.encode(fields).utf8)
        return RequestBody(contentType: "application/x-www-form-urlencoded") { _ in bytes }
    }

    /// A `multipart/form-data` form with fields and files.
    public static func multipart(_ form: MultipartForm) -> RequestBody {
        RequestBody(contentType: form.contentType) { _ in form.encoded() }
    }
}
