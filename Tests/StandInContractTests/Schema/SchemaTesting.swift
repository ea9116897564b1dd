import StandInContract
import StandInFixtures

/// Compiles schemas and parses instances for the schema tests.
enum SchemaTesting {
    /// `json` compiled in `dialect`, in a document whose `components.schemas` are `components`.
    static func compile(
        _ json: String,
        _ dialect: SchemaDialect = .openAPI30,
        components: String = "{}"
    ) throws -> JSONSchema {
        let document = try JSONParser.parse(#"{"components":{"schemas":\#(components)}}"#)
        let compiler = SchemaCompiler(references: SpecReferences(root: document), dialect: dialect)
        return try compiler.compile(try JSONParser.parse(json), at: "/schema")
    }

    /// The error compiling `json` throws, or nil.
    static func compileError(
        _ json: String,
        _ dialect: SchemaDialect = .openAPI30,
        components: String = "{}"
    ) throws -> SchemaCompileError? {
        do {
            _ = try compile(json, dialect, components: components)
            return nil
        } catch let error as SchemaCompileError {
            return error
        }
    }
}

extension JSONSchema {
    /// The violations of the instance written `json`, as `pointer: message` lines.
    func messages(_ json: String, _ direction: SchemaDirection = .response) throws -> [String] {
        violations(of: try JSONParser.parse(json), direction: direction).map(\.description)
    }

    /// Whether the instance written `json` is valid; checks that `violations` agrees.
    func accepts(_ json: String, _ direction: SchemaDirection = .response) throws -> Bool {
        let instance = try JSONParser.parse(json)
        let valid = isValid(instance, direction: direction)
        precondition(valid == violations(of: instance, direction: direction).isEmpty, "isValid and violations differ")
        let scanned = Array(json.utf8).withUnsafeBufferPointer { scannedVerdict(on: $0, direction: direction) }
        precondition(scanned == nil || scanned == valid, "the scan and isValid differ on \(json)")
        return valid
    }
}
