import StandInFixtures

/// What an object's members must be: `properties` by name, `patternProperties` by a pattern found in the name, and
/// `additionalProperties` for the members neither names.
final class MemberRules: Sendable {
    /// What the members that neither `properties` nor `patternProperties` name may be.
    enum Additional: Sendable {
        /// Anything (no `additionalProperties`, or `true`).
        case allowed
        /// Nothing (`additionalProperties: false`).
        case forbidden
        /// Whatever this schema accepts.
        case schema(SchemaNode)

        /// Whether any member is allowed, so the rule needs no check.
        var acceptsAnything: Bool {
            if case .allowed = self { return true }
            return false
        }
    }

    /// A `patternProperties` entry.
    struct PatternRule: Sendable {
        /// The pattern, searched for in the member's name.
        let pattern: TextPattern
        /// The schema of the members it names.
        let schema: SchemaNode
    }

    let properties: PropertyTable
    let patterns: [PatternRule]
    let additional: Additional

    /// Rules from compiled `properties`, `patternProperties` and `additionalProperties`.
    init(properties: PropertyTable, patterns: [PatternRule], additional: Additional) {
        self.properties = properties
        self.patterns = patterns
        self.additional = additional
    }

    /// Whether every member of `members` is what its rules ask.
    func areValid(_ members: [JSONNode.Member], _ direction: SchemaDirection) -> Bool {
        var cursor = 0
        for member in members {
            var named = false
            if let schema = properties.schema(named: member.key, from: &cursor) {
                guard schema.isValid(member.value, direction) else { return false }
                named = true
            }
            for rule in patterns where rule.pattern.matches(member.key) {
                guard rule.schema.isValid(member.value, direction) else { return false }
                named = true
            }
            if named { continue }
            switch additional {
            case .allowed: continue
            case .forbidden: return false
            case .schema(let schema): guard schema.isValid(member.value, direction) else { return false }
            }
        }
        return true
    }

    /// Appends the violations of every member of `members`, the object being at `path`.
    func collect(
        _ members: [JSONNode.Member],
        _ direction: SchemaDirection,
        _ path: inout InstancePath,
        _ violations: inout [SchemaViolation]
    ) {
        var cursor = 0
        for member in members {
            var named = false
            if let schema = properties.schema(named: member.key, from: &cursor) {
                path.descend(.key(member.key)) { schema.collect(member.value, direction, &$0, &violations) }
                named = true
            }
            for rule in patterns where rule.pattern.matches(member.key) {
                path.descend(.key(member.key)) { rule.schema.collect(member.value, direction, &$0, &violations) }
                named = true
            }
            if named { continue }
            switch additional {
            case .allowed:
                continue
            case .forbidden:
                violations.append(
                    SchemaViolation(
                        pointer: path.pointer,
                        keyword: "additionalProperties",
                        message: "\(member.key.quoted) is not allowed"
                    )
                )
            case .schema(let schema):
                path.descend(.key(member.key)) { schema.collect(member.value, direction, &$0, &violations) }
            }
        }
    }
}
