import Fixtures
import Foundation
import Logging
import NetworkCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One recording run, shared by every loop: the transport to the backend and the recorder that writes the files.
/// Its calls run off the loops, in tasks.
///
/// An `http` backend is called through `SocketTransport`, which sends the client's headers and nothing else and
/// hands the body back as it came; an `https` one through URLSession, which adds `Accept-Encoding` (and on Linux
/// `Accept-Language`) when the client sent none, and decodes compressed bodies.
final class RecordingSession: Sendable {
    /// What an upstream call came to.
    enum Result: Sendable {
        /// The backend answered; `recorded` says what happened to the file, or why nothing was written.
        case answered(
            status: Int,
            headers: [(name: String, value: String)],
            body: [UInt8],
            recorded: Swift.Result<RecordingOutcome, RecordingFailure>
        )
        /// The backend could not be reached (502) or did not answer in time (504).
        case failed(status: Int, message: String)
    }

    /// Why an answer was not written.
    struct RecordingFailure: Error {
        let reason: String
    }

    let configuration: RecordingConfiguration
    let recorder: FixtureRecorder
    private let transport: any Transport
    /// The request headers `transport` sets itself, left out of what the client sent.
    private let transportHeaders: Set<String>
    private let logger: Logger

    /// Starts a run that writes under `mocksDirectory`, recognising envelopes in the project's format.
    init(_ configuration: RecordingConfiguration, mocksDirectory: URL, envelope: EnvelopeFormat, logger: Logger) {
        var configuration = configuration
        configuration.rules.envelope = envelope
        self.configuration = configuration
        self.logger = logger
        recorder = FixtureRecorder(mocksDirectory: mocksDirectory, into: configuration.into, rules: configuration.rules)
        let leftovers = recorder.removeLeftoverTemporaries()
        if leftovers > 0 { logger.notice("removed \(leftovers) temporary file(s) left by an interrupted recording") }
        if SocketTransport.supports(scheme: configuration.upstream.scheme ?? "") {
            transport = SocketTransport()
            transportHeaders = UpstreamCall.socketTransportHeaders
        } else {
            transport = URLSessionTransport(
                configuration: Self.proxyConfiguration,
                trustsAnyCertificate: configuration.trustsAnyCertificate
            )
            transportHeaders = UpstreamCall.transportHeaders
        }
    }

    /// For an `https` backend, a URLSession that passes requests on as they came: no cookie jar (a cookie the backend set must not be added to
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

    /// The redactor of this run.
    var redactor: Redactor { configuration.rules.redactor }

    /// Sends `call` to the backend and records the answer.
    func forward(_ call: UpstreamCall) async -> Result {
        let upstream = configuration.upstream.absoluteString
        let started = ContinuousClock.now
        let response: TransportResponse
        do {
            response = try await transport.send(
                call.transportRequest(
                    to: configuration.upstream,
                    timeout: configuration.timeout,
                    dropping: transportHeaders
                )
            )
        } catch {
            let failure = TransportError(classifying: error)
            if case .timedOut = failure {
                let limit = DurationText.format(configuration.timeout)
                return .failed(status: 504, message: "the upstream \(upstream) did not answer within \(limit)")
            }
            let reason = failure.errorDescription ?? "\(error)"
            return .failed(status: 502, message: "the upstream \(upstream) cannot be reached: \(reason)")
        }
        let headers = response.clientHeaders
        let body = [UInt8](response.body)
        let stored = CompressedBody.forRecording(headers: headers, body: body)
        let exchange = call.exchange(
            status: response.head.status.code,
            headers: stored.headers,
            body: stored.body,
            latency: ContinuousClock.now - started
        )
        let recorded: Swift.Result<RecordingOutcome, RecordingFailure>
        do {
            recorded = .success(try await recorder.record(exchange))
        } catch {
            logger.error("not recorded: \(call.method) \(redactor.redactPath(call)): \(error)")
            recorded = .failure(RecordingFailure(reason: "\(error)"))
        }
        return .answered(status: exchange.status, headers: headers, body: body, recorded: recorded)
    }
}

extension Redactor {
    /// The call's path with its secret values replaced, for logs.
    func redactPath(_ call: UpstreamCall) -> String {
        Redactor.replace(secrets(in: call.exchange()), in: call.path)
    }
}
