/// Reads one JSON document from a byte buffer that outlives it, noting the line each value and key starts on.
///
/// Nesting is tracked on an explicit stack rather than by recursion, so hostile input cannot overflow the call stack.
struct JSONScanner {
    /// How deep arrays and objects may nest.
    static let maximumDepth = 512

    /// An array or object whose closing bracket has not been read yet.
    private struct OpenContainer {
        let isObject: Bool
        let line: Int
        /// Where this container's children start in the shared `elements` or `members` buffer.
        let firstChild: Int
        var key = ""
        var keyLine = 0
    }

    let bytes: UnsafeBufferPointer<UInt8>
    /// The position of the next byte to read.
    var index: Int
    /// The line `index` is on.
    private var line = 1
    /// Where the document starts: after the byte order mark, if there is one.
    let contentStart: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        contentStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        index = contentStart
    }

    /// Reads the whole buffer as one JSON value surrounded by optional whitespace.
    mutating func parseDocument() throws(JSONSyntaxError) -> JSONNode {
        let node = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw error("trailing characters after the JSON value") }
        return node
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
        var open: [OpenContainer] = []
        // The children of all open containers, innermost last; a container takes its own when it closes.
        var elements: [JSONNode] = []
        var members: [JSONNode.Member] = []
        nextValue: while true {
            skipWhitespace()
            let valueLine = line
            var node: JSONNode
            switch try peek() {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                let isObject = bytes[index] == UInt8(ascii: "{")
                guard open.count < Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth)") }
                index += 1
                skipWhitespace()
                if try peek() == UInt8(ascii: isObject ? "}" : "]") {
                    index += 1
                    node = JSONNode(isObject ? .object([]) : .array([]), line: valueLine)
                } else {
                    let firstChild = isObject ? members.count : elements.count
                    open.append(OpenContainer(isObject: isObject, line: valueLine, firstChild: firstChild))
                    if isObject { try readKey(into: &open[open.count - 1]) }
                    continue nextValue
                }
            default:
                node = try parseScalar(line: valueLine)
            }
            // Hand the finished value to its container; each closing bracket finishes one more.
            while let container = open.last {
                if container.isObject {
                    members.append(JSONNode.Member(key: container.key, keyLine: container.keyLine, value: node))
                } else {
                    elements.append(node)
                }
                skipWhitespace()
                let close = UInt8(ascii: container.isObject ? "}" : "]")
                switch try peek() {
                case UInt8(ascii: ","):
                    let comma = index
                    index += 1
                    skipWhitespace()
                    if index < bytes.count, bytes[index] == close {
                        throw error("trailing comma before '\(Unicode.Scalar(close))'", at: comma)
                    }
                    if container.isObject { try readKey(into: &open[open.count - 1]) }
                    continue nextValue
                case close:
                    index += 1
                    open.removeLast()
                    if container.isObject {
                        node = JSONNode(.object(Array(members[container.firstChild...])), line: container.line)
                        members.removeSubrange(container.firstChild...)
                    } else {
                        node = JSONNode(.array(Array(elements[container.firstChild...])), line: container.line)
                        elements.removeSubrange(container.firstChild...)
                    }
                default:
                    let after = container.isObject ? "object member" : "array element"
                    throw error("expected ',' or '\(Unicode.Scalar(close))' after \(after)")
                }
            }
            return node
        }
    }

    /// Reads `"key":` and the whitespace around it into `container`.
    private mutating func readKey(into container: inout OpenContainer) throws(JSONSyntaxError) {
        skipWhitespace()
        guard try peek() == UInt8(ascii: "\"") else { throw error("expected a string key in object") }
        container.keyLine = line
        container.key = try readString()
        skipWhitespace()
        guard try peek() == UInt8(ascii: ":") else { throw error("expected ':' after object key") }
        index += 1
    }

    /// The byte at `index`, or an error at the end of input.
    private func peek() throws(JSONSyntaxError) -> UInt8 {
        guard index < bytes.count else { throw error("unexpected end of input") }
        return bytes[index]
    }

    /// Skips spaces, tabs and line breaks (`\n`, `\r\n` or a lone `\r`), counting lines.
    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                break
            case UInt8(ascii: "\n"):
                line += 1
            case UInt8(ascii: "\r"):
                if index + 1 == bytes.count || bytes[index + 1] != UInt8(ascii: "\n") { line += 1 }
            default:
                return
            }
            index += 1
        }
    }
}
