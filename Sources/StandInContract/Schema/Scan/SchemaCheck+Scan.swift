extension SchemaCheck {
    /// Whether `scalar`, read in place, passes this check (what `isValid` says of the scalar parsed).
    func isValid(_ scalar: ScannedScalar, _ direction: SchemaDirection) -> Bool {
        switch self {
        case .type(let types, let integers):
            return Self.matches(scalar, types, integers)
        case .minLength(let limit):
            guard case .string(let string) = scalar else { return true }
            return string.isASCII ? string.bytes.count >= limit : isValid(scalar.node, direction)
        case .maxLength(let limit):
            guard case .string(let string) = scalar else { return true }
            return string.isASCII ? string.bytes.count <= limit : isValid(scalar.node, direction)
        case .pattern(let pattern):
            guard case .string(let string) = scalar else { return true }
            return pattern.matches(utf8: string.bytes)
        case .format(let format):
            guard case .string(let string) = scalar else { return isValid(scalar.node, direction) }
            return format.accepts(utf8: string.bytes[...])
        case .minimum(let bound):
            guard case .number(let literal) = scalar else { return true }
            return bound.admitsAbove(utf8: literal)
        case .maximum(let bound):
            guard case .number(let literal) = scalar else { return true }
            return bound.admitsBelow(utf8: literal)
        case .multipleOf(let bound):
            guard case .number(let literal) = scalar else { return true }
            return bound.divides(String(decoding: literal, as: UTF8.self))
        case .minItems, .maxItems, .uniqueItems, .minProperties, .maxProperties, .required, .members, .elements:
            return true
        case .allOf(let schemas):
            return schemas.allSatisfy { $0.isValid(scalar, direction) }
        case .anyOf(let schemas):
            return schemas.contains { $0.isValid(scalar, direction) }
        case .oneOf(let schemas):
            var matches = 0
            for schema in schemas where schema.isValid(scalar, direction) {
                matches += 1
                if matches == 2 { return false }
            }
            return matches == 1
        case .not(let schema):
            return !schema.isValid(scalar, direction)
        case .reference(let reference):
            return reference.node.isValid(scalar, direction)
        case .oneOfValues, .constant, .discriminator, .readOnly, .writeOnly, .never:
            return isValid(scalar.node, direction)
        }
    }

    /// Whether `scalar` is one of `types`, integers told apart by `integers`.
    private static func matches(_ scalar: ScannedScalar, _ types: SchemaTypes, _ integers: IntegerRule) -> Bool {
        switch scalar {
        case .null: return types.contains(.null)
        case .bool: return types.contains(.boolean)
        case .string: return types.contains(.string)
        case .number(let literal):
            if types.contains(.number) { return true }
            guard types.contains(.integer) else { return false }
            let isWrittenAsInteger = !literal.contains {
                $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e")
            }
            return isWrittenAsInteger || integers.accepts(String(decoding: literal, as: UTF8.self))
        }
    }
}
