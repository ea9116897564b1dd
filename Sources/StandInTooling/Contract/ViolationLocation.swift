import Foundation
import NetworkCore
import StandInContract
import StandInFixtures

/// Where a response violation sits in the fixture file: the line of the offending value and its path as people
/// write it (`data.items[0].price`), found by following the violation's JSON pointer through the body as written.
struct ViolationLocation {
    /// The line of the offending value, or of the nearest enclosing value the file writes.
    let line: Int
    /// The pointer as a dotted path (`data.items[0].price`); empty for the whole response.
    let path: String
    /// Whether the value is written as one template of the request (`"{{json body.items}}"`), which no sample
    /// value stands for, so that the spec cannot be checked there.
    let comesFromRequest: Bool

    /// The location of `violation` in the response written as `source`; `envelope` names an envelope's keys in
    /// what is served.
    init(of violation: ContractViolation, in source: ResponseSource, envelope: EnvelopeFormat) {
        let segments = Self.segments(of: violation.pointer)
        guard !segments.isEmpty else {
            line = violation.rule == "status" ? source.statusLine : source.bodyLine
            path = ""
            comesFromRequest = false
            return
        }
        var node = source.body
        var line = source.bodyLine
        var path = ""
        var remaining = segments[...]
        if source.bodyForm == "envelope", let first = remaining.first {
            remaining = remaining.dropFirst()
            path = Self.appending(first, to: path, isIndex: false)
            let names = [(envelope.codeKey, "code"), (envelope.messageKey, "message"), (envelope.dataKey, "data")]
            let written = names.first { $0.0 == first }?.1
            if let member = written.flatMap({ node?.member($0) }) {
                node = member.value
                line = member.value.line
            } else {
                node = nil
            }
        }
        var fromRequest = node.map(Self.requestTemplate) ?? false
        for segment in remaining {
            let isIndex =
                node?.elements != nil || (node == nil && !segment.isEmpty && segment.allSatisfy(\.isASCIIDigit))
            path = Self.appending(segment, to: path, isIndex: isIndex)
            guard !fromRequest, let current = node else { continue }
            if let elements = current.elements {
                node = Int(segment).flatMap { elements.indices.contains($0) ? elements[$0] : nil }
            } else {
                node = current.member(segment)?.value
            }
            if let node {
                line = node.line
                fromRequest = Self.requestTemplate(node)
            }
        }
        self.line = line
        self.path = path
        comesFromRequest = fromRequest
    }

    /// The unescaped segments of a JSON pointer.
    static func segments(of pointer: String) -> [String] {
        guard !pointer.isEmpty else { return [] }
        return pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    /// `path` followed by `segment`: `[0]` for an index, `.name` for a plain name, `["odd name"]` otherwise.
    private static func appending(_ segment: String, to path: String, isIndex: Bool) -> String {
        if isIndex { return path + "[\(segment)]" }
        let plain = !segment.isEmpty && segment.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
        if plain { return path.isEmpty ? segment : path + "." + segment }
        return path + "[" + JSONNode(.string(segment)).compactString + "]"
    }

    /// Whether `node` is a string written as exactly one template of something the request brings.
    private static func requestTemplate(_ node: JSONNode) -> Bool {
        guard let text = node.stringValue?.trimmingCharacters(in: .whitespaces), text.hasPrefix("{{"),
            text.hasSuffix("}}"), text.count > 4
        else { return false }
        let inner = text.dropFirst(2).dropLast(2)
        guard !inner.contains("{{"), let placeholder = try? Placeholder(parsing: inner) else { return false }
        return SampleValues.comesFromRequest(placeholder)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
