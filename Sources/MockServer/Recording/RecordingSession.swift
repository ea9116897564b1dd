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

    let configuration: RecordingConfiguration
    let recorder: FixtureRecorder
    /// The answer bytes every call in flight holds, bounded by `configuration.maxInFlightBytes`.
    let inFlight: InFlightBytes
    /// The backend recorded.
    let upstream: Upstream
    private let logger: Logger

    /// Starts a run that writes under `mocksDirectory`, recognising envelopes in the project's format.
    init(_ configuration: RecordingConfiguration, mocksDirectory: URL, envelope: EnvelopeFormat, logger: Logger) {
        var configuration = configuration
        configuration.rules.envelope = envelope
        self.configuration = configuration
        self.logger = logger
        inFlight = InFlightBytes(limit: configuration.maxInFlightBytes)
        recorder = FixtureRecorder(mocksDirectory: mocksDirectory, into: configuration.into, rules: configuration.rules)
        let leftovers = recorder.removeLeftoverTemporaries()
        if leftovers > 0 { logger.notice("removed \(leftovers) temporary file(s) left by an interrupted recording") }
        upstream = Upstream(
            url: configuration.upstream,
            timeout: configuration.timeout,
            trustsAnyCertificate: configuration.trustsAnyCertificate
        )
    }

    /// The redactor of this run.
    var redactor: Redactor { configuration.rules.redactor }

    /// Sends `call` to the backend and records the answer, holding its bytes in `share` (which the caller releases
    /// once the client has the answer).
    func forward(_ call: UpstreamCall, holding share: InFlightBytes.Share) async -> Result {
        switch await upstream.send(call, holding: share) {
        case .failed(let status, let message):
            return .failed(status: status, message: message)
        case .answered(let status, let headers, let body, let latency):
            let stored: (headers: [(name: String, value: String)], body: [UInt8])
            do {
                stored = try CompressedBody.forRecording(headers: headers, body: body, share: share)
            } catch {
                let failure = RecordingFailure(.notHeld, underlying: error)
                return .answered(status: status, headers: headers, body: body, recorded: .failure(failure))
            }
            let exchange = call.exchange(status: status, headers: stored.headers, body: stored.body, latency: latency)
            return .answered(status: status, headers: headers, body: body, recorded: await record(exchange, of: call))
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
