import Foundation
import StandInFixtures
import Yams

/// Reads a spec file into a `JSONNode`: JSON with the project's parser, which keeps numbers as written, and anything
/// else as YAML through Yams, converted node by node with its lines. Only the command line (`import openapi`,
/// `--spec`) reads YAML; a syntax error in either says its line and column.
public enum SpecDocument {
    /// The most values a YAML document may expand to; aliases can make a small file stand for a huge tree.
    static let mostValues = 2_000_000
    /// How deep a YAML document's values may nest, as for JSON.
    static let deepest = 512

    /// The document in the file at `url`.
    public static func read(_ url: URL) throws(SpecFileError) -> JSONNode {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw SpecFileError("\(url.path) does not exist", underlying: nil)
        }
        let bytes: Data
        do {
            bytes = try Data(contentsOf: url)
        } catch {
            throw SpecFileError("cannot read \(url.path)", underlying: error)
        }
        let firstByte = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        if firstByte == UInt8(ascii: "{") {
            do {
                return try JSONParser.parse(bytes)
            } catch {
                throw SpecFileError("\(url.lastPathComponent) is not valid JSON", underlying: error)
            }
        }
        do {
            guard let root = try Yams.compose(yaml: String(decoding: bytes, as: UTF8.self)) else {
                throw SpecFileError("\(url.lastPathComponent) is empty", underlying: nil)
            }
            var budget = mostValues
            return try convert(root, depth: 0, budget: &budget)
        } catch let error as SpecFileError {
            throw error
        } catch let error as YamlError {
            throw SpecFileError(
                "\(url.lastPathComponent) is not valid YAML or JSON",
                underlying: YAMLSyntaxError(error, text: String(decoding: bytes, as: UTF8.self))
            )
        } catch {
            throw SpecFileError("\(url.lastPathComponent) is not valid YAML or JSON", underlying: error)
        }
    }

    /// `node` as JSON: scalars by the type YAML resolved for them, mapping keys as their text.
    private static func convert(_ node: Node, depth: Int, budget: inout Int) throws(SpecFileError) -> JSONNode {
        budget -= 1
        guard budget >= 0 else {
            throw SpecFileError("the YAML expands to more than \(mostValues) values", underlying: nil)
        }
        guard depth < deepest else {
            throw SpecFileError("the YAML nests deeper than \(deepest) levels", underlying: nil)
        }
        let line = node.mark?.line ?? 0
        switch node {
        case .scalar(let scalar):
            return JSONNode(value(of: scalar, tag: node.tag.rawValue), line: line)
        case .sequence(let sequence):
            var elements: [JSONNode] = []
            for element in sequence { elements.append(try convert(element, depth: depth + 1, budget: &budget)) }
            return JSONNode(.array(elements), line: line)
        case .mapping(let mapping):
            var members: [JSONNode.Member] = []
            for (key, value) in mapping {
                guard case .scalar(let name) = key else {
                    throw SpecFileError("line \(key.mark?.line ?? 0): a mapping key is not text", underlying: nil)
                }
                let converted = try convert(value, depth: depth + 1, budget: &budget)
                members.append(JSONNode.Member(key: name.string, keyLine: key.mark?.line ?? 0, value: converted))
            }
            return JSONNode(.object(members), line: line)
        case .alias:
            throw SpecFileError("line \(line): an alias was left unresolved", underlying: nil)
        }
    }

    /// A scalar's JSON value: `null`, a boolean, a number (as written when that is JSON, else as Swift writes it),
    /// and a string for everything else (dates included, as OpenAPI examples mean them).
    private static func value(of scalar: Node.Scalar, tag: String) -> JSONNode.Value {
        let node = Node.scalar(scalar)
        switch tag {
        case Tag.Name.null.rawValue:
            return .null
        case Tag.Name.bool.rawValue:
            return node.bool.map { .bool($0) } ?? .string(scalar.string)
        case Tag.Name.int.rawValue, Tag.Name.float.rawValue:
            if (try? JSONParser.parse(scalar.string))?.doubleValue != nil { return .number(scalar.string) }
            if let whole = node.int { return .number(String(whole)) }
            if let number = node.float, number.isFinite { return .number("\(number)") }
            return .string(scalar.string)
        default:
            return .string(scalar.string)
        }
    }
}

/// A spec file that cannot be read as a document, with the parser's own error when there is one.
public struct SpecFileError: Error, CustomStringConvertible {
    let message: String
    let underlying: (any Error)?

    init(_ message: String, underlying: (any Error)?) {
        self.message = message
        self.underlying = underlying
    }

    /// The message, then the parser's error when there is one.
    public var description: String { underlying.map { "\(message): \($0)" } ?? message }
}
