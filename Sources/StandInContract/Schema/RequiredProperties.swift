import StandInFixtures

/// A `required` list as each direction reads it: a request need not carry a `readOnly` property, nor a response a
/// `writeOnly` one, even when `required` names it.
struct RequiredProperties: Sendable {
    /// The names a request must carry.
    let inRequest: [String]
    /// The names a response must carry.
    let inResponse: [String]
    /// Whether every name is ASCII, so that a scan may compare names byte for byte (`ScannedString.equals`).
    let namesAreASCII: Bool

    /// The names each direction requires.
    init(inRequest: [String], inResponse: [String]) {
        self.inRequest = inRequest
        self.inResponse = inResponse
        namesAreASCII = (inRequest + inResponse).allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
    }

    /// The names `direction` requires.
    func names(_ direction: SchemaDirection) -> [String] {
        direction == .request ? inRequest : inResponse
    }

    /// The first required name `members` lacks, or nil when none is missing.
    func firstMissing(in members: [JSONNode.Member], _ direction: SchemaDirection) -> String? {
        names(direction).first { name in !members.contains { $0.key == name } }
    }

    /// Every required name `members` lacks.
    func missing(in members: [JSONNode.Member], _ direction: SchemaDirection) -> [String] {
        let names = names(direction)
        guard names.count > 1, members.count > 16 else {
            return names.filter { name in !members.contains { $0.key == name } }
        }
        let present = Set(members.map(\.key))
        return names.filter { !present.contains($0) }
    }
}
