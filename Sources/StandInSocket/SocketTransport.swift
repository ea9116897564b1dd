import Foundation
import NetworkCore
import StandInSupport

/// A ``Transport`` that speaks HTTP/1.1 over a plain TCP connection and sends exactly the header fields it is given:
/// `Host` from the request's authority, `Content-Length` only when the fields lack it and there is a body, and
/// nothing else. A proxy that must pass a client's request on unchanged uses it (URLSession adds `Accept-Encoding`
/// and `Accept-Language` of its own on some platforms, and decodes compressed bodies).
///
/// `http` URLs only; each request opens its own connection and closes it after the response. The response is returned
/// as it came: no redirect followed, no body decoded (a chunked body is de-chunked, as its framing belongs to the
/// connection); `send(_:reading:)` can hand its body over piece by piece instead, as it arrives (an event stream
/// relayed to a client). Blocking socket calls run on a thread of their own, never on the caller's task; cancelling the
/// calling task closes the connection at once. A response that breaks HTTP/1.1's framing or the bounds below is
/// `TransportError.other`, with the reason as its underlying error. It reports the response body's progress
/// (``TransportRequest/onProgress``, on the call's thread): once before the body when the head names its length, then
/// after each read; not the request body's, which goes out in one write.
public struct SocketTransport: Transport {
    /// How long a request may take when it names no timeout, counted from its turn (see `maxConcurrentCalls`).
    public static let defaultTimeout: Duration = .seconds(60)

    /// The most bytes a response's heads (status line and header lines) take, its interim responses and trailer
    /// fields included.
    public var maxHeadBytes: Int
    /// The largest response body accepted; a chunked body's chunk-size lines may take as many bytes again.
    public var maxBodyBytes: Int
    /// Calls past `maxConcurrentCalls` wait for a turn; shared by every copy of this transport.
    private let gate: CallGate

    /// Creates a transport with bounds on what a server may send back, and on how many calls (each a thread and a
    /// connection) run at once.
    public init(maxHeadBytes: Int = 64 * 1024, maxBodyBytes: Int = 64 * 1024 * 1024, maxConcurrentCalls: Int = 256) {
        self.maxHeadBytes = maxHeadBytes
        self.maxBodyBytes = maxBodyBytes
        gate = CallGate(limit: maxConcurrentCalls)
    }

    /// Whether this transport can send to a URL of `scheme`.
    public static func supports(scheme: String) -> Bool {
        scheme.lowercased() == "http"
    }

    /// Connects, writes the request, reads one response, and closes.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        try await send(request) { _ in .whole }.response
    }

    /// Connects, writes the request, reads one response's head, and takes its body as `reading` says once it has
    /// heard the head (on the call's thread): whole, as `send(_:)` does, or piece by piece as it arrives, for at most
    /// a given time. A body taken in pieces never fails the call once the head is in: however it stops, the call
    /// returns the head and says how (`Streamed.ending`).
    public func send(
        _ request: TransportRequest,
        reading: @escaping @Sendable (HTTPResponse) -> BodyReading
    ) async throws -> Streamed {
        guard let scheme = request.head.scheme, Self.supports(scheme: scheme), let authority = request.head.authority,
            let endpoint = SocketEndpoint(authority: authority)
        else { throw NetworkError.invalidRequest("only an http URL with a host can be sent over a plain socket") }
        let bytes = Self.requestBytes(request)
        let isHead = request.head.method == .head
        let onProgress = request.onProgress
        let limits = (head: maxHeadBytes, body: maxBodyBytes)
        await gate.enter()
        // The timeout counts from the call's turn: waiting behind other calls is not this call being slow.
        let connection = SocketConnection(deadline: ContinuousClock.now + (request.timeout ?? Self.defaultTimeout))
        // The thread puts its result under a lock and the task takes it under the same lock, after the continuation
        // resumes: the lock is what orders the thread's writes before the task's reads for ThreadSanitizer, which does
        // not see the ordering a continuation gives.
        let outcome = Locked<Result<Streamed, any Error>?>(nil)
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                // A thread of its own: blocking calls on Dispatch's global queues could wait for a free worker.
                Thread {
                    let result = Result {
                        defer { connection.close() }
                        try connection.connect(to: endpoint)
                        try connection.write(bytes)
                        var reader = HTTP1ResponseReader(
                            maxHeadBytes: limits.head,
                            maxBodyBytes: limits.body,
                            onBodyProgress: { received, length in
                                onProgress?(
                                    TransferProgress(
                                        direction: .download,
                                        completedBytes: Int64(received),
                                        totalBytes: length.map(Int64.init)
                                    )
                                )
                            },
                            receive: { try connection.read() }
                        )
                        do {
                            return try Self.read(&reader, toHEAD: isHead, on: connection, reading: reading)
                        } catch let malformed as HTTP1ResponseReader.Malformed {
                            throw TransportError.other(underlying: malformed)
                        } catch let tooLarge as ResponseBodyTooLarge {
                            throw TransportError.other(underlying: tooLarge)
                        }
                    }
                    outcome.withLock { $0 = result }
                    continuation.resume()
                }.start()
            }
        } onCancel: {
            connection.cancel()
        }
        await gate.leave()
        // Put before the continuation resumed, so present.
        return try outcome.withLock { $0! }.get()
    }

    /// Reads the response from `reader`: its head, then its body as `reading` chooses.
    private static func read(
        _ reader: inout HTTP1ResponseReader,
        toHEAD isHead: Bool,
        on connection: SocketConnection,
        reading: (HTTPResponse) -> BodyReading
    ) throws -> Streamed {
        let (head, framing) = try reader.readHead(toHEAD: isHead)
        switch framing == .none ? .whole : reading(head) {
        case .whole:
            return Streamed(
                response: TransportResponse(head: head, body: try reader.readWholeBody(framing)),
                ending: nil
            )
        case .pieces(let limit, let piece):
            connection.setDeadline(ContinuousClock.now + limit)
            do {
                try reader.readBody(framing) { bytes in
                    guard piece(Array(bytes)) else { throw Streamed.Ending.stopped }
                }
                return Streamed(response: TransportResponse(head: head), ending: .complete)
            } catch let ending as Streamed.Ending {
                return Streamed(response: TransportResponse(head: head), ending: ending)
            } catch TransportError.timedOut {
                return Streamed(response: TransportResponse(head: head), ending: .limitReached)
            } catch {
                return Streamed(response: TransportResponse(head: head), ending: .broken(error))
            }
        }
    }

    /// The request line, the fields in order (`Host` first), and the body.
    static func requestBytes(_ request: TransportRequest) -> [UInt8] {
        var head = "\(request.head.method.rawValue) \(request.head.path ?? "/") HTTP/1.1\r\n"
        head += "Host: \(request.head.authority ?? "")\r\n"
        var hasLength = false
        for field in request.head.headerFields where field.name.canonicalName != "host" {
            hasLength = hasLength || field.name == .contentLength
            head += "\(field.name.rawName): \(field.value)\r\n"
        }
        let body = request.body ?? Data()
        if !hasLength, request.body != nil { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        return Array(head.utf8) + body
    }
}
