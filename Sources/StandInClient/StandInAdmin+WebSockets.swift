import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension StandInAdmin {
    /// `GET /__standin/websockets`: the WebSockets open now, oldest first, with their messages.
    public func webSockets() async throws -> [WebSocketInfo] {
        let list: WebSocketList = try await call("GET", "websockets")
        return list.websockets
    }

    /// Waits until a WebSocket is open on `path` and returns it (the newest); throws `VerificationFailure` after
    /// `timeout`.
    public func webSocket(on path: String, timeout: Duration = .seconds(10)) async throws -> WebSocketInfo {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let open = try await webSockets().last(where: { $0.path == path }) { return open }
            guard ContinuousClock.now < deadline else {
                throw VerificationFailure(message: "expected a WebSocket open on \(path) within \(timeout), saw none")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// `POST /__standin/websockets/{id}/send`: sends `message` to the WebSocket's client now.
    public func push(_ message: WebSocketPush, toWebSocket id: Int) async throws {
        let body: Data
        switch message {
        case .json(let text): body = Data("{\"json\":\(text)}".utf8)
        case .text(let text): body = try JSONSerialization.data(withJSONObject: ["text": text])
        case .binary(let data):
            body = try JSONSerialization.data(withJSONObject: ["base64": data.base64EncodedString()])
        }
        let _: Ignored = try await call("POST", "websockets/\(id)/send", body: body)
    }

    /// `DELETE /__standin/websockets/{id}`: starts the close handshake with `code` and `reason`.
    public func closeWebSocket(_ id: Int, code: Int = 1000, reason: String = "") async throws {
        let query = [URLQueryItem(name: "code", value: String(code)), URLQueryItem(name: "reason", value: reason)]
        let _: Ignored = try await call("DELETE", "websockets/\(id)", query: query)
    }

    /// Checks that the client of the WebSocket `id` (open, or ended and journaled) sent a text message equal to
    /// `text`; otherwise throws a `VerificationFailure` listing the messages it did send.
    public func verifyWebSocket(_ id: Int, received text: String) async throws {
        let messages: [WebSocketMessageRecord]
        if let open = try await webSockets().first(where: { $0.id == id }) {
            messages = open.messages
        } else {
            messages = try await requests().compactMap(\.websocket).first { $0.id == id }?.messages ?? []
        }
        let sent = messages.filter(\.fromClient)
        guard !sent.contains(where: { $0.text == text }) else { return }
        let seen = sent.map { $0.text.map { "\"\($0)\"" } ?? "binary \($0.base64 ?? "")" }
        throw VerificationFailure(
            message: "expected WebSocket \(id) to receive \"\(text)\", saw "
                + (seen.isEmpty ? "no message" : seen.joined(separator: ", "))
        )
    }

    private struct WebSocketList: Decodable { let websockets: [WebSocketInfo] }
}
