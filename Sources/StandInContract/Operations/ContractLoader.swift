import StandInFixtures

/// Reads a document's operations once: follows `$ref`s through an index, compiles every schema with one compiler,
/// and keeps what shared references resolve to, so each component is read and compiled once however many operations
/// name it.
final class ContractLoader {
    /// The methods a path item may hold operations for, in the order they are read.
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// Header parameters OpenAPI says to ignore: the request's content type and what it accepts are described
    /// elsewhere, and authorization by security schemes.
    static let ignoredHeaders: Set = ["accept", "content-type", "authorization"]

    private let index: ReferenceIndex
    private let compiler: SchemaCompiler
    private let basePath: String
    /// Parameters, request bodies and responses read from a `$ref`, by the pointer they were read at.
    private var parameters: [String: ContractParameter] = [:]
    private var bodies: [String: ContractRequestBody] = [:]
    private var contents: [String: [ContractMediaType]] = [:]

    init(root: JSONNode, dialect: SchemaDialect) {
        let references = SpecReferences(root: root)
        index = ReferenceIndex(references)
        compiler = SchemaCompiler(references: references, dialect: dialect)
        basePath = SpecServers.basePath(of: root)
    }

    /// Every operation of `paths`, in the order written.
    func operations(of paths: JSONNode) throws(ContractLoadError) -> [ContractOperation] {
        var operations: [ContractOperation] = []
        for path in paths.members where !path.key.hasPrefix("x-") {
            let pointer = ContractPointer.appending(path.key, to: "/paths")
            guard path.key.hasPrefix("/") else {
                throw ContractLoadError(line: path.keyLine, message: "#\(pointer): a path must start with \"/\"")
            }
            let item = try resolved(path.value, at: pointer)
            guard case .object = item.node.value else {
                throw ContractLoadError(line: path.value.line, message: "#\(pointer): a path item must be an object")
            }
            let shared = try parameterList(item.node["parameters"], at: item.pointer + "/parameters")
            for method in Self.methods {
                guard let operation = item.node[method] else { continue }
                operations.append(
                    try self.operation(
                        method: method,
                        path: path.key,
                        operation: operation,
                        at: item.pointer + "/" + method,
                        shared: shared
                    )
                )
            }
        }
        return operations
    }

    private func operation(
        method: String,
        path: String,
        operation: JSONNode,
        at pointer: String,
        shared: [ContractParameter]
    ) throws(ContractLoadError) -> ContractOperation {
        guard case .object = operation.value else {
            throw ContractLoadError(line: operation.line, message: "#\(pointer): an operation must be an object")
        }
        var parameters = try parameterList(operation["parameters"], at: pointer + "/parameters")
        let own = Set(parameters.map { "\($0.location.rawValue) \($0.name)" })
        parameters = shared.filter { !own.contains("\($0.location.rawValue) \($0.name)") } + parameters
        var requestBody: ContractRequestBody?
        if let body = operation["requestBody"] {
            requestBody = try self.requestBody(body, at: pointer + "/requestBody")
        }
        var responses: [ContractResponse] = []
        var responseContent: [[ContractMediaType]] = []
        for response in operation["responses"]?.members ?? [] where !response.key.hasPrefix("x-") {
            let content = try self.response(
                response.value,
                at: ContractPointer.appending(response.key, to: pointer + "/responses")
            )
            responses.append(ContractResponse(status: response.key, contentTypes: content.map(\.written)))
            responseContent.append(content)
        }
        let fullPath = basePath + path
        return ContractOperation(
            method: method.uppercased(),
            path: fullPath,
            operationId: operation["operationId"]?.stringValue,
            responses: responses,
            template: PathTemplate(fullPath),
            parameters: parameters,
            requestBody: requestBody,
            responseContent: responseContent
        )
    }

    private func parameterList(_ list: JSONNode?, at pointer: String) throws(ContractLoadError) -> [ContractParameter] {
        guard let list else { return [] }
        guard let elements = list.elements else {
            throw ContractLoadError(line: list.line, message: "#\(pointer): parameters must be an array")
        }
        var parameters: [ContractParameter] = []
        var seen: Set<String> = []
        for (offset, element) in elements.enumerated() {
            let parameter = try self.parameter(element, at: "\(pointer)/\(offset)")
            if parameter.location == .header, Self.ignoredHeaders.contains(parameter.name.lowercased()) { continue }
            if seen.insert("\(parameter.location.rawValue) \(parameter.name)").inserted { parameters.append(parameter) }
        }
        return parameters
    }

    private func parameter(_ written: JSONNode, at pointer: String) throws(ContractLoadError) -> ContractParameter {
        let (node, at) = try resolved(written, at: pointer)
        if at != pointer, let known = parameters[at] { return known }
        guard let name = node["name"]?.stringValue else {
            throw ContractLoadError(line: node.line, message: "#\(at): a parameter needs a \"name\"")
        }
        let written = node["in"]?.stringValue ?? ""
        let location: ContractViolation.Location
        switch written {
        case "path": location = .path
        case "query": location = .query
        case "header": location = .header
        case "cookie": location = .cookie
        default:
            throw ContractLoadError(
                line: node.line,
                message: "#\(at): parameter \(name.quotedForMessage) has \"in\": \(written.quotedForMessage); "
                    + "expected path, query, header or cookie"
            )
        }
        let defaultStyle: ContractParameter.Style = location == .path || location == .header ? .simple : .form
        let style = node["style"]?.stringValue.flatMap(ContractParameter.Style.init(rawValue:)) ?? defaultStyle
        var schemaNode = node["schema"]
        var schemaPointer = at + "/schema"
        var isJSON = false
        if schemaNode == nil, let content = node["content"]?.members.first {
            schemaNode = content.value["schema"]
            schemaPointer = ContractPointer.appending(content.key, to: at + "/content") + "/schema"
            isJSON = MediaRange(content.key)?.isJSON ?? false
        }
        let parameter = ContractParameter(
            name: name,
            location: location,
            required: location == .path || node["required"]?.boolValue == true,
            style: style,
            explode: node["explode"]?.boolValue ?? (style == .form),
            allowEmptyValue: node["allowEmptyValue"]?.boolValue == true,
            shape: ValueShape(schema: schemaNode, index: index),
            schema: try schemaNode.map { (schema) throws(ContractLoadError) in try compile(schema, at: schemaPointer) },
            isJSON: isJSON
        )
        if at != pointer { parameters[at] = parameter }
        return parameter
    }

    private func requestBody(_ written: JSONNode, at pointer: String) throws(ContractLoadError) -> ContractRequestBody {
        let (node, at) = try resolved(written, at: pointer)
        if at != pointer, let known = bodies[at] { return known }
        let body = ContractRequestBody(
            required: node["required"]?.boolValue == true,
            content: try content(node["content"], at: at + "/content")
        )
        if at != pointer { bodies[at] = body }
        return body
    }

    private func response(_ written: JSONNode, at pointer: String) throws(ContractLoadError) -> [ContractMediaType] {
        let (node, at) = try resolved(written, at: pointer)
        if at != pointer, let known = contents[at] { return known }
        let content = try self.content(node["content"], at: at + "/content")
        if at != pointer { contents[at] = content }
        return content
    }

    private func content(_ node: JSONNode?, at pointer: String) throws(ContractLoadError) -> [ContractMediaType] {
        var entries: [ContractMediaType] = []
        for member in node?.members ?? [] {
            let entryPointer = ContractPointer.appending(member.key, to: pointer)
            let schema = member.value["schema"]
            entries.append(
                ContractMediaType(
                    written: member.key,
                    range: MediaRange(member.key),
                    schema: try schema.map { (schema) throws(ContractLoadError) in
                        try compile(schema, at: entryPointer + "/schema")
                    },
                    shape: MediaRange(member.key)?.isForm == true ? ValueShape(schema: schema, index: index) : .string
                )
            )
        }
        return entries
    }

    private func compile(_ schema: JSONNode, at pointer: String) throws(ContractLoadError) -> JSONSchema {
        do {
            return try compiler.compile(schema, at: pointer)
        } catch {
            throw ContractLoadError(line: error.line, message: "#\(error.pointer): \(error.message)")
        }
    }

    private func resolved(
        _ node: JSONNode,
        at pointer: String
    ) throws(ContractLoadError) -> (
        node: JSONNode, pointer: String
    ) {
        do {
            return try index.resolved(node, at: pointer)
        } catch {
            let line = node["$ref"].map { node.member("$ref")?.keyLine ?? $0.line } ?? node.line
            throw ContractLoadError(line: line, message: "#\(pointer): \(error)")
        }
    }
}
