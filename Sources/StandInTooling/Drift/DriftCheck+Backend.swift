import Foundation
import NetworkCore
import StandInFixtures
import StandInSocket

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension DriftCheck {
    /// The transport that reaches `upstream`: an `http` backend through a plain socket, as `record` reads it, and
    /// `https` through URLSession. Either stops reading a body at ``largestBody``.
    public static func transport(to upstream: URL) -> any Transport {
        SocketTransport.supports(scheme: upstream.scheme ?? "")
            ? SocketTransport(maxBodyBytes: largestBody)
            : URLSessionTransport(configuration: .ephemeral, maxBodyBytes: largestBody)
    }

    /// `request` sent through `transport`, and cancelled once `timeout` has passed, however slowly its bytes arrive:
    /// a transport's own timeout may count only the silence between them.
    static func send(
        _ request: TransportRequest,
        through transport: any Transport,
        within timeout: Duration
    ) async throws -> TransportResponse {
        try await withThrowingTaskGroup(of: TransportResponse?.self) { group in
            group.addTask { try await transport.send(request) }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            guard let response = try await group.next() ?? nil else { throw TransportError.timedOut }
            return response
        }
    }

    /// Why no answer came, as a sentence.
    static func sentence(for error: any Error, timeout: Duration) -> String {
        let failure = TransportError(classifying: error)
        switch failure {
        case .timedOut:
            return "the backend did not answer within \(DurationText.format(timeout))"
        case .other(let tooLarge as ResponseBodyTooLarge):
            return "the backend's body is larger than the \(tooLarge.limit) bytes drift reads, so it is not compared"
        default:
            return failure.errorDescription ?? "\(failure)"
        }
    }
}
