import Foundation

/// A WebSocket conversation with the real backend, as the recorder turns it into a fixture's `websocket`: the
/// messages the backend sent before the client's first as `onOpen`, then each client message with the messages that
/// followed it as an `on` entry that matches that message exactly, each sent after the delay measured before it; the
/// subprotocol the backend chose; and the backend's close, when it closed first, as the last step.
///
/// A text message is stored as JSON when it parses as a JSON value other than a string (served compact), else as
/// text; a binary one in Base64. Secrets are replaced as in any recorded body, and a secret-named member is left out
/// of a `json` matcher (a subset, so the message still matches). Text that a fixture would read as a template (`{{`)
/// is escaped (`\{{`).
public struct RecordedWebSocket: Sendable {
    /// One message, and when it passed.
    public struct Message: Sendable {
        public let fromClient: Bool
        public let message: WebSocketMessage
        /// When it passed, counted from the upgrade.
        public let offset: Duration

        public init(fromClient: Bool, message: WebSocketMessage, offset: Duration) {
            self.fromClient = fromClient
            self.message = message
            self.offset = offset
        }
    }

    /// The upgrade request (its status is the backend's 101).
    public let upgrade: RecordedExchange
    /// The subprotocol the backend chose, if any.
    public let subprotocol: String?
    public let messages: [Message]
    /// The backend's close frame, when the backend closed first.
    public let serverClose: (code: Int, reason: String)?

    public init(
        upgrade: RecordedExchange,
        subprotocol: String?,
        messages: [Message],
        serverClose: (code: Int, reason: String)?
    ) {
        self.upgrade = upgrade
        self.subprotocol = subprotocol
        self.messages = messages
        self.serverClose = serverClose
    }

    /// The fixture's `websocket` object; with `delays: false`, without the measured delays (to compare two
    /// conversations).
    func node(rules: RecordingRules, secrets: SecretIndex, delays: Bool = true) -> JSONNode {
        var onOpen: [JSONNode] = []
        var on: [JSONNode] = []
        var match: JSONNode?
        var reply: [JSONNode] = []
        var last = Duration.zero
        func flush() {
            guard let match else { return }
            on.append(Self.object([("match", match), ("reply", JSONNode(.array(reply)))]))
        }
        for message in messages {
            let delay = message.offset - last
            last = message.offset
            if message.fromClient {
                flush()
                match = matcher(message.message, rules: rules, secrets: secrets)
                reply = []
                continue
            }
            let step = Self.step(send(message.message, rules: rules, secrets: secrets), delay: delays ? delay : nil)
            if match == nil { onOpen.append(step) } else { reply.append(step) }
        }
        if let serverClose {
            let close = Self.object([
                ("close", JSONNode(.number(String(serverClose.code)))),
                ("reason", JSONNode(.string(Self.literal(serverClose.reason)))),
            ])
            if match == nil { onOpen.append(close) } else { reply.append(close) }
        }
        flush()
        var members: [(String, JSONNode)] = []
        if let subprotocol { members.append(("subprotocol", JSONNode(.string(subprotocol)))) }
        if !onOpen.isEmpty { members.append(("onOpen", JSONNode(.array(onOpen)))) }
        if !on.isEmpty { members.append(("on", JSONNode(.array(on)))) }
        return Self.object(members)
    }

    /// A `send` or `sendBase64` member for a message the backend sent.
    private func send(_ message: WebSocketMessage, rules: RecordingRules, secrets: SecretIndex) -> (String, JSONNode) {
        guard message.kind == .text, let text = String(validating: message.bytes, as: UTF8.self) else {
            return ("sendBase64", JSONNode(.string(Self.base64(message.bytes))))
        }
        if let json = try? JSONParser.parse(text), json.stringValue == nil {
            return ("send", Self.literal(rules.redactor.redact(json, secrets: secrets)))
        }
        return ("send", JSONNode(.string(Self.literal(Redactor.replace(secrets, in: text)))))
    }

    /// The `match` object for a message the client sent: `json` (without secret-named members), `text` or `binary`.
    private func matcher(_ message: WebSocketMessage, rules: RecordingRules, secrets: SecretIndex) -> JSONNode {
        guard message.kind == .text, let text = String(validating: message.bytes, as: UTF8.self) else {
            return Self.object([("binary", JSONNode(.string(Self.base64(message.bytes))))])
        }
        if let json = try? JSONParser.parse(text), json.isContainer {
            return Self.object([("json", RecordedMatch.prune(json, redactor: rules.redactor, secrets: secrets).node)])
        }
        return Self.object([("text", JSONNode(.string(Redactor.replace(secrets, in: text))))])
    }

    private static func step(_ send: (String, JSONNode), delay: Duration?) -> JSONNode {
        var members = [send]
        if let delay {
            let milliseconds = max(0, Int((delay / .milliseconds(1)).rounded()))
            if milliseconds > 0 { members.append(("delay", JSONNode(.string("\(milliseconds)ms")))) }
        }
        return object(members)
    }

    private static func object(_ members: [(String, JSONNode)]) -> JSONNode {
        JSONNode(.object(members.map { JSONNode.Member(key: $0.0, value: $0.1) }))
    }

    /// `node` with every string escaped so that no `{{` in it reads as a template.
    private static func literal(_ node: JSONNode) -> JSONNode {
        switch node.value {
        case .string(let text): JSONNode(.string(literal(text)))
        case .array(let elements): JSONNode(.array(elements.map(literal)))
        case .object(let members):
            JSONNode(.object(members.map { JSONNode.Member(key: literal($0.key), value: literal($0.value)) }))
        default: node
        }
    }

    /// `text` escaped for a template: each `{{` gets one more backslash than twice those before it (see
    /// `TemplateCompiler.compileText`), so that it stays literal text.
    static func literal(_ text: String) -> String {
        guard text.contains("{{") else { return text }
        var escaped = ""
        var backslashes = 0
        var rest = Substring(text)
        while let first = rest.first {
            if rest.hasPrefix("{{") {
                escaped += String(repeating: "\\", count: backslashes + 1) + "{{"
                rest = rest.dropFirst(2)
                backslashes = 0
                continue
            }
            backslashes = first == "\\" ? backslashes + 1 : 0
            escaped.append(first)
            rest = rest.dropFirst()
        }
        return escaped
    }

    private static func base64(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
    }
}
