import NetworkCore

/// The project settings in `Mocks/standin.json`: the envelope's key names and the headers every response carries.
public struct ProjectConfig: Sendable {
    /// The file name of the settings inside the mocks directory.
    public static let fileName = "standin.json"

    /// How envelopes are spelled.
    public var envelope: EnvelopeFormat
    /// Headers added to every response, unless a fixture sets the same name.
    public var headers: [(name: String, value: String)]

    /// Creates settings; defaults are the standard envelope and no extra headers.
    public init(envelope: EnvelopeFormat = .standard, headers: [(name: String, value: String)] = []) {
        self.envelope = envelope
        self.headers = headers
    }

    /// Reads settings from a parsed `standin.json`.
    init(parsing node: JSONNode) throws(FixtureError) {
        let root = try ObjectReader(node, context: "standin.json", isDocument: true)
        try root.requireKnownKeys(["envelope", "headers"])
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
        self.envelope = envelope
        headers =
            try root.object("headers").map { object throws(FixtureError) in
                try object.members.map { member throws(FixtureError) in
                    guard let (value, line) = try object.string(member.key) else {
                        preconditionFailure("member exists")
                    }
                    try HeaderSyntax.validate(name: member.key, value: value, line: line)
                    return (member.key, value)
                }
            } ?? []
    }
}
