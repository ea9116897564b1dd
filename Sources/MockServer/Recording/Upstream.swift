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
        /// The backend could not be reached (502) or did not answer in time (504).
        case failed(status: Int, message: String)
    }

    /// The backend's base URL.
    let url: URL
    /// How long a call may take before the client gets 504.
    let timeout: Duration
    private let transport: any Transport
    /// The request headers `transport` sets itself, left out of what the client sent.
    private let transportHeaders: Set<String>
    /// Where calls to this backend, and what is made of their answers, run.
    let tasks = TaskThread(name: "StandIn upstream")

    init(url: URL, timeout: Duration, trustsAnyCertificate: Bool = false) {
        self.url = url
        self.timeout = timeout
        if SocketTransport.supports(scheme: url.scheme ?? "") {
            transport = SocketTransport()
            transportHeaders = UpstreamCall.socketTransportHeaders
        } else {
            transport = URLSessionTransport(
                configuration: Self.proxyConfiguration,
                trustsAnyCertificate: trustsAnyCertificate
            )
            transportHeaders = UpstreamCall.transportHeaders
        }
    }

    deinit {
        tasks.finish()
    }

    /// For an `https` backend, a session that passes requests on as they came: no cookie jar (a cookie the backend set must not be added to
    /// later requests the client sent without it) and no cache (every request reaches the backend, and memory stays
    /// flat however long the run).
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
    /// stopped (503) as soon as the share refuses it.
    func send(_ call: UpstreamCall, holding share: InFlightBytes.Share? = nil) async -> Outcome {
        let started = ContinuousClock.now
        let response: TransportResponse
        do {
            let request = try call.transportRequest(to: url, timeout: timeout, dropping: transportHeaders)
            if let share {
                response = try await send(request, holding: share)
            } else {
                response = try await transport.send(request)
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
        let status = response.head.status.code
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

    /// Sends `request`, holding its answer's body in `share` as the transport reports it arriving (all of it at once
    /// when the backend announces its length); throws `InFlightBytes.Refusal` as soon as the share refuses, after
    /// cancelling the call.
    private func send(_ request: TransportRequest, holding share: InFlightBytes.Share) async throws -> TransportResponse
    {
        var request = request
        let running = Locked<Task<TransportResponse, any Error>?>(nil)
        request.onProgress = { progress in
            guard progress.direction == .download else { return }
            let bytes = max(progress.completedBytes, progress.totalBytes ?? 0)
            guard !share.grow(to: Int(clamping: bytes)) else { return }
            running.withLock { $0?.cancel() }
        }
        let call = tasks.task { [transport, request] in try await transport.send(request) }
        running.withLock { $0 = call }
        if share.refusal != nil { call.cancel() }
        let response: TransportResponse
        do {
            response = try await withTaskCancellationHandler {
                try await call.value
            } onCancel: {
                call.cancel()
            }
        } catch {
            if let refusal = share.refusal { throw refusal }
            throw error
        }
        // For a transport that reports no progress: the whole body, now.
        share.grow(to: response.body.count)
        if let refusal = share.refusal { throw refusal }
        return response
    }
}
