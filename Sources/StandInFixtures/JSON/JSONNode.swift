/// A parsed JSON value with the line it started on; objects keep their members in source order.
///
/// Equality is semantic (see `==`): line numbers, member order and the spelling of numbers do not matter.
public struct JSONNode: Sendable {
    /// The kind of a JSON value and its content.
    public enum Value: Sendable {
        /// `null`.
        case null
        /// `true` or `false`.
        case bool(Bool)
        /// A number literal exactly as written, such as `1`, `-0.5` or `2E+10`.
        case number(String)
        /// A string, with its escapes decoded.
        case string(String)
        /// An array's elements in order.
        case array([JSONNode])
        /// An object's members in source order, duplicate keys included.
        case object([Member])
    }

    /// One `"key": value` pair of an object.
    public struct Member: Sendable {
        /// The member's key, with its escapes decoded.
        public let key: String
        /// The 1-based line the key starts on, or 0 when the member was not parsed from a file.
        public let keyLine: Int
        /// The member's value.
        public let value: JSONNode

        /// Creates a member; `keyLine` is 0 for members built in code.
        public init(key: String, keyLine: Int = 0, value: JSONNode) {
            self.key = key
            self.keyLine = keyLine
            self.value = value
        }
    }

    /// The value and, for arrays and objects, its children.
    public let value: Value
    /// The 1-based line the value starts on, or 0 when the node was not parsed from a file.
    public let line: Int

    /// Creates a node; `line` is 0 for nodes built in code.
    public init(_ value: Value, line: Int = 0) {
        self.value = value
        self.line = line
    }

    /// The value of the first member named `key`, or `nil` if this is not an object or has no such member.
    public subscript(key: String) -> JSONNode? {
        member(key)?.value
    }

    /// The first member named `key`, or `nil` if this is not an object or has no such member.
    public func member(_ key: String) -> Member? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }
    }

    /// The content of a string, or `nil` for other values.
    public var stringValue: String? {
        guard case .string(let string) = value else { return nil }
        return string
    }

    /// The value of a boolean, or `nil` for other values.
    public var boolValue: Bool? {
        guard case .bool(let bool) = value else { return nil }
        return bool
    }

    /// The value of a number that is an exact integer within `Int`'s range (`3`, `3.0`, `3e2`), or `nil`.
    public var intValue: Int? {
        guard case .number(let literal) = value else { return nil }
        return Int(literal) ?? JSONDecimal(literal: literal)?.exactInt
    }

    /// The nearest `Double` to a number, or `nil` for other values.
    public var doubleValue: Double? {
        guard case .number(let literal) = value else { return nil }
        return Double(literal)
    }

    /// The JSON name of the value's type, for error messages: "null", "boolean", "number", "string", "array" or
    /// "object".
    public var typeName: String {
        switch value {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
