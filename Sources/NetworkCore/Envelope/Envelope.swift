import Foundation

/// The fields of a response envelope besides its data: the business code, the message and the request id.
///
/// ``APIClient`` reads them from every enveloped response before middleware sees it, so that middleware can act on
/// business codes (``AuthMiddleware`` refreshes on a token-expired code, ``RetryMiddleware`` retries a busy code).
public struct Envelope: Sendable, Hashable {
    /// The business code (`code`, or the configured key).
    public var code: Int
    /// The message (`message`, or the configured key); empty when the envelope has none.
    public var message: String
    /// The request id the server added (`request_id`, or the configured key).
    public var requestID: String?
    /// Whether ``code`` is the format's success code.
    public var isSuccess: Bool

    /// Creates envelope fields.
    public init(code: Int, message: String, requestID: String?, isSuccess: Bool) {
        self.code = code
        self.message = message
        self.requestID = requestID
        self.isSuccess = isSuccess
    }

    /// Reads the envelope fields of a body in `format`; throws a `DecodingError` when the body is not an envelope.
    ///
    /// The code may be a JSON number or a string of digits; a missing message reads as empty.
    public init(decoding body: Data, format: EnvelopeFormat) throws {
        let decoder = JSONDecoder()
        decoder.userInfo[.envelopeFormat] = format
        self = try decoder.decode(EnvelopeFields.self, from: body).envelope
    }
}

extension CodingUserInfoKey {
    /// The ``EnvelopeFormat`` that ``EnvelopeFields`` reads with.
    fileprivate static let envelopeFormat = CodingUserInfoKey(rawValue: "StandIn.envelopeFormat")!
}

/// Decodes the envelope's fields with the key names of the format in the decoder's user info.
private struct EnvelopeFields: Decodable {
    let envelope: Envelope

    init(from decoder: any Decoder) throws {
        let format = decoder.userInfo[.envelopeFormat] as? EnvelopeFormat ?? .standard
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        let codeKey = AnyCodingKey(format.codeKey)
        let code: Int
        if let number = try? container.decode(Int.self, forKey: codeKey) {
            code = number
        } else if let text = try? container.decode(String.self, forKey: codeKey), let number = Int(text) {
            code = number
        } else {
            throw DecodingError.keyNotFound(
                codeKey,
                .init(codingPath: [], debugDescription: "an envelope needs an integer \"\(format.codeKey)\"")
            )
        }
        let message = try container.decodeIfPresent(String.self, forKey: AnyCodingKey(format.messageKey)) ?? ""
        let requestID = try? container.decodeIfPresent(String.self, forKey: AnyCodingKey(format.requestIdKey))
        envelope = Envelope(
            code: code,
            message: message,
            requestID: requestID,
            isSuccess: code == format.successCode
        )
    }
}
