import StandInFixtures

extension SchemaCheck {
    /// Whether `instance` passes this check, read in `direction`; builds nothing, and is what `anyOf`, `oneOf` and
    /// `not` ask of their members.
    func isValid(_ instance: JSONNode, _ direction: SchemaDirection) -> Bool {
        switch self {
        case .type(let types, let integers):
            return Self.matches(instance, types, integers)
        case .oneOfValues(let values):
            return values.contains(instance)
        case .constant(let value):
            return instance == value
        case .minLength(let limit):
            guard case .string(let text) = instance.value else { return true }
            return text.utf8.count >= limit && Self.scalarCount(text, upTo: limit) >= limit
        case .maxLength(let limit):
            guard case .string(let text) = instance.value else { return true }
            return text.utf8.count <= limit || Self.scalarCount(text, upTo: limit + 1) <= limit
        case .pattern(let pattern):
            guard case .string(let text) = instance.value else { return true }
            return pattern.matches(text)
        case .format(let format):
            return format.accepts(instance)
        case .minimum(let bound):
            guard case .number(let literal) = instance.value else { return true }
            return bound.admitsAbove(literal)
        case .maximum(let bound):
            guard case .number(let literal) = instance.value else { return true }
            return bound.admitsBelow(literal)
        case .multipleOf(let bound):
            guard case .number(let literal) = instance.value else { return true }
            return bound.divides(literal)
        case .minItems(let limit):
            guard case .array(let elements) = instance.value else { return true }
            return elements.count >= limit
        case .maxItems(let limit):
            guard case .array(let elements) = instance.value else { return true }
            return elements.count <= limit
        case .uniqueItems:
            guard case .array(let elements) = instance.value else { return true }
            return UniqueItems.firstRepeat(in: elements) == nil
        case .minProperties(let limit):
            guard case .object(let members) = instance.value else { return true }
            return members.count >= limit
        case .maxProperties(let limit):
            guard case .object(let members) = instance.value else { return true }
            return members.count <= limit
        case .required(let required):
            guard case .object(let members) = instance.value else { return true }
            return required.firstMissing(in: members, direction) == nil
        case .members(let rules):
            guard case .object(let members) = instance.value else { return true }
            return rules.areValid(members, direction)
        case .elements(let rules):
            guard case .array(let elements) = instance.value else { return true }
            return rules.areValid(elements, direction)
        case .allOf(let schemas):
            return schemas.allSatisfy { $0.isValid(instance, direction) }
        case .anyOf(let schemas):
            return schemas.contains { $0.isValid(instance, direction) }
        case .oneOf(let schemas):
            return Self.matchCount(schemas, instance, direction, upTo: 2) == 1
        case .not(let schema):
            return !schema.isValid(instance, direction)
        case .discriminator(let discriminator):
            guard case .success(let member) = discriminator.choice(for: instance) else { return false }
            return member.isValid(instance, direction)
        case .reference(let reference):
            return reference.node.isValid(instance, direction)
        case .readOnly:
            return direction != .request
        case .writeOnly:
            return direction != .response
        case .never:
            return false
        }
    }

    /// Whether `instance` is one of `types`, integers told apart by `integers`.
    static func matches(_ instance: JSONNode, _ types: SchemaTypes, _ integers: IntegerRule) -> Bool {
        switch instance.value {
        case .null: types.contains(.null)
        case .bool: types.contains(.boolean)
        case .number(let literal):
            types.contains(.number) || (types.contains(.integer) && integers.accepts(literal))
        case .string: types.contains(.string)
        case .array: types.contains(.array)
        case .object: types.contains(.object)
        }
    }

    /// How many of `schemas` accept `instance`, counting no further than `limit`.
    static func matchCount(
        _ schemas: [SchemaNode],
        _ instance: JSONNode,
        _ direction: SchemaDirection,
        upTo limit: Int
    ) -> Int {
        var count = 0
        for schema in schemas where schema.isValid(instance, direction) {
            count += 1
            if count == limit { break }
        }
        return count
    }

    /// The Unicode scalars in `text` (what JSON Schema counts as characters, as Python does), counting no further
    /// than `limit`.
    static func scalarCount(_ text: String, upTo limit: Int) -> Int {
        var count = 0
        for _ in text.unicodeScalars {
            count += 1
            if count >= limit { break }
        }
        return count
    }
}
