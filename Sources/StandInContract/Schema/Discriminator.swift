import StandInFixtures

/// A `discriminator` beside `oneOf` or `anyOf`: the value of one property names the member the instance must match,
/// so only that member is checked and its own violations are reported.
final class Discriminator: Sendable {
    /// The property whose value names the member.
    let propertyName: String
    /// The member each value names: `mapping`'s entries, and each member `$ref`'s last name
    /// (`#/components/schemas/Cat` for `Cat`).
    private let choices: [String: SchemaNode]
    /// The values that name a member, sorted, for messages.
    private let names: [String]

    /// A discriminator on `propertyName` choosing among `choices`.
    init(propertyName: String, choices: [String: SchemaNode]) {
        self.propertyName = propertyName
        self.choices = choices
        names = choices.keys.sorted()
    }

    /// The member `instance` names, or why there is none.
    func choice(for instance: JSONNode) -> Result<SchemaNode, DiscriminatorFailure> {
        guard case .object = instance.value else { return .failure(.notAnObject(instance.typeName)) }
        guard let value = instance[propertyName] else { return .failure(.missing) }
        guard let name = value.stringValue, let member = choices[name] else {
            return .failure(.unknown(value.compactString))
        }
        return .success(member)
    }

    /// The sentence for `failure`.
    func message(_ failure: DiscriminatorFailure) -> String {
        let known = names.map(\.quoted).joined(separator: ", ")
        switch failure {
        case .notAnObject(let type):
            return "expected object, got \(type)"
        case .missing:
            return "\(propertyName.quoted) is required to tell which schema applies (one of \(known))"
        case .unknown(let value):
            return "\(propertyName.quoted) is \(value), which names no schema (expected one of \(known))"
        }
    }
}

/// Why a discriminator found no member.
enum DiscriminatorFailure: Error {
    /// The instance is not an object; its type.
    case notAnObject(String)
    /// The property is absent.
    case missing
    /// The property's value, as JSON, names no member.
    case unknown(String)
}
