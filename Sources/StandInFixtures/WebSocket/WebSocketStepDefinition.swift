import StandInSupport

/// One step of a WebSocket conversation as a fixture declares it: a `send`, `sendBase64`, `close` or `fault`, each
/// with an optional `delay` before it, or a `delay` alone.
struct WebSocketStepDefinition {
    enum Action {
        /// A text message: a JSON string as its text, any other value as compact JSON; templates inside.
        case send(JSONNode)
        /// A binary message.
        case sendBytes([UInt8])
        case close(code: Int, reason: String)
        case reset
    }

    /// How long to wait before the action.
    var delay: Duration?
    /// What the step does after its delay; nil for a `delay` alone.
    var action: Action?

    /// The keys of a step.
    static let keys = ["send", "sendBase64", "close", "reason", "delay", "fault"]
    /// The keys of which a step has at most one.
    private static let actionKeys = ["send", "sendBase64", "close", "fault"]
    /// The longest close reason: what fits in a close frame's 125-byte payload after the code.
    static let maximumReasonBytes = 123

    /// Reads a list of steps; a step after a `close` or a `fault` would never run, and is an error.
    static func list(_ member: JSONNode.Member, context: String) throws(FixtureError) -> [Self] {
        guard case .array(let elements) = member.value.value else {
            throw FixtureError(
                "\(context) must be an array of steps, not \(member.value.typeName)",
                line: member.keyLine
            )
        }
        var steps: [Self] = []
        for (index, element) in elements.enumerated() {
            if let last = steps.last, last.endsConnection {
                throw FixtureError(
                    "\(context)[\(index)] never runs: the step before it ends the connection",
                    line: element.line
                )
            }
            steps.append(try Self(element, context: "\(context)[\(index)]"))
        }
        return steps
    }

    private init(_ node: JSONNode, context: String) throws(FixtureError) {
        let object = try ObjectReader(node, context: context)
        try object.requireKnownKeys(Self.keys)
        let actions = object.members.filter { Self.actionKeys.contains($0.key) }
        if actions.count > 1 {
            throw FixtureError(
                "\(context) has \(actions[0].key.quoted) and \(actions[1].key.quoted); a step does one of them",
                line: actions[1].keyLine
            )
        }
        delay = try object.duration("delay")
        if let reason = object.member("reason"), actions.first?.key != "close" {
            throw FixtureError("\(object.name(of: "reason")) goes with \"close\"", line: reason.keyLine)
        }
        switch actions.first?.key {
        case "send": action = .send(actions[0].value)
        case "sendBase64": action = .sendBytes(try object.base64("sendBase64")!)
        case "close": action = try Self.close(object)
        case "fault": action = try Self.fault(object)
        default:
            guard delay != nil else {
                throw FixtureError(
                    "\(context) does nothing; a step has send, sendBase64, close, delay or fault",
                    line: node.line
                )
            }
        }
    }

    /// `close` with an optional `reason`: a code a close frame may carry, a reason that fits in one.
    private static func close(_ object: ObjectReader) throws(FixtureError) -> Action {
        let line = object.member("close")!.keyLine
        let code = try object.int("close")!
        guard (1000...4999).contains(code) else {
            throw FixtureError("close code \(code) is outside 1000–4999", line: line)
        }
        guard WebSocketCloseCode.isSendable(code) else {
            throw FixtureError(
                "close code \(code) is reserved and never sent in a close frame; use 1000–1003, 1007–1014 or "
                    + "3000–4999",
                line: line
            )
        }
        let reason = try object.string("reason")
        if let reason, reason.value.utf8.count > maximumReasonBytes {
            throw FixtureError(
                "\(object.name(of: "reason")) is \(reason.value.utf8.count) bytes; a close reason has at most "
                    + "\(maximumReasonBytes)",
                line: reason.line
            )
        }
        return .close(code: code, reason: reason?.value ?? "")
    }

    /// `fault`: a step's only fault is `connection-reset`.
    private static func fault(_ object: ObjectReader) throws(FixtureError) -> Action {
        let member = object.member("fault")!
        guard member.value.stringValue == "connection-reset" else {
            throw FixtureError(
                "\(object.name(of: "fault")) must be \"connection-reset\", the one fault a step has",
                line: member.keyLine
            )
        }
        return .reset
    }

    /// Whether nothing can follow the step.
    private var endsConnection: Bool {
        switch action {
        case .close, .reset: true
        case .send, .sendBytes, nil: false
        }
    }

    /// The step compiled: a wait for its delay, then its action, its message a template compiled with `compiler`.
    func compile(with compiler: TemplateCompiler) throws(FixtureError) -> [WebSocketScript.Action] {
        var compiled: [WebSocketScript.Action] = delay.map { [.wait($0)] } ?? []
        switch action {
        case .send(let node): compiled.append(.send(.text, try compiler.compileTextOrJSON(node)))
        case .sendBytes(let bytes): compiled.append(.send(.binary, .fixed(bytes)))
        case .close(let code, let reason): compiled.append(.close(code: code, reason: reason))
        case .reset: compiled.append(.reset)
        case nil: break
        }
        return compiled
    }
}
