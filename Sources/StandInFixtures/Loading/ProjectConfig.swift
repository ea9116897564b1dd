import NetworkCore

/// The project settings in `Mocks/standin.json`: the envelope's key names, the headers every response carries, the
/// CORS policy and the network profiles beside the presets.
///
/// The settings live in one shared, immutable box: a request passes them along at the cost of one reference, not a
/// copy of each string and array; a change makes a new box.
public struct ProjectConfig: Sendable {
    /// The settings themselves.
    private final class Storage: Sendable {
        let envelope: EnvelopeFormat
        let headers: [(name: String, value: String)]
        let cors: CORSPolicy?
        let networks: NetworkCatalog

        init(
            envelope: EnvelopeFormat,
            headers: [(name: String, value: String)],
            cors: CORSPolicy?,
            networks: NetworkCatalog
        ) {
            self.envelope = envelope
            self.headers = headers
            self.cors = cors
            self.networks = networks
        }
    }

    /// The file name of the settings inside the mocks directory.
    public static let fileName = "standin.json"

    private var storage: Storage

    /// How envelopes are spelled.
    public var envelope: EnvelopeFormat {
        get { storage.envelope }
        set { storage = Storage(envelope: newValue, headers: headers, cors: cors, networks: networks) }
    }

    /// Headers added to every response, unless a fixture sets the same name (the CORS policy's included).
    public var headers: [(name: String, value: String)] {
        get { storage.headers }
        set { storage = Storage(envelope: envelope, headers: newValue, cors: cors, networks: networks) }
    }

    /// The CORS policy, if the project sets one.
    public var cors: CORSPolicy? {
        get { storage.cors }
        set { storage = Storage(envelope: envelope, headers: headers, cors: newValue, networks: networks) }
    }

    /// The network profiles: the presets and the project's own.
    public var networks: NetworkCatalog { storage.networks }

    /// Creates settings; defaults are the standard envelope, no extra headers, no CORS policy and the preset networks
    /// alone.
    public init(
        envelope: EnvelopeFormat = .standard,
        headers: [(name: String, value: String)] = [],
        cors: CORSPolicy? = nil,
        networks: [NetworkProfile] = []
    ) {
        let named = Set(headers.map { $0.name.lowercased() })
        storage = Storage(
            envelope: envelope,
            headers: headers + (cors?.responseHeaders ?? []).filter { !named.contains($0.name.lowercased()) },
            cors: cors,
            networks: NetworkCatalog(custom: networks)
        )
    }

    /// Reads settings from a parsed `standin.json`; throws every problem found, not only the first.
    init(parsing node: JSONNode) throws(FixtureProblems) {
        let problems = ProblemList()
        var envelope = EnvelopeFormat.standard
        var headers: [(name: String, value: String)] = []
        var cors: CORSPolicy?
        var networks: [NetworkProfile] = []
        if let root = problems.attempt({ try ObjectReader(node, context: "standin.json", isDocument: true) }) {
            root.checkKnownKeys(["envelope", "headers", "cors", "networks"], into: problems)
            envelope = problems.attempt { try Self.envelope(in: root) } ?? envelope
            headers = problems.attempt { try Self.headers(in: root) } ?? []
            cors = problems.attempt { try root.object("cors").map(CORSPolicy.init(parsing:)) } ?? nil
            networks = Self.networks(in: root, problems: problems)
        }
        guard problems.errors.isEmpty else { throw FixtureProblems(errors: problems.errors) }
        self.init(envelope: envelope, headers: headers, cors: cors, networks: networks)
    }

    /// The custom network profiles, each problem added to `problems`. A name must not be a preset's, and is written
    /// as a header value would carry it (letters, digits, `-`, `_`, `.`).
    private static func networks(in root: ObjectReader, problems: ProblemList) -> [NetworkProfile] {
        guard let object = problems.attempt({ try root.object("networks") }) ?? nil else { return [] }
        let presets = Set(NetworkProfile.presets.map(\.name))
        return object.members.compactMap { member in
            problems.attempt(locatedAt: member.keyLine) { () throws(FixtureError) -> NetworkProfile in
                let name = member.key
                guard !presets.contains(name) else {
                    throw FixtureError("networks: \(name.quoted) is a preset; give your profile a name of its own")
                }
                guard !name.isEmpty, name.utf8.allSatisfy(Self.isNameByte) else {
                    throw FixtureError(
                        "networks: \(name.quoted) is not a profile name; use letters, digits, \"-\", \"_\" and \".\""
                    )
                }
                let profile = try ObjectReader(member.value, context: "networks.\(name)")
                return try NetworkProfile(name: name, parsing: profile)
            }
        }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
            true
        default: false
        }
    }

    private static func envelope(in root: ObjectReader) throws(FixtureError) -> EnvelopeFormat {
        var envelope = EnvelopeFormat.standard
        guard let object = try root.object("envelope") else { return envelope }
        try object.requireKnownKeys([
            "codeKey", "messageKey", "dataKey", "requestIdKey", "successCode", "successMessage",
        ])
        envelope.codeKey = try object.string("codeKey")?.value ?? envelope.codeKey
        envelope.messageKey = try object.string("messageKey")?.value ?? envelope.messageKey
        envelope.dataKey = try object.string("dataKey")?.value ?? envelope.dataKey
        envelope.requestIdKey = try object.string("requestIdKey")?.value ?? envelope.requestIdKey
        envelope.successCode = try object.int("successCode") ?? envelope.successCode
        envelope.successMessage = try object.string("successMessage")?.value ?? envelope.successMessage
        return envelope
    }

    private static func headers(in root: ObjectReader) throws(FixtureError) -> [(name: String, value: String)] {
        guard let object = try root.object("headers") else { return [] }
        var headers: [(name: String, value: String)] = []
        for member in object.members {
            guard let (value, line) = try object.string(member.key) else { continue }
            try HeaderSyntax.validate(name: member.key, value: value, line: line)
            headers.append((member.key, value))
        }
        return headers
    }
}
