import Foundation

/// Builds a `Fixture` from a parsed fixture file, checking every part and naming the line of the first problem.
struct FixtureDecoder {
    let id: String
    /// The fixture file, for resolving `file` bodies next to it.
    let fileURL: URL
    /// The mocks directory (symlinks resolved); `file` bodies must stay inside it.
    let rootURL: URL
    let config: ProjectConfig

    func decode(_ node: JSONNode) throws(FixtureError) -> Fixture {
        let root = try ObjectReader(node, context: "fixture", isDocument: true)
        try root.requireKnownKeys(["request", "response", "priority", "description"])
        _ = try root.string("description")
        guard let requestObject = try root.object("request") else {
            throw FixtureError("a fixture needs a \"request\" object", line: node.line)
        }
        let request = try RequestPatternDecoder().decode(requestObject)
        guard let responseObject = try root.object("response") else {
            throw FixtureError("a fixture needs a \"response\" object", line: node.line)
        }
        let response = try decodeResponse(responseObject, pathParameters: request.pathParameters)
        return Fixture(id: id, request: request, response: response, priority: try root.int("priority") ?? 0)
    }

    private func decodeResponse(
        _ object: ObjectReader,
        pathParameters: Set<String>?
    ) throws(FixtureError)
        -> CompiledResponse
    {
        try object.requireKnownKeys(["status", "headers", "envelope", "json", "text", "base64", "file"])
        let status = try object.int("status", in: 100...599) ?? 200
        var headers: [(name: String, value: String, line: Int)] = []
        if let headerObject = try object.object("headers") {
            for member in headerObject.members {
                guard let (value, line) = try headerObject.string(member.key) else { continue }
                try HeaderSyntax.validate(name: member.key, value: value, line: line)
                headers.append((member.key, value, line))
            }
        }
        let body = try decodeBody(object)
        return try CompiledResponse(
            status: status,
            headers: headers,
            body: body,
            config: config,
            pathParameters: pathParameters
        )
    }

    private func decodeBody(_ object: ObjectReader) throws(FixtureError) -> ResponseBody {
        let forms = object.members.filter { ["envelope", "json", "text", "base64", "file"].contains($0.key) }
        if forms.count > 1 {
            let names = forms.map(\.key.quoted).joined(separator: " and ")
            throw FixtureError("a response has one body form, not \(names)", line: forms[1].keyLine)
        }
        guard let form = forms.first else { return .empty }
        switch form.key {
        case "envelope":
            let envelope = try ObjectReader(form.value, context: "response.envelope")
            try envelope.requireKnownKeys(["code", "message", "data"])
            if let message = envelope.member("message"), message.value.stringValue == nil {
                throw FixtureError("response.envelope.message must be a string", line: message.keyLine)
            }
            return .envelope(
                code: try envelope.int("code"),
                message: envelope.member("message")?.value,
                data: envelope.member("data")?.value
            )
        case "json":
            return .json(form.value)
        case "text":
            return .text(try object.string("text")!.value, line: form.keyLine)
        case "base64":
            let text = try object.string("base64")!.value
            guard let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else {
                throw FixtureError("response.base64 is not valid base64", line: form.keyLine)
            }
            return .bytes(Array(data), contentType: "application/octet-stream")
        default:
            return try fileBody(try object.string("file")!.value, line: form.keyLine)
        }
    }

    private func fileBody(_ path: String, line: Int) throws(FixtureError) -> ResponseBody {
        let url = URL(fileURLWithPath: path, relativeTo: fileURL.deletingLastPathComponent())
            .standardizedFileURL.resolvingSymlinksInPath()
        let rootPath = rootURL.path.hasSuffix("/") ? rootURL.path : rootURL.path + "/"
        guard url.path.hasPrefix(rootPath) else {
            throw FixtureError("file body \(path.quoted) is outside the mocks directory", line: line)
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw FixtureError("file body \(path.quoted) cannot be read (\(url.path))", line: line)
        }
        return .bytes(Array(data), contentType: MediaType.forFileExtension(url.pathExtension))
    }
}

extension RequestPattern {
    /// The names `{{path.NAME}}` may use: a template's captures, none for a literal, nil (unknown) for a regex.
    var pathParameters: Set<String>? {
        switch path {
        case .literal: []
        case .template(let template): Set(template.captureNames)
        case .regex: nil
        }
    }
}
