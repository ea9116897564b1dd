import Foundation
import NetworkCore
import StandInFixtures
import StandInSocket
import StandInSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real backend, reached through the client core's transport: record mode sends every request to it, and
/// `serve --fallback-upstream` the requests no fixture matches. Its calls run off the loops, in tasks on a thread of
/// the backend's own (`tasks`), so that they never wait behind the other tasks of the process that embeds the server.
///
/// An `http` backend is called through `SocketTransport`, which sends the client's headers and nothing else and
/// hands the body back as it came; an `https` one through URLSession, which adds `Accept-Encoding` (and on Linux
/// `Accept-Language`) when the client sent none, and decodes compressed bodies.
final class Upstream: Sendable {
    /// What a call came to.
    enum Outcome: Sendable {
        /// The backend answered: the status, the headers for the client (end-to-end only) and the body.
        case answered(status: Int, headers: [(name: String, value: String)], body: [UInt8], latency: Duration)
        /// The backend answered with an event stream, which the client was sent as it arrived.
        case streamed(StreamedAnswer)
        /// The backend could not be reached (502) or did not answer in time (504).
        case failed(status: Int, message: String)
    }

    /// The backend's base URL.
    let url: URL
    /// How long a call may take before the client gets 504.
    let timeout: Duration
    /// How long an event stream is relayed, from its head on, before StandIn ends it (`--max-hold`).
    let maxHold: Duration
    /// How calls are sent.
    let transport: any Transport
    /// `transport`, when it is the one that can relay an event stream as it arrives.
    let socket: SocketTransport?
    /// The request headers `transport` sets itself, left out of what the client sent.
    private let transportHeaders: Set<String>
    /// Where calls to this backend, and what is made of their answers, run.
    let tasks = TaskThread(name: "StandIn upstream")

    /// A backend at `url`; an `https` one trusts any certificate with `trustsAnyCertificate`, and `trustedRoots` (DER)
    /// besides the system's, where URLSession allows either (`URLSessionTransport.canTrustAnyCertificate`).
    init(
        url: URL,
        timeout: Duration,
        maxHold: Duration,
        trustsAnyCertificate: Bool = false,
        trustedRoots: [Data] = []
    ) {
        self.url = url
        self.timeout = timeout
        self.maxHold = maxHold
        if SocketTransport.supports(scheme: url.scheme ?? "") {
            let socket = SocketTransport()
            self.socket = socket
            transport = socket
            transportHeaders = UpstreamCall.socketTransportHeaders
        } else {
            socket = nil
            transport = URLSessionTransport(
                configuration: Self.proxyConfiguration,
                trustsAnyCertificate: trustsAnyCertificate,
                trustedRoots: trustedRoots
            )
            transportHeaders = UpstreamCall.transportHeaders
        }
    }

    deinit {
        tasks.finish()
    }

    /// For an `https` backend, a session that passes requests on as they came: no cookie jar (a cookie the backend set
    /// must not be added to later requests the client sent without it) and no cache (every request reaches the backend,
    /// and memory stays flat however long the run).
    private static var proxyConfiguration: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        return configuration
    }

    /// Sends `call` to the backend. With a `share`, the answer's body is held in it as it arrives, and the call is
    /// stopped (503) as soon as the share refuses it. With a `feed`, an `http` backend's event stream
    /// (`text/event-stream`, not compressed) is relayed to the client piece by piece as it arrives, for at most
    /// `maxHold` from its head on, and comes back as `.streamed`; a refusal of the share then ends the stream.
    func send(
        _ call: UpstreamCall,
        holding share: InFlightBytes.Share? = nil,
        relaying feed: RelayedEventStream.Feed? = nil
    ) async -> Outcome {
        let started = ContinuousClock.now
        let received: SocketTransport.Streamed
        let capture = Locked<EventStreamCapture?>(nil)
        do {
            let request = try call.transportRequest(to: url, timeout: timeout, dropping: transportHeaders)
            let perform = exchange(relaying: feed, into: capture)
            if let share {
                received = try await send(request, holding: share, perform)
            } else {
                received = try await perform(request)
            }
        } catch let refusal as InFlightBytes.Refusal {
            return .failed(status: 503, message: "\(refusal)")
        } catch {
            let failure = TransportError(classifying: error)
            if case .timedOut = failure {
                return .failed(
                    status: 504,
                    message: "the upstream \(url) did not answer within \(DurationText.format(timeout))"
                )
            }
            let reason = failure.errorDescription ?? "\(error)"
            return .failed(status: 502, message: "the upstream \(url) cannot be reached: \(reason)")
        }
        let response = received.response
        let status = response.head.status.code
        if let capture = capture.withLock({ $0 }),
            let streamed = streamed(received, capture, share: share, started: started)
        {
            return streamed
        }
        guard (100...599).contains(status) else {
            return .failed(
                status: 502,
                message: "the upstream \(url) answered with status \(status), which is not an HTTP status (100 to 599)"
            )
        }
        return .answered(
            status: status,
            headers: response.clientHeaders,
            body: [UInt8](response.body),
            latency: ContinuousClock.now - started
        )
    }

    /// Sends `request` with `perform`, holding its answer's body in `share` as the transport reports it arriving (all
    /// of it at once when the backend announces its length); throws `InFlightBytes.Refusal` as soon as the share
    /// refuses, after cancelling the call, unless the answer is a stream already being relayed (which then ends).
    private func send(
        _ request: TransportRequest,
        holding share: InFlightBytes.Share,
        _ perform: @escaping @Sendable (TransportRequest) async throws -> SocketTransport.Streamed
    ) async throws -> SocketTransport.Streamed {
        var request = request
        let running = Locked<Task<SocketTransport.Streamed, any Error>?>(nil)
        request.onProgress = { progress in
            guard progress.direction == .download else { return }
            let bytes = max(progress.completedBytes, progress.totalBytes ?? 0)
            guard !share.grow(to: Int(clamping: bytes)) else { return }
            running.withLock { $0?.cancel() }
        }
        let call = tasks.task { [request] in try await perform(request) }
        running.withLock { $0 = call }
        if share.refusal != nil { call.cancel() }
        let received: SocketTransport.Streamed
        do {
            received = try await withTaskCancellationHandler {
                try await call.value
            } onCancel: {
                call.cancel()
            }
        } catch {
            if let refusal = share.refusal { throw refusal }
            throw error
        }
        if received.ending != nil { return received }
        // For a transport that reports no progress: the whole body, now.
        share.grow(to: received.response.body.count)
        if let refusal = share.refusal { throw refusal }
        return received
    }
}
