extension Redactor {
    /// The secrets a GraphQL request carries that its JSON does not name: the literals its documents give arguments
    /// and input fields named like secrets (`login(password: "s3cret")`), and the values of the variables it passes
    /// to them under other names (`login(password: $p)`). Variables named like secrets are found as any JSON body's
    /// (or, for a GET, query parameter's) secret members are.
    func secretValues(inGraphQL exchange: RecordedExchange) -> [String] {
        guard let operations = RecordedGraphQLOperation.operations(in: exchange, answered: false) else { return [] }
        return operations.flatMap { recorded in
            let found = secretArguments(in: recorded.operation.document ?? "")
            let variables = found.variables.compactMap { name -> String? in
                guard let value = recorded.operation.variables?[name] else { return nil }
                switch value.value {
                case .string(let string): return string
                case .number(let literal): return literal
                default: return nil
                }
            }
            return found.literals + variables
        }
    }

    /// What `document` gives arguments and input fields named like secrets: string and number literals, and the
    /// names of variables (without `$`). A light scan of GraphQL's tokens: comments and block strings are skipped,
    /// and a value counts only right after a secret name and a colon.
    package func secretArguments(in document: String) -> (literals: [String], variables: [String]) {
        let bytes = Array(document.utf8)
        var literals: [String] = []
        var variables: [String] = []
        var name: String?
        var afterColon = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let isSecretValue = afterColon && name.map { isSecret(name: $0) } == true
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: ","):
                index += 1
                continue
            case UInt8(ascii: "#"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            case UInt8(ascii: ":") where name != nil && !afterColon:
                afterColon = true
                index += 1
                continue
            case UInt8(ascii: "\""):
                let end = Self.endOfString(bytes, from: index)
                if isSecretValue {
                    let isBlock = index + 2 < bytes.count && bytes[index + 1] == byte && bytes[index + 2] == byte
                    let start = index + (isBlock ? 3 : 1)
                    literals.append(String(decoding: bytes[start..<max(start, end - (isBlock ? 3 : 1))], as: UTF8.self))
                }
                index = end
            case UInt8(ascii: "$"):
                var end = index + 1
                while end < bytes.count, Self.isNameByte(bytes[end]) { end += 1 }
                if isSecretValue { variables.append(String(decoding: bytes[(index + 1)..<end], as: UTF8.self)) }
                index = end
            case _ where Self.isNameByte(byte) || byte == UInt8(ascii: "-"):
                var end = index + 1
                while end < bytes.count, Self.isNameByte(bytes[end]) || bytes[end] == UInt8(ascii: ".") { end += 1 }
                let token = String(decoding: bytes[index..<end], as: UTF8.self)
                index = end
                guard Self.isNameStart(byte) else {
                    if isSecretValue { literals.append(token) }
                    break
                }
                name = token
                afterColon = false
                continue
            default:
                index += 1
            }
            name = nil
            afterColon = false
        }
        return (literals, variables)
    }

    /// The index just past the string (`"…"`, or block string `"""…"""`) that opens at `start`; the end of the
    /// document for one never closed.
    private static func endOfString(_ bytes: [UInt8], from start: Int) -> Int {
        let quote = UInt8(ascii: "\"")
        let isBlock = start + 2 < bytes.count && bytes[start + 1] == quote && bytes[start + 2] == quote
        var index = start + (isBlock ? 3 : 1)
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if bytes[index] == quote {
                guard isBlock else { return index + 1 }
                if index + 2 < bytes.count, bytes[index + 1] == quote, bytes[index + 2] == quote { return index + 3 }
            }
            index += 1
        }
        return bytes.count
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || byte == UInt8(ascii: "_")
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
