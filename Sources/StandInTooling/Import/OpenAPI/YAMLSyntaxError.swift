import Yams

/// Why Yams could not read a YAML document, and where: one line, as JSON's errors read, instead of Yams' own
/// description with the document's text under it.
struct YAMLSyntaxError: Error, CustomStringConvertible {
    /// The 1-based line of the problem, or 0 when Yams gives none.
    let line: Int
    /// The 1-based column of the problem on its line, or 0 when Yams gives none.
    let column: Int
    /// What is wrong, with the construct it was read in when Yams names one.
    let reason: String

    /// The position and problem of `error`, a Yams error for the document `text`.
    init(_ error: YamlError, text: String) {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            line = mark.line
            column = mark.column
            reason =
                context.map { "\(problem) (\($0.text) at line \($0.mark.line), column \($0.mark.column))" }
                ?? problem
        case .reader(let problem, let offset, _, _):
            let position = offset.map { Self.position(ofByte: $0, in: text) } ?? (0, 0)
            (line, column) = position
            reason = problem
        case .duplicatedKeysInMapping(let duplicates, let context):
            line = context.mark.line
            column = context.mark.column
            reason = "a mapping repeats the key " + duplicates.map { "\"\($0)\"" }.joined(separator: ", ")
        default:
            line = 0
            column = 0
            reason = "\(error)".split(separator: "\n").first.map(String.init) ?? "\(error)"
        }
    }

    /// The 1-based line and column (in Unicode scalars) of the byte at `offset` of `text`.
    private static func position(ofByte offset: Int, in text: String) -> (Int, Int) {
        let prefix = text.utf8.prefix(offset)
        let line = prefix.count { $0 == UInt8(ascii: "\n") } + 1
        let lineStart = prefix.lastIndex(of: UInt8(ascii: "\n")).map { prefix.index(after: $0) } ?? prefix.startIndex
        let column = String(decoding: prefix[lineStart...], as: UTF8.self).unicodeScalars.count + 1
        return (line, column)
    }

    /// "line L, column C: reason", as `JSONSyntaxError` reads.
    var description: String {
        line > 0 ? "line \(line), column \(column): \(reason)" : reason
    }
}
