/// One pass over an array's elements for a schema node: each element against `items` or `prefixItems`, and where each
/// one is when `uniqueItems` will compare them.
struct ArrayScan: ContainerScan {
    /// The longest array whose elements are compared in place, pair by pair; a longer one is parsed.
    static let pairwiseLimit = 32

    private var rules: ElementRules?
    /// Whether the elements' positions are kept: the node has `uniqueItems` and the array is short enough so far.
    private var keepsSpans = false
    /// The elements' positions, while kept.
    private var spans: [Range<Int>] = []
    /// The elements read.
    private(set) var count = 0

    /// The pass for a node with `checks`.
    init(_ checks: [SchemaCheck]) {
        for check in checks {
            switch check {
            case .elements(let elementRules): rules = elementRules
            case .uniqueItems:
                keepsSpans = true
                spans.reserveCapacity(Self.pairwiseLimit)
            default: continue
            }
        }
    }

    func verdict(on check: SchemaCheck, in bytes: UnsafeBufferPointer<UInt8>) -> ContainerVerdict {
        switch check {
        case .type(let types, _): .known(types.contains(.array))
        case .minItems(let limit): .known(count >= limit)
        case .maxItems(let limit): .known(count <= limit)
        case .uniqueItems: elementsDiffer(in: bytes).map { .known($0) } ?? .onTheWhole
        case .elements, .minLength, .maxLength, .pattern, .format, .minimum, .maximum, .multipleOf, .minProperties,
            .maxProperties, .required, .members:
            .known(true)
        default: .onTheWhole
        }
    }

    mutating func read(_ cursor: inout JSONCursor, _ direction: SchemaDirection, depth: Int) -> Bool? {
        if cursor.take(UInt8(ascii: "]")) { return true }
        repeat {
            cursor.skipWhitespace()
            let start = cursor.index
            if let schema = rules?.schema(at: count) {
                guard let verdict = schema.scanIsValid(&cursor, direction, depth: depth) else { return nil }
                guard verdict else { return false }
            } else {
                guard cursor.skipValue(depth: depth) else { return nil }
            }
            if keepsSpans {
                if spans.count < Self.pairwiseLimit {
                    spans.append(start..<cursor.index)
                } else {
                    keepsSpans = false
                }
            }
            count += 1
        } while cursor.take(UInt8(ascii: ","))
        return cursor.take(UInt8(ascii: "]")) ? true : nil
    }

    /// Whether the elements all differ, when each is spelled only one way (ASCII strings, `true`, `false`, `null`) so
    /// that equal bytes are equal values; nil when they are not, or when the array was too long to keep.
    private func elementsDiffer(in bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard keepsSpans else { return nil }
        for span in spans {
            let first = bytes[span.lowerBound]
            let isOneSpelling =
                first == UInt8(ascii: "\"") || first == UInt8(ascii: "t") || first == UInt8(ascii: "f")
                || first == UInt8(ascii: "n")
            guard isOneSpelling, !bytes[span].contains(where: { $0 >= 0x80 }) else { return nil }
        }
        for second in spans.indices.dropFirst() {
            let element = UnsafeBufferPointer(rebasing: bytes[spans[second]])
            for first in spans.startIndex..<second
            where ScannedString.same(UnsafeBufferPointer(rebasing: bytes[spans[first]]), element) {
                return false
            }
        }
        return true
    }
}
