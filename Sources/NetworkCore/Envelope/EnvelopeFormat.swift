/// How a backend names the fields of its response envelope and which code means success.
///
/// Backends in this world answer every call with `{"code": 0, "message": "success", "data": …, "request_id": …}`;
/// some spell the keys differently (`errcode`/`errmsg`/`result`). The server renders envelopes with this format and
/// the client core decodes them with the same one, so what one writes the other reads.
public struct EnvelopeFormat: Sendable, Hashable, Codable {
    /// The key of the business code (`code`).
    public var codeKey: String
    /// The key of the human-readable message (`message`).
    public var messageKey: String
    /// The key of the payload (`data`).
    public var dataKey: String
    /// The key of the request id the server adds (`request_id`).
    public var requestIdKey: String
    /// The business code that means success (`0`); any other code is a business error.
    public var successCode: Int
    /// The message that goes with success (`"success"`).
    public var successMessage: String

    /// The format most backends use: `code`, `message`, `data`, `request_id`, success code `0`.
    public static let standard = EnvelopeFormat()

    /// Creates a format; every argument defaults to the standard envelope's.
    public init(
        codeKey: String = "code",
        messageKey: String = "message",
        dataKey: String = "data",
        requestIdKey: String = "request_id",
        successCode: Int = 0,
        successMessage: String = "success"
    ) {
        self.codeKey = codeKey
        self.messageKey = messageKey
        self.dataKey = dataKey
        self.requestIdKey = requestIdKey
        self.successCode = successCode
        self.successMessage = successMessage
    }

    /// Decodes a format in which every key is optional, as `standin.json` writes it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let standard = EnvelopeFormat.standard
        codeKey = try container.decodeIfPresent(String.self, forKey: .codeKey) ?? standard.codeKey
        messageKey = try container.decodeIfPresent(String.self, forKey: .messageKey) ?? standard.messageKey
        dataKey = try container.decodeIfPresent(String.self, forKey: .dataKey) ?? standard.dataKey
        requestIdKey = try container.decodeIfPresent(String.self, forKey: .requestIdKey) ?? standard.requestIdKey
        successCode = try container.decodeIfPresent(Int.self, forKey: .successCode) ?? standard.successCode
        successMessage = try container.decodeIfPresent(String.self, forKey: .successMessage) ?? standard.successMessage
    }
}
