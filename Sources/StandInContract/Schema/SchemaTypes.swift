/// The JSON types a `type` keyword allows, `null` included when a 3.0 schema is `nullable`.
struct SchemaTypes: OptionSet, Sendable {
    let rawValue: UInt8

    static let null = SchemaTypes(rawValue: 1 << 0)
    static let boolean = SchemaTypes(rawValue: 1 << 1)
    static let integer = SchemaTypes(rawValue: 1 << 2)
    static let number = SchemaTypes(rawValue: 1 << 3)
    static let string = SchemaTypes(rawValue: 1 << 4)
    static let array = SchemaTypes(rawValue: 1 << 5)
    static let object = SchemaTypes(rawValue: 1 << 6)

    /// The type a JSON Schema `type` name stands for, or nil for a name JSON Schema lacks.
    init?(name: String) {
        switch name {
        case "null": self = .null
        case "boolean": self = .boolean
        case "integer": self = .integer
        case "number": self = .number
        case "string": self = .string
        case "array": self = .array
        case "object": self = .object
        default: return nil
        }
    }

    init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// The names of the types allowed, in `type`'s order of mention: `string or null`.
    var names: String {
        let all: [(SchemaTypes, String)] = [
            (.string, "string"), (.number, "number"), (.integer, "integer"), (.boolean, "boolean"), (.array, "array"),
            (.object, "object"), (.null, "null"),
        ]
        return all.filter { contains($0.0) }.map(\.1).joined(separator: " or ")
    }
}
