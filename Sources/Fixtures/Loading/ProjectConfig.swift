import NetworkCore

/// The project settings in `Mocks/standin.json`: the envelope's key names, the headers every response carries and
/// the CORS policy.
public struct ProjectConfig: Sendable {
    /// The file name of the settings inside the mocks directory.
    public static let fileName = "standin.json"

    /// How envelopes are spelled.
    public var envelope: EnvelopeFormat
    /// Headers added to every response, unless a fixture sets the same name (the CORS policy's included).
    public var headers: [(name: String, value: String)]
    /// The CORS policy, if the project sets one.
    public var cors: CORSPolicy?

    /// Creates settings; defaults are the standard envelope, no extra headers and no CORS policy.
    public init(
        envelope: EnvelopeFormat = .standard,
        headers: [(name: String, value: String)] = [],
        cors: CORSPolicy? = nil
    ) {
        self.envelope = envelope
        self.cors = cors
        let named = Set(headers.map { $0.name.lowercased() })
        self.headers = headers + (cors?.responseHeaders ?? []).filter { !named.contains($0.name.lowercased()) }
    }

    /// Reads settings from a parsed `standin.json`.
    init(parsing node: JSONNode) throws(FixtureError) {
        let root = try ObjectReader(node, context: "standin.json", isDocument: true)
        try root.requireKnownKeys(["envelope", "headers", "cors"])
        var envelope = EnvelopeFormat.standard
        if let object = try root.object("envelope") {
            try object.requireKnownKeys([
                "codeKey", "messageKey", "dataKey", "requestIdKey", "successCode", "successMessage",
            ])
            envelope.codeKey = try object.string("codeKey")?.value ?? envelope.codeKey
            envelope.messageKey = try object.string("messageKey")?.value ?? envelope.messageKey
            envelope.dataKey = try object.string("dataKey")?.value ?? envelope.dataKey
            envelope.requestIdKey = try object.string("requestIdKey")?.value ?? envelope.requestIdKey
            envelope.successCode = try object.int("successCode") ?? envelope.successCode
            envelope.successMessage = try object.string("successMessage")?.value ?? envelope.successMessage
        }
        let headers: [(name: String, value: String)] =
            try root.object("headers").map { object throws(FixtureError) in
                try object.members.map { member throws(FixtureError) -> (name: String, value: String) in
                    guard let value = try object.string(member.key)?.value else { preconditionFailure("member exists") }
                    return (member.key, value)
                }
            } ?? []
        self.init(envelope: envelope, headers: headers, cors: try root.object("cors").map(CORSPolicy.init(parsing:)))
    }
}
