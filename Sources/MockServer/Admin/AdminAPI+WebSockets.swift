import Foundation
import StandInFixtures
import StandInSupport

extension AdminAPI {
    /// `GET /__standin/websockets`: the WebSockets open now on the state the call acts on, oldest first, each with
    /// its id, path, fixture, subprotocol, session and messages both ways.
    func listWebSockets() -> AdminReply {
        let sessionIDs = Dictionary(
            context.sessions.all.map { (ObjectIdentifier($0.state), $0.id.description) },
            uniquingKeysWith: { first, _ in first }
        )
        let listed = context.webSockets.all(state: state).map { entry in
            var members: [(String, JSONNode)] = [
                ("path", AdminJSON.string(entry.path)),
                ("fixture", AdminJSON.string(entry.fixture)),
                ("subprotocol", AdminJSON.string(entry.subprotocol)),
                ("session", AdminJSON.string(sessionIDs[ObjectIdentifier(entry.state)])),
            ]
            if case .object(let transcript) = entry.transcript.snapshot.json.value {
                members = transcript.map { ($0.key, $0.value) } + members
            }
            return AdminJSON.object(members)
        }
        return AdminReply(status: 200, json: AdminJSON.object([("websockets", AdminJSON.array(listed))]))
    }

    /// `POST /__standin/websockets/{id}/send` with `{"json": …}`, `{"text": "…"}` or `{"base64": "…"}`: pushes a
    /// message to the client now; `DELETE /__standin/websockets/{id}?code=1000&reason=…` starts the close
    /// handshake (code 1000 unless given).
    func actOnWebSocket(_ call: AdminCall, route: Substring) throws(AdminError) -> AdminReply {
        let parts = route.split(separator: "/", omittingEmptySubsequences: false)
        guard let id = Int(parts[0]), let entry = context.webSockets.entry(id, state: state) else {
            throw AdminError(
                status: 404,
                message: "no open WebSocket \(parts[0]); GET /__standin/websockets lists them"
            )
        }
        switch parts.count {
        case 2 where parts[1] == "send":
            try call.require("POST")
            let message = try Self.pushedMessage(call.body)
            entry.conversation.hop { _ = $0.push(message) }
            return AdminReply(status: 200, json: AdminJSON.object([("status", AdminJSON.string("sent"))]))
        case 1:
            try call.require("DELETE")
            let (code, reason) = try Self.closeCode(call.rawQuery)
            entry.conversation.hop { $0.close(code: code, reason: reason) }
            return AdminReply(status: 200, json: AdminJSON.object([("status", AdminJSON.string("closing"))]))
        default:
            throw AdminError(
                status: 404,
                message: "no admin call \(call.method) \(Self.pathPrefix)websockets/\(route); there are "
                    + "POST …/websockets/{id}/send and DELETE …/websockets/{id}"
            )
        }
    }

    /// The message a push body names: `json` (sent as compact JSON text), `text`, or `base64` (binary).
    private static func pushedMessage(_ body: [UInt8]) throws(AdminError) -> WebSocketMessage {
        let example = #"{"json": {"type": "hello"}} or {"text": "hi"} or {"base64": "AAE="}"#
        let node = try parseObject(body, example: example)
        guard case .object(let members) = node.value, members.count == 1, let member = members.first else {
            throw AdminError(status: 400, message: "send one of json, text or base64, like \(example)")
        }
        switch (member.key, member.value.value) {
        case ("json", _):
            return WebSocketMessage(kind: .text, bytes: Array(member.value.compactString.utf8))
        case ("text", .string(let text)):
            return WebSocketMessage(kind: .text, bytes: Array(text.utf8))
        case ("base64", .string(let text)):
            guard let data = Data(base64Encoded: text) else {
                throw AdminError(status: 400, message: "base64 is not valid Base64")
            }
            return WebSocketMessage(kind: .binary, bytes: Array(data))
        default:
            throw AdminError(
                status: 400,
                message: "send one of json, text (a string) or base64 (a string), like \(example)"
            )
        }
    }

    /// The close code (1000 unless `code=` says) and reason of a `DELETE`.
    private static func closeCode(_ query: Substring?) throws(AdminError) -> (code: Int, reason: String) {
        var code = WebSocketCloseCode.normal
        var reason = ""
        for (name, value) in QueryString.parse(query ?? "") {
            switch name {
            case "code":
                guard let number = Int(value), WebSocketCloseCode.isSendable(number) else {
                    throw AdminError(
                        status: 400,
                        message: "code must be a close code a frame may carry (1000–1003, 1007–1014, 3000–4999), "
                            + "not \(value.debugDescription)"
                    )
                }
                code = number
            case "reason": reason = value
            default: break
            }
        }
        return (code, reason)
    }
}
