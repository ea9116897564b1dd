import StandInSupport

/// A `websocket` answer as a fixture declares it: decoded and checked, compiled with the rest of the response.
struct WebSocketDefinition {
    /// An `on` entry: the messages it answers and the steps that answer them.
    struct Entry {
        var match: WebSocketMatcher
        var reply: [WebSocketStepDefinition]
    }

    /// The subprotocol the fixture speaks, if any.
    var subprotocol: String?
    /// The steps run once the connection is open.
    var onOpen: [WebSocketStepDefinition]
    /// The answers to client messages, the first that matches a message answering it.
    var on: [Entry]
    /// The steps answering a message no entry matches.
    var otherwise: [WebSocketStepDefinition]

    /// The keys of a `websocket` object.
    static let keys = ["subprotocol", "onOpen", "on", "otherwise"]

    /// Reads a `websocket` object; `context` names it in messages (`websocket`, `response.websocket`).
    init(_ node: JSONNode, context: String) throws(FixtureError) {
        let object = try ObjectReader(node, context: context)
        try object.requireKnownKeys(Self.keys)
        subprotocol = try Self.subprotocol(object)
        onOpen = try Self.steps(object, "onOpen")
        otherwise = try Self.steps(object, "otherwise")
        on = []
        guard let member = object.member("on") else { return }
        guard case .array(let elements) = member.value.value else {
            throw FixtureError(
                "\(object.name(of: "on")) must be an array of { \"match\", \"reply\" } entries, not "
                    + member.value.typeName,
                line: member.keyLine
            )
        }
        for (index, element) in elements.enumerated() {
            on.append(try Self.entry(element, context: "\(object.name(of: "on"))[\(index)]"))
        }
    }

    /// The steps of a list member; none when it is absent.
    private static func steps(_ object: ObjectReader, _ key: String) throws(FixtureError) -> [WebSocketStepDefinition] {
        guard let member = object.member(key) else { return [] }
        return try WebSocketStepDefinition.list(member, context: object.name(of: key))
    }

    /// An `on` entry: a `match` and the `reply` steps (`[]` to answer nothing).
    private static func entry(_ node: JSONNode, context: String) throws(FixtureError) -> Entry {
        let object = try ObjectReader(node, context: context)
        try object.requireKnownKeys(["match", "reply"])
        guard let match = try object.object("match") else {
            throw FixtureError("\(context) needs \"match\", the messages it answers", line: node.line)
        }
        guard object.member("reply") != nil else {
            throw FixtureError(
                "\(context) needs \"reply\", the steps that answer the message (\"reply\": [] for none)",
                line: node.line
            )
        }
        return Entry(match: try WebSocketMatcher(match), reply: try steps(object, "reply"))
    }

    /// `subprotocol`: a token (RFC 6455 section 4.1), so no spaces or commas.
    private static func subprotocol(_ object: ObjectReader) throws(FixtureError) -> String? {
        guard let (name, line) = try object.string("subprotocol") else { return nil }
        guard !name.isEmpty, name.utf8.allSatisfy(HTTPToken.isTokenByte) else {
            throw FixtureError(
                "\(object.name(of: "subprotocol")) \(name.quoted) is not a token; use letters, digits and "
                    + "!#$%&'*+-.^_`|~, with no spaces or commas",
                line: line
            )
        }
        return name
    }

    /// The script, its messages compiled with `compiler`; replies may read the client's message.
    func compile(with compiler: TemplateCompiler) throws(FixtureError) -> WebSocketScript {
        var replyCompiler = compiler
        replyCompiler.allowsMessage = true
        var replies: [WebSocketScript.Reply] = []
        for entry in on {
            replies.append(
                WebSocketScript.Reply(match: entry.match, steps: try Self.compile(entry.reply, replyCompiler))
            )
        }
        return WebSocketScript(
            subprotocol: subprotocol,
            onOpen: try Self.compile(onOpen, compiler),
            replies: replies,
            otherwise: try Self.compile(otherwise, replyCompiler)
        )
    }

    private static func compile(
        _ steps: [WebSocketStepDefinition],
        _ compiler: TemplateCompiler
    ) throws(FixtureError) -> [WebSocketScript.Action] {
        var actions: [WebSocketScript.Action] = []
        for step in steps { actions += try step.compile(with: compiler) }
        return actions
    }
}
