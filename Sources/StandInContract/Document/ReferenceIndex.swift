import StandInFixtures
import StandInSupport

/// `SpecReferences` with the document's `components` indexed by name, so that following a `$ref` to
/// `#/components/parameters/limit` costs a dictionary lookup rather than a scan of every component: a large spec with
/// thousands of references loads in time proportional to its size.
struct ReferenceIndex {
    /// The document's references, for everything the index does not cover.
    let references: SpecReferences
    /// Every member of every section of `components`, by section and then by name.
    private let components: [String: [String: JSONNode]]

    /// The index of the document `references.root`.
    init(_ references: SpecReferences) {
        self.references = references
        var components: [String: [String: JSONNode]] = [:]
        for section in references.root["components"]?.members ?? [] {
            var byName: [String: JSONNode] = [:]
            for member in section.value.members where byName[member.key] == nil {
                byName[member.key] = member.value
            }
            components[section.key] = byName
        }
        self.components = components
    }

    /// `node` with its `$ref` chain followed, and the JSON pointer of what it ends at (`pointer` when `node` is no
    /// reference).
    func resolved(_ node: JSONNode, at pointer: String) throws(SpecReferenceError) -> (node: JSONNode, pointer: String)
    {
        var current = node
        var currentPointer = pointer
        for _ in 0..<SpecReferences.longestChain {
            guard let reference = current["$ref"]?.stringValue else { return (current, currentPointer) }
            current = try target(of: reference)
            let local = String(reference.dropFirst())
            currentPointer = local.removingPercentEncodingLeniently
        }
        throw .loop(node["$ref"]?.stringValue ?? "")
    }

    /// What a local reference points at, through the index when it names a component.
    func target(of reference: String) throws(SpecReferenceError) -> JSONNode {
        let prefix = "#/components/"
        guard reference.hasPrefix(prefix) else { return try references.target(of: reference) }
        let rest = reference.dropFirst(prefix.count).removingPercentEncodingLeniently
        let tokens = rest.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
        guard tokens.count >= 2, let section = components[Self.unescaped(tokens[0])],
            let component = section[Self.unescaped(tokens[1])]
        else { return try references.target(of: reference) }
        guard tokens.count == 3 else { return component }
        guard let target = component.value(at: "/" + tokens[2]) else { throw .missing(reference) }
        return target
    }

    private static func unescaped(_ token: Substring) -> String {
        token.contains("~") ? String(token.replacing("~1", with: "/").replacing("~0", with: "~")) : String(token)
    }
}

extension StringProtocol {
    /// The text with its `%XX` escapes decoded; an escape that is not one is kept as written.
    var removingPercentEncodingLeniently: String {
        PercentDecoding.decode(Substring(self))
    }
}
