import GraphQL
import StandInSupport

/// What matching needs to know of a GraphQL document: the names of its operations (nil for an anonymous one).
/// Documents are parsed by GraphQLSwift once each and remembered: an app sends the same few documents again and
/// again, so a request pays a dictionary lookup, not a parse.
struct GraphQLDocumentSummary: Sendable {
    /// The document's operations' names, in order; nil for an anonymous operation.
    let operationNames: [String?]

    /// The summary of `document`, or why it cannot be read: too long or too deep (413), or not GraphQL (400, with
    /// the position of the error).
    static func of(_ document: String) -> Result<Self, GraphQLFailure> {
        let remembered = document.utf8.count <= maxRememberedBytes
        if remembered, let known = cache.withLock({ $0[document] }) { return known }
        let summary = read(document)
        guard remembered else { return summary }
        cache.withLock { cache in
            if cache.count >= cacheCapacity { cache.removeAll(keepingCapacity: true) }
            cache[document] = summary
        }
        return summary
    }

    /// How many documents are remembered; past it, the cache starts again (documents come from a fixed set of
    /// queries, so it refills with the ones in use).
    static let cacheCapacity = 512
    /// The longest document remembered, so that the cache holds at most 8 MB of documents.
    static let maxRememberedBytes = 16_384
    private static let cache = Locked<[String: Result<Self, GraphQLFailure>]>([:])

    private static func read(_ document: String) -> Result<Self, GraphQLFailure> {
        let length = document.utf8.count
        guard length <= GraphQLLimits.maxDocumentBytes else {
            return .failure(
                .tooLarge(
                    "the document is \(length) bytes; StandIn reads documents of up to "
                        + "\(GraphQLLimits.maxDocumentBytes) bytes"
                )
            )
        }
        if let deepest = nestingDepthBeyondLimit(of: document) {
            return .failure(
                GraphQLFailure(
                    status: 413,
                    code: "STANDIN_LIMIT",
                    "the document nests deeper than \(GraphQLLimits.maxNestingDepth) levels",
                    location: deepest
                )
            )
        }
        do {
            let parsed = try parse(source: document, noLocation: true)
            let names = parsed.definitions.compactMap { ($0 as? OperationDefinition).map { $0.name?.value } }
            return .success(Self(operationNames: names))
        } catch let error as GraphQLError {
            let location = error.locations.first.map { GraphQLLocation(line: $0.line, column: $0.column) }
            let firstLine = error.message.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? error.message
            return .failure(GraphQLFailure(status: 400, code: "GRAPHQL_PARSE_FAILED", firstLine, location: location))
        } catch {
            return .failure(GraphQLFailure(status: 400, code: "GRAPHQL_PARSE_FAILED", "\(error)"))
        }
    }

    /// Where the document first nests past `GraphQLLimits.maxNestingDepth`, if it does: brackets in strings, block
    /// strings and comments do not count.
    private static func nestingDepthBeyondLimit(of document: String) -> GraphQLLocation? {
        var depth = 0
        var line = 1
        var lineStart = 0
        let bytes = Array(document.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\n"):
                line += 1
                lineStart = index + 1
            case UInt8(ascii: "#"):
                while index + 1 < bytes.count, bytes[index + 1] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "\""):
                index = endOfString(in: bytes, from: index, line: &line, lineStart: &lineStart)
            case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "["):
                depth += 1
                if depth > GraphQLLimits.maxNestingDepth {
                    return GraphQLLocation(line: line, column: index - lineStart + 1)
                }
            case UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"):
                depth -= 1
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// The index of the last byte of the string (or block string) that opens at `start`; the end of the document
    /// for one never closed, which the parser then reports.
    private static func endOfString(in bytes: [UInt8], from start: Int, line: inout Int, lineStart: inout Int) -> Int {
        let quote = UInt8(ascii: "\"")
        let isBlock = start + 2 < bytes.count && bytes[start + 1] == quote && bytes[start + 2] == quote
        var index = start + (isBlock ? 3 : 1)
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            }
            if byte == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if byte == quote {
                guard isBlock else { return index }
                if index + 2 < bytes.count, bytes[index + 1] == quote, bytes[index + 2] == quote { return index + 2 }
            }
            index += 1
        }
        return bytes.count
    }
}
