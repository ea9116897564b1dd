import NetworkCore

/// An envelope StandIn writes itself rather than from a fixture: an error (no fixture matched, a control header was
/// wrong), where `code` mirrors the HTTP status and `message` says what happened, or a stub `MockRegistry` was given.
public enum ErrorEnvelope {
    /// The compact envelope bytes.
    public static func body(
        code: Int,
        message: String,
        data: JSONNode = JSONNode(.null),
        format: EnvelopeFormat,
        requestId: String
    ) -> [UInt8] {
        let member = { (key: String, value: JSONNode) in JSONNode.Member(key: key, value: value) }
        return JSONNode(
            .object([
                member(format.codeKey, JSONNode(.number(String(code)))),
                member(format.messageKey, JSONNode(.string(message))),
                member(format.dataKey, data),
                member(format.requestIdKey, JSONNode(.string(requestId))),
            ])
        ).compactBytes
    }
}
