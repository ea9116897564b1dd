import CLibevent

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The client's side of the opening handshake (RFC 6455 section 4.1), on a bufferevent of its own: connects to the
/// server, sends the upgrade request, reads the answer's head, and checks `Sec-WebSocket-Accept`. On a `101` it
/// hands the bufferevent (with whatever frames followed the head still in its input) to a client-end
/// `WebSocketConnection`; on anything else it reports the status and head and frees the bufferevent.
///
/// Record mode opens the backend's side of a WebSocket with it, on the loop of the client's request. Plain TCP
/// only (`ws://`); the connection is opened by `OutboundConnection`.
///
/// Ownership: this object owns the bufferevent from the connection on, until it hands it over or frees it;
/// libevent's callbacks hold an unretained pointer to it, and the caller must hold it until `finished` has been
/// called. Threads: the loop's thread.
package final class WebSocketClientHandshake {
    /// How a handshake ended.
    package enum Outcome {
        /// The server switched protocols: the WebSocket, not yet started.
        case opened(WebSocketConnection)
        /// The server answered with another status; its head as it came.
        case refused(status: Int, head: String)
        /// The server could not be reached, or broke off, or answered with something that is not HTTP.
        case failed(String)
    }

    /// The most bytes of an answer's head read before giving up.
    static let maxHeadBytes = 16 * 1024
    /// How long the server may take to connect and answer.
    static let timeoutSeconds = 10

    private let key: String
    private let limits: WebSocketConnection.Limits
    private unowned let loop: EventLoop
    private var bufferEvent: OpaquePointer?
    private var finished: ((Outcome) -> Void)?

    /// Connects to `host`:`port` and asks for a WebSocket at `target` (path and query), sending `headers` (the
    /// upgrade's own are added); `finished` hears once how it went.
    package init(
        host: String,
        port: Int,
        target: String,
        headers: [(name: String, value: String)],
        limits: WebSocketConnection.Limits,
        on loop: EventLoop,
        finished: @escaping (Outcome) -> Void
    ) {
        var keyBytes = [UInt8](repeating: 0, count: 16)
        for index in keyBytes.indices { keyBytes[index] = UInt8.random(in: .min ... .max) }
        key = WebSocketHandshake.base64(keyBytes)
        self.limits = limits
        self.loop = loop
        self.finished = finished
        var request = "GET \(target) HTTP/1.1\r\nHost: \(host):\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        request += "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: \(WebSocketHandshake.version)\r\n"
        for header in headers { request += "\(header.name): \(header.value)\r\n" }
        request += "\r\n"
        OutboundConnection.open(host: host, port: port, on: loop) { [self] result in
            switch result {
            case .failure(let failure): finish(.failed(failure.description))
            case .success(let bufferEvent): send(request, on: bufferEvent)
            }
        }
    }

    /// Sends the upgrade request on the connected `bufferEvent`, and waits for the answer.
    private func send(_ request: String, on bufferEvent: OpaquePointer) {
        self.bufferEvent = bufferEvent
        let context = Unmanaged.passUnretained(self).toOpaque()
        bufferevent_setcb(bufferEvent, handshakeReadable, nil, handshakeEvent, context)
        var timeout = timeval(tv_sec: Self.timeoutSeconds, tv_usec: 0)
        bufferevent_set_timeouts(bufferEvent, &timeout, &timeout)
        bufferevent_enable(bufferEvent, Int16(EV_READ | EV_WRITE))
        _ = request.withCString { evbuffer_add(bufferevent_get_output(bufferEvent), $0, strlen($0)) }
    }

    fileprivate func readable() {
        guard let bufferEvent else { return }
        let input = bufferevent_get_input(bufferEvent)
        let position = evbuffer_search(input, "\r\n\r\n", 4, nil)
        guard position.pos >= 0 else {
            if evbuffer_get_length(input) > Self.maxHeadBytes {
                fail("the answer's head is over \(Self.maxHeadBytes) bytes")
            }
            return
        }
        let length = position.pos + 4
        var bytes = [UInt8](repeating: 0, count: length)
        evbuffer_remove(input, &bytes, length)
        let head = String(decoding: bytes, as: UTF8.self)
        let lines = head.split(separator: "\r\n")
        let statusParts = lines.first?.split(separator: " ") ?? []
        guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/1."), let status = Int(statusParts[1]) else {
            return fail("the answer is not HTTP")
        }
        guard status == 101 else {
            finish(.refused(status: status, head: head))
            bufferevent_free(bufferEvent)
            self.bufferEvent = nil
            return
        }
        let fields = Self.fields(lines.dropFirst())
        guard fields["sec-websocket-accept"] == WebSocketHandshake.acceptValue(for: key) else {
            return fail("the answer's Sec-WebSocket-Accept does not match the key sent")
        }
        bufferevent_set_timeouts(bufferEvent, nil, nil)
        self.bufferEvent = nil
        let connection = WebSocketConnection(
            client: bufferEvent,
            subprotocol: fields["sec-websocket-protocol"],
            limits: limits,
            on: loop
        )
        finish(.opened(connection))
    }

    fileprivate func event(_ what: Int16) {
        if what & Int16(BEV_EVENT_TIMEOUT) != 0 { return fail("no answer within \(Self.timeoutSeconds) s") }
        fail(
            what & Int16(BEV_EVENT_EOF) != 0
                ? "the server closed the connection" : "the connection failed: \(String(cString: strerror(errno)))"
        )
    }

    private func fail(_ reason: String) {
        if let bufferEvent { bufferevent_free(bufferEvent) }
        bufferEvent = nil
        finish(.failed(reason))
    }

    private func finish(_ outcome: Outcome) {
        let finished = self.finished
        self.finished = nil
        finished?(outcome)
    }

    /// The header fields of a head's lines, by lower-case name (the first of a repeated name).
    private static func fields(_ lines: ArraySlice<Substring>) -> [String: String] {
        var fields: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingSpaces
            if fields[name] == nil { fields[name] = value }
        }
        return fields
    }
}

/// libevent calls these on the loop's thread for a handshake's bufferevent; `context` is the unretained handshake,
/// which its caller holds until it has finished.
private func handshakeReadable(_ bufferEvent: OpaquePointer?, _ context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    Unmanaged<WebSocketClientHandshake>.fromOpaque(context).takeUnretainedValue().readable()
}

private func handshakeEvent(_ bufferEvent: OpaquePointer?, _ what: Int16, _ context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    Unmanaged<WebSocketClientHandshake>.fromOpaque(context).takeUnretainedValue().event(what)
}
