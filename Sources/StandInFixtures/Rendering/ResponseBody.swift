/// A fixture's response body as the file declares it, before compilation.
public enum ResponseBody: Sendable {
    /// No body.
    case empty
    /// The backend envelope; missing parts take the configured success code and message, and `null` data.
    case envelope(code: Int?, message: JSONNode?, data: JSONNode?)
    /// Any JSON value, served compact.
    case json(JSONNode)
    /// Text, served as UTF-8.
    case text(String, line: Int)
    /// Bytes served as they are (from `base64` or a `file`), with the content type they imply.
    case bytes([UInt8], contentType: String)

    /// The Content-Type a response with this body gets unless its headers set one.
    public var defaultContentType: String? {
        switch self {
        case .empty: nil
        case .envelope, .json: "application/json"
        case .text: "text/plain; charset=utf-8"
        case .bytes(_, let contentType): contentType
        }
    }
}
