extension JSONWriter {
    /// Appends `node` pretty-printed for files people read and diff: 2-space indentation, members in stored order
    /// (a recorded body keeps the backend's order), numbers as their literal, `": "` between key and value, and a
    /// newline at the end of the document.
    public static func writePretty(_ node: JSONNode, into out: inout [UInt8]) {
        writePretty(node, depth: 0, into: &out)
        out.append(UInt8(ascii: "\n"))
    }

    private static func writePretty(_ node: JSONNode, depth: Int, into out: inout [UInt8]) {
        switch node.value {
        case .array(let elements) where !elements.isEmpty:
            out.append(UInt8(ascii: "["))
            for (offset, element) in elements.enumerated() {
                startLine(comma: offset > 0, depth: depth + 1, into: &out)
                writePretty(element, depth: depth + 1, into: &out)
            }
            startLine(comma: false, depth: depth, into: &out)
            out.append(UInt8(ascii: "]"))
        case .object(let members) where !members.isEmpty:
            out.append(UInt8(ascii: "{"))
            for (offset, member) in members.enumerated() {
                startLine(comma: offset > 0, depth: depth + 1, into: &out)
                appendQuoted(member.key, into: &out)
                out.append(contentsOf: ": ".utf8)
                writePretty(member.value, depth: depth + 1, into: &out)
            }
            startLine(comma: false, depth: depth, into: &out)
            out.append(UInt8(ascii: "}"))
        default:
            writeCompact(node, into: &out)
        }
    }

    /// Ends the current line, after a comma if asked, and indents the next one.
    private static func startLine(comma: Bool, depth: Int, into out: inout [UInt8]) {
        if comma { out.append(UInt8(ascii: ",")) }
        out.append(UInt8(ascii: "\n"))
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
    }
}
