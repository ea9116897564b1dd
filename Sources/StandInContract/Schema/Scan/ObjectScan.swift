/// One pass over an object's members for a schema node: each member's value against `properties`,
/// `patternProperties` and `additionalProperties`, and which `required` names were seen.
struct ObjectScan: ContainerScan {
    /// The node's member rules, if it has any.
    private var rules: MemberRules?
    /// The names the node requires in this direction.
    private var required: [String] = []
    /// Whether those names are ASCII.
    private var requiredAreASCII = true
    /// Which of `required` were seen, one bit each (the first 64).
    private var seen: UInt64 = 0
    /// The members read.
    private(set) var count = 0

    /// The pass for a node with `checks`, read in `direction`.
    init(_ checks: [SchemaCheck], _ direction: SchemaDirection) {
        for check in checks {
            switch check {
            case .members(let memberRules): rules = memberRules
            case .required(let names):
                required = names.names(direction)
                requiredAreASCII = names.namesAreASCII
            default: continue
            }
        }
    }

    func verdict(on check: SchemaCheck, in bytes: UnsafeBufferPointer<UInt8>) -> ContainerVerdict {
        switch check {
        case .type(let types, _): .known(types.contains(.object))
        case .minProperties(let limit): .known(count >= limit)
        case .maxProperties(let limit): .known(count <= limit)
        // Seen by the pass, for up to 64 names.
        case .required:
            required.count <= 64
                ? .known(seen == (required.count == 64 ? .max : (1 << UInt64(required.count)) - 1))
                : .onTheWhole
        case .members, .minLength, .maxLength, .pattern, .format, .minimum, .maximum, .multipleOf, .minItems,
            .maxItems, .uniqueItems, .elements:
            .known(true)
        default: .onTheWhole
        }
    }

    mutating func read(_ cursor: inout JSONCursor, _ direction: SchemaDirection, depth: Int) -> Bool? {
        if cursor.take(UInt8(ascii: "}")) { return true }
        var propertyCursor = 0
        repeat {
            guard let key = cursor.readKey() else { return nil }
            count += 1
            markRequired(key)
            if let rules {
                guard let verdict = rules.scanMember(key, &cursor, direction, depth: depth, from: &propertyCursor)
                else { return nil }
                guard verdict else { return false }
            } else {
                guard cursor.skipValue(depth: depth) else { return nil }
            }
        } while cursor.take(UInt8(ascii: ","))
        return cursor.take(UInt8(ascii: "}")) ? true : nil
    }

    private mutating func markRequired(_ key: ScannedString) {
        let bytewise = key.isASCII && requiredAreASCII
        for index in 0..<min(required.count, 64)
        where bytewise ? key.equals(required[index]) : key.text == required[index] {
            seen |= 1 << UInt64(index)
        }
    }
}
