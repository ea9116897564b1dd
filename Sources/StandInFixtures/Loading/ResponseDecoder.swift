import Foundation

/// Decodes one response object of a fixture (`response`, a `sequence` step or a variant) into a definition,
/// checking every field and adding each problem to `problems`.
struct ResponseDecoder {
    /// The keys a response object may have.
    static let keys = [
        "status", "headers", "envelope", "json", "graphql", "text", "base64", "file", "events", "websocket", "retry",
        "afterLast", "delay", "fault", "afterEvents", "network",
    ]
    private static let bodyForms = ["envelope", "json", "graphql", "text", "base64", "file", "events", "websocket"]
    /// The keys that go with `events` only.
    private static let streamKeys = ["retry", "afterLast"]

    /// The fixture file's path relative to `rootURL`, for resolving `file` bodies next to it. A path, not a URL:
    /// few fixtures have a `file` body, and building a URL for each of thousands of files is a cost of its own.
    let file: String
    /// The mocks directory (symlinks resolved); `file` bodies must stay inside it.
    let rootURL: URL
    /// The network profiles a `network` may name.
    let networks: NetworkCatalog
    let problems: ProblemList

    /// The definition, or nil when the object has problems.
    func decode(_ object: ObjectReader) -> ResponseDefinition? {
        let known = problems.errors.count
        object.checkKnownKeys(Self.keys, into: problems)
        var definition = ResponseDefinition()
        definition.status = problems.attempt { try object.int("status", in: 100...599) } ?? nil
        if let headerObject = problems.attempt({ try object.object("headers") }) ?? nil {
            var headers: [(name: String, value: String?, line: Int)] = []
            for member in headerObject.members {
                problems.attempt {
                    guard let (value, line) = try headerObject.stringOrNull(member.key) else { return }
                    try HeaderSyntax.validate(name: member.key, value: value ?? "", line: line)
                    headers.append((member.key, value, line))
                }
            }
            definition.headers = headers
        }
        problems.attempt { try decodeBody(object, into: &definition) }
        if definition.body != nil || definition.events != nil || definition.websocket != nil,
            let form = object.members.first(where: { Self.bodyForms.contains($0.key) })
        {
            definition.bodyKey = (form.key, form.keyLine)
        }
        decodeSimulation(object, into: &definition)
        return problems.errors.count == known ? definition : nil
    }

    /// The `delay`, `fault` and `network` an object sets (a response's, or a resource's), into `definition`; each
    /// problem added to `problems`.
    func decodeSimulation(_ object: ObjectReader, into definition: inout ResponseDefinition) {
        definition.delay = object.member("delay").flatMap { member in
            problems.attempt(locatedAt: member.keyLine) { try DelaySpec(json: member.value) }
        }
        definition.fault = object.member("fault").flatMap { member in
            problems.attempt(locatedAt: member.keyLine) { try Fault(json: member.value) }
        }
        if let member = object.member("afterEvents") {
            problems.attempt(locatedAt: member.keyLine) {
                guard case .cutStream = definition.fault, let count = try object.int("afterEvents", in: 0...1_000_000)
                else {
                    throw FixtureError("\(object.name(of: "afterEvents")) goes with \"fault\": \"cut-stream\"")
                }
                definition.fault = .cutStream(afterEvents: count)
            }
        }
        if let member = object.member("fault") { definition.faultLine = member.keyLine }
        definition.network =
            problems.attempt { () throws(FixtureError) -> NetworkProfile? in
                guard let (name, line) = try object.string("network") else { return nil }
                do throws(FixtureError) {
                    return try networks.profile(named: name)
                } catch {
                    throw FixtureError("\(object.name(of: "network")): \(error.reason)", line: line)
                }
            } ?? nil
    }

    /// The body form the object sets, if any, into `definition`: a body, or the events of a stream.
    private func decodeBody(_ object: ObjectReader, into definition: inout ResponseDefinition) throws(FixtureError) {
        let forms = object.members.filter { Self.bodyForms.contains($0.key) }
        if forms.count > 1 {
            let names = forms.map(\.key.quoted).joined(separator: " and ")
            throw FixtureError("a response has one body form, not \(names)", line: forms[1].keyLine)
        }
        if forms.first?.key != "events", let stray = object.members.first(where: { Self.streamKeys.contains($0.key) }) {
            throw FixtureError("\(object.name(of: stray.key)) goes with \"events\"", line: stray.keyLine)
        }
        guard let form = forms.first else { return }
        if form.key == "events" {
            definition.events = try EventStreamDefinition(object, events: form)
        } else if form.key == "websocket" {
            definition.websocket = try WebSocketDefinition(form.value, context: object.name(of: "websocket"))
            try Self.checkUpgradeStatus(object, status: definition.status)
        } else {
            definition.body = try body(form, of: object)
        }
    }

    /// The body of a body form other than `events`.
    private func body(_ form: JSONNode.Member, of object: ObjectReader) throws(FixtureError) -> ResponseBody {
        switch form.key {
        case "envelope":
            let envelope = try ObjectReader(form.value, context: object.name(of: "envelope"))
            try envelope.requireKnownKeys(["code", "message", "data"])
            if let message = envelope.member("message"), message.value.stringValue == nil {
                throw FixtureError("\(envelope.name(of: "message")) must be a string", line: message.keyLine)
            }
            return .envelope(
                code: try envelope.int("code"),
                message: envelope.member("message")?.value,
                data: envelope.member("data")?.value
            )
        case "json":
            return .json(form.value)
        case "graphql":
            return .json(try graphQLBody(form.value, name: object.name(of: "graphql")))
        case "text":
            return .text(try object.string("text")!.value, line: form.keyLine)
        case "base64":
            return .bytes(try object.base64("base64")!, contentType: "application/octet-stream")
        default:
            return try fileBody(try object.string("file")!.value, line: form.keyLine)
        }
    }

    /// A `graphql` body: an object of `data`, `errors` (an array of objects with a `message`) and `extensions`,
    /// served as JSON.
    private func graphQLBody(_ node: JSONNode, name: String) throws(FixtureError) -> JSONNode {
        let body = try ObjectReader(node, context: name)
        try body.requireKnownKeys(["data", "errors", "extensions"])
        guard body.member("data") != nil || body.member("errors") != nil else {
            throw FixtureError("\(name) needs \"data\", \"errors\" or both", line: node.line)
        }
        if let errors = body.member("errors") {
            guard let entries = errors.value.elements, !entries.isEmpty else {
                throw FixtureError("\(body.name(of: "errors")) must be a non-empty array", line: errors.keyLine)
            }
            for entry in entries where entry["message"]?.stringValue == nil {
                throw FixtureError(
                    "each of \(body.name(of: "errors")) needs a \"message\" string",
                    line: entry.line
                )
            }
        }
        return node
    }

    private func fileBody(_ path: String, line: Int) throws(FixtureError) -> ResponseBody {
        let folder = rootURL.appendingPathComponent(file, isDirectory: false).deletingLastPathComponent()
        let url = URL(fileURLWithPath: path, relativeTo: folder)
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
