import Foundation
import StandInFixtures

/// The local `$ref`s of one OpenAPI document, followed the same way by the import, the contract's operations and its
/// schemas: `#/components/schemas/Pet` is a JSON pointer into the document itself.
public struct SpecReferences: Sendable {
    /// The most `$ref`s followed one after another before a chain counts as a loop.
    public static let longestChain = 32

    /// The whole document.
    public let root: JSONNode

    /// The references of the document `root`.
    public init(root: JSONNode) {
        self.root = root
    }

    /// `node` with its `$ref` chain followed: the node itself when it has no `$ref`, else what the reference points
    /// at. Throws when a reference is not local, points at nothing, or loops.
    public func resolved(_ node: JSONNode) throws(SpecReferenceError) -> JSONNode {
        var current = node
        for _ in 0..<Self.longestChain {
            guard let reference = current["$ref"]?.stringValue else { return current }
            current = try target(of: reference)
        }
        throw .loop(node["$ref"]?.stringValue ?? "")
    }

    /// What a local reference (`#/components/schemas/Pet`) points at.
    public func target(of reference: String) throws(SpecReferenceError) -> JSONNode {
        guard reference.hasPrefix("#") else { throw .external(reference) }
        let pointer = String(reference.dropFirst())
        guard let target = root.value(at: pointer.removingPercentEncoding ?? pointer),
            pointer.isEmpty || pointer.hasPrefix("/")
        else { throw .missing(reference) }
        return target
    }
}

/// A `$ref` that could not be followed.
public enum SpecReferenceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The reference points into another file or URL.
    case external(String)
    /// The reference points at nothing in this document.
    case missing(String)
    /// The reference leads back to itself through other references.
    case loop(String)

    public var description: String {
        switch self {
        case .external(let reference): "$ref \(reference.quoted) points outside this document, which is not followed"
        case .missing(let reference): "$ref \(reference.quoted) points at nothing in this document"
        case .loop(let reference): "$ref \(reference.quoted) only leads to more references"
        }
    }
}
