import StandInFixtures

extension SchemaCheck {
    /// Appends every way `instance` (at `path`) breaks this check to `violations`; a check that applies schemas to
    /// members, elements or the instance itself reports theirs. `anyOf`, `oneOf` and `not` try their members with
    /// `isValid` and say only that they failed, except that a choice no member matches, with one member the value
    /// was plausibly meant for, reports that member's violations.
    func collect(
        _ instance: JSONNode,
        _ direction: SchemaDirection,
        _ path: inout InstancePath,
        _ violations: inout [SchemaViolation]
    ) {
        switch (self, instance.value) {
        case (.members(let rules), .object(let members)):
            rules.collect(members, direction, &path, &violations)
        case (.elements(let rules), .array(let elements)):
            rules.collect(elements, direction, &path, &violations)
        case (.required(let required), .object(let members)):
            for name in required.missing(in: members, direction) {
                violations.append(
                    SchemaViolation(pointer: path.pointer, keyword: "required", message: "\(name.quoted) is required")
                )
            }
        case (.uniqueItems, .array(let elements)):
            guard let repeated = UniqueItems.firstRepeat(in: elements) else { return }
            violations.append(
                SchemaViolation(
                    pointer: path.pointer,
                    keyword: "uniqueItems",
                    message: "items must be unique: \(repeated.first) and \(repeated.second) are equal"
                )
            )
        case (.anyOf(let schemas), _), (.oneOf(let schemas), _):
            guard !isValid(instance, direction) else { return }
            if Self.matchCount(schemas, instance, direction, upTo: 1) == 0,
                let only = Self.onlyPlausible(schemas, instance, direction)
            {
                only.collect(instance, direction, &path, &violations)
            } else if let failure = failure(of: instance, direction) {
                violations.append(
                    SchemaViolation(pointer: path.pointer, keyword: failure.keyword, message: failure.message)
                )
            }
        case (.allOf(let schemas), _):
            for schema in schemas { schema.collect(instance, direction, &path, &violations) }
        case (.reference(let reference), _):
            reference.node.collect(instance, direction, &path, &violations)
        case (.discriminator(let discriminator), _):
            switch discriminator.choice(for: instance) {
            case .success(let member):
                member.collect(instance, direction, &path, &violations)
            case .failure(let failure):
                violations.append(
                    SchemaViolation(
                        pointer: path.pointer,
                        keyword: "discriminator",
                        message: discriminator.message(failure)
                    )
                )
            }
        default:
            guard !isValid(instance, direction), let failure = failure(of: instance, direction) else { return }
            violations.append(
                SchemaViolation(pointer: path.pointer, keyword: failure.keyword, message: failure.message)
            )
        }
    }

    /// The keyword and the sentence for an instance this check refused (checks that report otherwise give nil).
    private func failure(of instance: JSONNode, _ direction: SchemaDirection) -> (keyword: String, message: String)? {
        switch self {
        case .type(let types, _):
            ("type", "expected \(types.names), got \(instance.typeName)")
        case .oneOfValues(let values):
            ("enum", values.message)
        case .constant(let value):
            ("const", "must be \(value.compactString)")
        case .minLength(let limit):
            ("minLength", "must be at least \(Self.count(limit, "character"))")
        case .maxLength(let limit):
            ("maxLength", "must be at most \(Self.count(limit, "character"))")
        case .pattern(let pattern):
            instance.stringValue.map(pattern.accepts) == false
                ? (
                    "pattern",
                    "is too long for pattern \(pattern.source.quoted) (at most \(pattern.maxInputBytes) bytes are matched)"
                )
                : ("pattern", "must match pattern \(pattern.source.quoted)")
        case .format(let format):
            ("format", "must be a valid \(format.rawValue)")
        case .minimum(let bound):
            bound.isExclusive
                ? ("exclusiveMinimum", "must be greater than \(bound.literal)")
                : ("minimum", "must be at least \(bound.literal)")
        case .maximum(let bound):
            bound.isExclusive
                ? ("exclusiveMaximum", "must be less than \(bound.literal)")
                : ("maximum", "must be at most \(bound.literal)")
        case .multipleOf(let bound):
            ("multipleOf", "must be a multiple of \(bound.literal)")
        case .minItems(let limit):
            ("minItems", "must have at least \(Self.count(limit, "item"))")
        case .maxItems(let limit):
            ("maxItems", "must have at most \(Self.count(limit, "item"))")
        case .minProperties(let limit):
            ("minProperties", "must have at least \(Self.count(limit, "property", "properties"))")
        case .maxProperties(let limit):
            ("maxProperties", "must have at most \(Self.count(limit, "property", "properties"))")
        case .anyOf(let schemas):
            ("anyOf", "must match at least one of the \(schemas.count) schemas of anyOf")
        case .oneOf(let schemas):
            ("oneOf", Self.oneOfMessage(schemas, instance, direction))
        case .not:
            ("not", "must not match the schema of not")
        case .readOnly:
            ("readOnly", "is read-only: a request may not carry it")
        case .writeOnly:
            ("writeOnly", "is write-only: a response may not carry it")
        case .never:
            ("false", "is not allowed")
        default:
            nil
        }
    }

    /// The one schema of `schemas` that `instance` is plausibly meant for (the only one whose checks of the value
    /// itself pass, see `SchemaNode.isPlausible`), whose violations say more than "matches none"; nil when there are
    /// several or none.
    private static func onlyPlausible(
        _ schemas: [SchemaNode],
        _ instance: JSONNode,
        _ direction: SchemaDirection
    )
        -> SchemaNode?
    {
        var found: SchemaNode?
        for schema in schemas where schema.isPlausible(instance, direction) {
            guard found == nil else { return nil }
            found = schema
        }
        return found
    }

    /// `must match exactly one of the 3 schemas of oneOf, matches 2 (0 and 2)`.
    private static func oneOfMessage(
        _ schemas: [SchemaNode],
        _ instance: JSONNode,
        _ direction: SchemaDirection
    )
        -> String
    {
        let matching = schemas.indices.filter { schemas[$0].isValid(instance, direction) }
        let matches =
            matching.isEmpty ? "none" : "\(matching.count) (\(matching.map(String.init).joined(separator: " and ")))"
        return "must match exactly one of the \(schemas.count) schemas of oneOf, matches \(matches)"
    }

    /// `1 item`, `3 items`.
    private static func count(_ number: Int, _ singular: String, _ plural: String? = nil) -> String {
        number == 1 ? "1 \(singular)" : "\(number) \(plural ?? singular + "s")"
    }
}
