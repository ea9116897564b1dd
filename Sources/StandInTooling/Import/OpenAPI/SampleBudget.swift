import StandInFixtures

/// What the values generated for one fixture may take, whatever numbers the spec gives: a spec's `minItems`,
/// `minProperties` and `minLength` are cut to the limits below; the JSON generated for the fixture (its answer, its
/// variants and its header values together) stops at about `mostBytes` of the fixture file; and the schemas read for
/// it stop at `mostSchemas`, so that required `$ref`s or `allOf` parts fanning out level after level end too. The
/// spec's own examples are not generated and not counted.
///
/// The sampler spends it as it goes, the way the YAML reader spends its count of values: each value generated takes
/// its bytes, each schema read one step, and once either runs out no more values are made (a required property left
/// is `null`, an array ends). A class, like `OpenAPIWarnings`: every value of one fixture, however deep, draws on the
/// same budget; one import runs on one thread.
final class SampleBudget {
    /// The most items an array gets, whatever `minItems` asks for.
    static let mostItems = 1_000
    /// The most properties `minProperties` adds to an object, beyond the ones the schema names.
    static let mostProperties = 1_000
    /// The most characters a string has, whatever `minLength` or a pattern's quantifiers ask for.
    static let longestString = 4_096
    /// The most bytes of generated JSON in one fixture file, as it is written (pretty-printed); the value being made
    /// when they run out may pass them by its own size.
    static let mostBytes = 1 << 20
    /// The most schemas read (each value and each `allOf` part) for one fixture.
    static let mostSchemas = 100_000

    private var bytesLeft = mostBytes
    private var schemasLeft = mostSchemas
    private var hasWarned = false

    /// Whether the fixture's values have taken all of `mostBytes`, or its schemas all of `mostSchemas`.
    var isSpent: Bool { bytesLeft <= 0 || schemasLeft <= 0 }

    /// What ran out, to end a sentence that starts with "the values generated for this fixture".
    var spentReason: String {
        bytesLeft <= 0
            ? "reach the \(Self.mostBytes) bytes StandIn writes for one fixture"
            : "take more than the \(Self.mostSchemas) schemas StandIn reads for one fixture"
    }

    /// Counts one schema read; false when the budget is spent (this read included).
    func readsSchema() -> Bool {
        schemasLeft -= 1
        return !isSpent
    }

    /// Takes the bytes `node` writes (compact) from the budget and returns it.
    func taking(_ node: JSONNode) -> JSONNode {
        bytesLeft -= node.compactBytes.count
        return node
    }

    /// Takes the bytes an object with these keys adds around its values, `depth` levels into the body: a line per
    /// member (its indentation, quoted key, colon and comma) and the closing brace's.
    func spendObject(keys: [String], depth: Int) {
        bytesLeft -= keys.reduce(0) { $0 + $1.utf8.count + 4 } + layout(lines: keys.count, depth: depth)
    }

    /// Takes the bytes an array of `count` items adds around them, `depth` levels into the body.
    func spendArray(count: Int, depth: Int) {
        bytesLeft -= layout(lines: count, depth: depth)
    }

    /// True the first time it is asked once the budget is spent: the fixture's one warning about it.
    func warnsOnce() -> Bool {
        guard isSpent, !hasWarned else { return false }
        hasWarned = true
        return true
    }

    /// The line breaks, indentation and brackets of `lines` entries at `depth` (the body sits two levels into the
    /// fixture, under `response.json`, two spaces a level).
    private func layout(lines: Int, depth: Int) -> Int {
        let indentation = 2 * (depth + 2)
        return lines * (indentation + 2) + indentation + 2
    }
}
