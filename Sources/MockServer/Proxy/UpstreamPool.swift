import Foundation
import StandInSupport

/// The backends a proxy sends requests to, one per origin (`http://api.example.com:8080`), made on first use. At
/// most `capacity` are kept; past that they are all dropped at once (a call in flight keeps its own).
final class UpstreamPool: Sendable {
    /// The most backends kept at once.
    static let capacity = 64

    private let upstreams = Locked<[URL: Upstream]>([:])
    private let make: @Sendable (URL) -> Upstream

    /// A pool whose backends `make` creates from their origin.
    init(make: @escaping @Sendable (URL) -> Upstream) {
        self.make = make
    }

    /// The backend for `origin`.
    func upstream(for origin: URL) -> Upstream {
        upstreams.withLock { known in
            if let upstream = known[origin] { return upstream }
            if known.count >= Self.capacity { known.removeAll() }
            let upstream = make(origin)
            known[origin] = upstream
            return upstream
        }
    }
}
