import Foundation
import Logging
import NetworkCore
import StandInFixtures

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One recording run, shared by every loop: the transport to the backend and the recorder that writes the files.
/// Its calls run off the loops, in tasks.
final class RecordingSession: Sendable {
    /// What an upstream call came to.
    struct Result: Sendable {
        /// What the client gets (or was sent, for a stream): the backend's answer, or StandIn's 502, 503 or 504.
        let outcome: Upstream.Outcome
        /// What happened to the file, or why nothing was written; nil when the backend did not answer.
        let recorded: Swift.Result<RecordingOutcome, RecordingFailure>?
    }

    let configuration: RecordingConfiguration
    let recorder: FixtureRecorder
    /// The answer bytes every call in flight holds, bounded by `configuration.maxInFlightBytes`.
    let inFlight: InFlightBytes
    /// The backend of the main port (`--upstream`); nil when only the proxy records (`record --proxy-port`).
    let upstream: Upstream?
    /// The hosts recorded through the proxy, one backend per origin.
    let proxied: UpstreamPool
    private let logger: Logger

    /// Starts a run that writes under `mocksDirectory`, recognising envelopes in the project's format; an event
    /// stream is relayed and recorded for at most `maxHold` from its head on.
    init(
        _ configuration: RecordingConfiguration,
        mocksDirectory: URL,
        envelope: EnvelopeFormat,
        maxHold: Duration,
        logger: Logger
    ) {
        var configuration = configuration
        configuration.rules.envelope = envelope
        self.configuration = configuration
        self.logger = logger
        inFlight = InFlightBytes(limit: configuration.maxInFlightBytes)
        recorder = FixtureRecorder(mocksDirectory: mocksDirectory, into: configuration.into, rules: configuration.rules)
        let leftovers = recorder.removeLeftoverTemporaries()
        if leftovers > 0 { logger.notice("removed \(leftovers) temporary file(s) left by an interrupted recording") }
        let backend: @Sendable (URL) -> Upstream = { [configuration] url in
            Upstream(
                url: url,
                timeout: configuration.timeout,
                maxHold: maxHold,
                trustsAnyCertificate: configuration.trustsAnyCertificate,
                trustedRoots: configuration.trustedRoots
            )
        }
        upstream = configuration.upstream.map(backend)
        proxied = UpstreamPool(make: backend)
    }

    /// The redactor of this run.
    var redactor: Redactor { configuration.rules.redactor }

    /// Sends `call` to `upstream` and records the answer, holding its bytes in `share` (which the caller releases
    /// once the client has the answer); an event stream is relayed through `feed` as it arrives, and recorded once it
    /// is over, with what arrived.
    func forward(
        _ call: UpstreamCall,
        to upstream: Upstream,
        holding share: InFlightBytes.Share,
        relaying feed: RelayedEventStream.Feed
    ) async -> Result {
        let outcome = await upstream.send(call, holding: share, relaying: feed)
        switch outcome {
        case .failed:
            return Result(outcome: outcome, recorded: nil)
        case .answered(let status, let headers, let body, let latency):
            let stored: (headers: [(name: String, value: String)], body: [UInt8])
            do {
                stored = try CompressedBody.forRecording(headers: headers, body: body, share: share)
            } catch {
                return Result(outcome: outcome, recorded: .failure(RecordingFailure(.notHeld, underlying: error)))
            }
            let exchange = call.exchange(status: status, headers: stored.headers, body: stored.body, latency: latency)
            return Result(outcome: outcome, recorded: await record(exchange, of: call))
        case .streamed(let answer):
            let exchange = call.exchange(
                status: answer.status,
                headers: answer.headers,
                body: answer.body,
                latency: answer.latency,
                eventDelays: answer.eventDelays
            )
            return Result(outcome: outcome, recorded: await record(exchange, of: call))
        }
    }

    private func record(
        _ exchange: RecordedExchange,
        of call: UpstreamCall
    ) async -> Swift.Result<RecordingOutcome, RecordingFailure> {
        do {
            return .success(try await recorder.record(exchange))
        } catch {
            logger.error(
                "not recorded: \(PrintableText.escaped("\(call.method) \(redactor.redactPath(of: call.exchange())): \(error)"))"
            )
            return .failure(RecordingFailure(.notWritten, underlying: error))
        }
    }
}
