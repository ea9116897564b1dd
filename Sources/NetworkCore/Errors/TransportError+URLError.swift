import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension TransportError {
    /// Classifies any error a transport or the task running it threw.
    ///
    /// `TransportError`s pass through; `CancellationError` and `URLError.cancelled` become ``cancelled``; other
    /// `URLError`s are sorted by code; anything else is ``other(underlying:)``.
    public init(classifying error: any Error) {
        switch error {
        case let error as TransportError:
            self = error
        case is CancellationError:
            self = .cancelled
        case let error as URLError:
            self.init(urlError: error)
        default:
            self = .other(underlying: error)
        }
    }

    /// Sorts a `URLError` into the transport taxonomy by its code.
    public init(urlError error: URLError) {
        switch error.code {
        case .cancelled, .userCancelledAuthentication:
            self = .cancelled
        case .timedOut:
            self = .timedOut
        case .notConnectedToInternet, .cannotFindHost, .cannotConnectToHost, .dnsLookupFailed,
            .internationalRoamingOff, .dataNotAllowed, .callIsActive:
            self = .cannotConnect(underlying: error)
        case .networkConnectionLost:
            self = .connectionLost(underlying: error)
        case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
            .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
            .clientCertificateRequired, .appTransportSecurityRequiresSecureConnection:
            self = .tls(underlying: error)
        default:
            self = .other(underlying: error)
        }
    }
}
