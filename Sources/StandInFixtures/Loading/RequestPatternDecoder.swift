/// Builds a `RequestPattern` from a fixture's `request` object.
struct RequestPatternDecoder {
    /// The methods of RFC 9110 and RFC 5789: a method near one of them is taken for a typo.
    static let standardMethods = ["GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH"]
    /// Methods in real use that are near a standard one yet meant (`TRACK` is not `TRACE`).
    static let methodsNearStandardOnes: Set<String> = ["TRACK"]

    let problems: ProblemList

    /// The pattern, or nil when the object has problems (each added to `problems`).
    func decode(_ object: ObjectReader) -> RequestPattern? {
        object.checkKnownKeys(
            ["method", "path", "pathRegex", "query", "headers", "body", "graphql", "readRate", "host"],
            into: problems
        )
        let graphql = problems.attempt { try object.object("graphql").map(decodeGraphQL) }
        let method = problems.attempt { try decodeMethod(object, answersGraphQL: object.member("graphql") != nil) }
        let path = problems.attempt { try decodePath(object) }
        let query = problems.attempt { try decodeFields(object.object("query"), lowercasingNames: false) }
        let headers = problems.attempt { try decodeFields(object.object("headers"), lowercasingNames: true) }
        let body = problems.attempt { try object.object("body").map(decodeBody) }
        let readRate = problems.attempt { try decodeReadRate(object) }
        let host = problems.attempt { try decodeHost(object) }
        guard let method, let path, let query, let headers, let body, let graphql, let readRate, let host else {
            return nil
        }
        var pattern = RequestPattern(
            method: method,
            path: path,
            query: query,
            headers: headers,
            body: body,
            graphql: graphql,
            host: host
        )
        pattern.readRate = readRate
        return pattern
    }

    /// `host`: a host name or `*.` and one.
    private func decodeHost(_ object: ObjectReader) throws(FixtureError) -> HostPattern? {
        guard let (text, line) = try object.string("host") else { return nil }
        if let problem = HostPattern.problem(text) {
            throw FixtureError("request.host \(text.quoted) is not a host name: \(problem)", line: line)
        }
        return HostPattern(checked: text)
    }

    /// `readRate`: `"512KB/s"` or a number of bytes per second.
    private func decodeReadRate(_ object: ObjectReader) throws(FixtureError) -> Int? {
        guard let member = object.member("readRate") else { return nil }
        let text: String
        if let bytes = member.value.intValue {
            text = String(bytes)
        } else if let string = member.value.stringValue {
            text = string
        } else {
            throw FixtureError(
                "request.readRate must be a rate like \"512KB/s\", not \(member.value.typeName)",
                line: member.keyLine
            )
        }
        do {
            return try ByteRate.parse(text)
        } catch {
            throw FixtureError("request.readRate: \(error.reason)", line: member.keyLine)
        }
    }

    /// The method; without one, `GET`, or `POST` and `GET` for a GraphQL fixture.
    private func decodeMethod(_ object: ObjectReader, answersGraphQL: Bool) throws(FixtureError) -> MethodPattern {
        guard let (method, line) = try object.string("method") else { return answersGraphQL ? .graphQL : .exact("GET") }
        let upper = method.uppercased()
        if upper == "ANY" { return .any }
        guard !upper.isEmpty, upper.utf8.allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else {
            throw FixtureError("\(method.quoted) is not an HTTP method; use GET, POST, … or ANY", line: line)
        }
        if !Self.standardMethods.contains(upper), !Self.methodsNearStandardOnes.contains(upper),
            let meant = Spelling.nearest(to: upper, among: Self.standardMethods)
        {
            throw FixtureError("unknown method \(method.quoted); did you mean \(meant.quoted)?", line: line)
        }
        return .exact(upper)
    }

    private func decodePath(_ object: ObjectReader) throws(FixtureError) -> PathPattern {
        switch (try object.string("path"), try object.string("pathRegex")) {
        case (nil, nil):
            throw FixtureError("request needs a \"path\" (or a \"pathRegex\")", line: object.node.line)
        case (.some, .some(let regex)):
            throw FixtureError("request has both \"path\" and \"pathRegex\"; keep one", line: regex.line)
        case (nil, .some(let (source, line))):
            do {
                return .regex(try TextPattern(source))
            } catch {
                throw FixtureError(error.reason, line: line)
            }
        case (.some(let (path, line)), nil):
            guard path.hasPrefix("/") else { throw FixtureError("path \(path.quoted) must start with /", line: line) }
            guard !path.utf8.contains(UInt8(ascii: "?")) else {
                throw FixtureError("path \(path.quoted) has a query; match it with \"query\" instead", line: line)
            }
            do {
                return try PathTemplate(path).map(PathPattern.template) ?? .literal(path)
            } catch {
                throw FixtureError(error.reason, line: line)
            }
        }
    }

    private func decodeFields(_ object: ObjectReader?, lowercasingNames: Bool) throws(FixtureError) -> [FieldMatcher] {
        guard let object else { return [] }
        var fields: [FieldMatcher] = []
        for member in object.members {
            let name = lowercasingNames ? member.key.lowercased() : member.key
            fields.append(FieldMatcher(name: name, matcher: try Self.valueMatcher(member, in: object.context)))
        }
        return fields
    }

    /// A string matcher: a plain string (equals) or an object with one of `kinds`.
    static func valueMatcher(
        _ member: JSONNode.Member,
        in context: String,
        kinds: [String] = ["equals", "prefix", "contains", "regex", "present"]
    ) throws(FixtureError) -> ValueMatcher {
        if let string = member.value.stringValue { return .equals(string) }
        let object = try ObjectReader(member.value, context: "\(context).\(member.key)")
        let (kind, node) = try onlyKey(of: object, among: kinds)
        if kind == "present" {
            guard let present = try object.bool("present") else { preconditionFailure("checked above") }
            return .present(present)
        }
        guard let text = node.stringValue else {
            throw FixtureError("\(object.context).\(kind) must be a string, not \(node.typeName)", line: node.line)
        }
        switch kind {
        case "equals": return .equals(text)
        case "prefix": return .prefix(text)
        case "contains": return .contains(text)
        default: return .regex(try Self.pattern(text, line: node.line))
        }
    }

    private func decodeBody(_ object: ObjectReader) throws(FixtureError) -> BodyMatcher {
        let (kind, node) = try Self.onlyKey(
            of: object,
            among: ["json", "equalsJSON", "equals", "contains", "regex", "sha256"]
        )
        switch kind {
        case "json": return .json(node)
        case "equalsJSON": return .equalsJSON(node)
        default:
            guard let text = node.stringValue else {
                throw FixtureError("request.body.\(kind) must be a string, not \(node.typeName)", line: node.line)
            }
            switch kind {
            case "equals": return .equals(text)
            case "contains": return .contains(text)
            case "sha256":
                let digest = text.lowercased()
                guard digest.utf8.count == 64, digest.allSatisfy(\.isHexDigit) else {
                    throw FixtureError("request.body.sha256 must be 64 hex digits", line: node.line)
                }
                return .sha256(digest)
            default: return .regex(try Self.pattern(text, line: node.line))
            }
        }
    }

    /// `request.graphql`: `operationName` (a string or string matcher), `variables` (a subset), `query` (a string
    /// matcher on the collapsed document), `persistedQueryHash`.
    private func decodeGraphQL(_ object: ObjectReader) throws(FixtureError) -> GraphQLMatcher {
        try object.requireKnownKeys(["operationName", "variables", "query", "persistedQueryHash"])
        let operationName = try object.member("operationName").map { member throws(FixtureError) in
            try Self.valueMatcher(member, in: object.context)
        }
        var variables: JSONNode?
        if let member = object.member("variables") {
            guard case .object = member.value.value else {
                throw FixtureError(
                    "\(object.name(of: "variables")) must be an object, not \(member.value.typeName)",
                    line: member.keyLine
                )
            }
            variables = member.value
        }
        var query = try object.member("query").map { member throws(FixtureError) in
            try Self.valueMatcher(member, in: object.context)
        }
        if case .equals(let document) = query { query = .equals(GraphQLRequestOperation.collapse(document)) }
        var hash: String?
        if let (text, line) = try object.string("persistedQueryHash") {
            let digest = text.lowercased()
            guard digest.utf8.count == 64, digest.allSatisfy(\.isHexDigit) else {
                throw FixtureError("\(object.name(of: "persistedQueryHash")) must be 64 hex digits", line: line)
            }
            hash = digest
        }
        return GraphQLMatcher(
            operationName: operationName,
            variables: variables,
            query: query,
            persistedQueryHash: hash
        )
    }

    /// The one matcher key an object holds, or an error naming what is allowed.
    static func onlyKey(of object: ObjectReader, among kinds: [String]) throws(FixtureError) -> (String, JSONNode) {
        let list = kinds.map(\.quoted).joined(separator: ", ")
        guard object.members.count == 1, let member = object.members.first else {
            throw FixtureError("\(object.context) needs exactly one matcher: \(list)", line: object.node.line)
        }
        guard kinds.contains(member.key) else {
            throw FixtureError(
                "unknown matcher \(member.key.quoted) in \(object.context); use \(list)",
                line: member.keyLine
            )
        }
        return (member.key, member.value)
    }

    private static func pattern(_ source: String, line: Int) throws(FixtureError) -> TextPattern {
        do {
            return try TextPattern(source)
        } catch {
            throw FixtureError(error.reason, line: line)
        }
    }
}
