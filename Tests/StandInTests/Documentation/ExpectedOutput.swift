import Foundation
import NetworkCore

/// The output a console example shows, compared with what its command printed.
///
/// A printed response head (`curl -i`) is compared line by line: the status line, and each header line shown must
/// be among the headers printed (others may be there too). The rest is the body: JSON when it reads as JSON (see
/// ``JSONPattern``), else text in which `…` stands for anything. A command that exits with a status other than 0
/// must show curl's error (`curl: (56) …`) as its last line.
struct ExpectedOutput: Sendable {
    let lines: [String]

    /// What differs, one sentence each; empty when the output is as shown.
    func mismatches(output: String, status: Int32) -> [String] {
        let printed = output.replacingOccurrences(of: "\r\n", with: "\n")
        var expected = lines[...]
        var body = Substring(printed)
        var problems: [String] = []
        if printed.hasPrefix("HTTP/") {
            let end = printed.range(of: "\n\n")
            let head = printed[..<(end?.lowerBound ?? printed.endIndex)].split(separator: "\n")
            body = end.map { printed[$0.upperBound...] } ?? ""
            while let line = expected.first, line.hasPrefix("HTTP/") || Self.isHeader(line) {
                expected.removeFirst()
                if line.hasPrefix("HTTP/") {
                    if !Wildcard(line).matches(head.first ?? "") {
                        problems.append("the status line is \"\(head.first ?? "")\", not \"\(line)\"")
                    }
                } else if !head.dropFirst().contains(where: { Self.header($0, matches: line) }) {
                    problems.append("no header \"\(line)\" among \(head.dropFirst().joined(separator: " | "))")
                }
            }
        }
        let shownBody = expected.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        let printedBody = body.trimmingCharacters(in: .whitespacesAndNewlines)
        if shownBody.first == "{" || shownBody.first == "[", let pattern = JSONPattern(shownBody) {
            if let value = try? JSONDecoder().decode(JSONValue.self, from: Data(printedBody.utf8)) {
                problems += pattern.mismatches(value)
            } else {
                problems.append("the body is not JSON: \(printedBody.prefix(300))")
            }
        } else if !Wildcard(shownBody).matches(printedBody) {
            problems.append("printed \"\(printedBody.prefix(600))\", not \"\(shownBody)\"")
        }
        // curl prints its own error last, after what it received (the events of a stream it gave up on).
        let lastShownLine = shownBody.split(separator: "\n").last ?? ""
        if status != 0, !lastShownLine.hasPrefix("curl: (") {
            problems.append("the command exited with status \(status)")
        }
        return problems
    }

    private static func isHeader(_ line: String) -> Bool {
        line.wholeMatch(of: /[A-Za-z][A-Za-z0-9-]*: .*/) != nil
    }

    private static func header(_ printed: Substring, matches shown: String) -> Bool {
        let printedParts = printed.split(separator: ":", maxSplits: 1)
        let shownParts = shown.split(separator: ":", maxSplits: 1)
        guard printedParts.count == 2, shownParts.count == 2 else { return false }
        return printedParts[0].lowercased() == shownParts[0].lowercased()
            && Wildcard(shownParts[1].trimmingCharacters(in: .whitespaces))
                .matches(printedParts[1].trimmingCharacters(in: .whitespaces))
    }
}
