import StandInEngine
import StandInFixtures
import StandInSupport

extension MockResponder {
    /// The request header that sets the rate at which the server reads the request's body (`512KB/s`).
    static let readRateHeader = "X-StandIn-Read-Rate"

    /// The rate at which to read a request's body: `X-StandIn-Read-Rate`, else the uplink of the network the request
    /// names (`X-StandIn-Network`), else the `readRate` (or the default response's network's uplink) of the first
    /// fixture (by id) whose method and path are the request's, else the uplink of the server's `--network`. The
    /// other conditions of a fixture are not looked at: they may need the body, which has not arrived. A header that
    /// is not a rate is logged and ignored; an unknown network is answered with a 400 once the request is in.
    func bodyReadRate(for head: RequestHeadBytes) -> Int? {
        if let value = head.header(named: Self.readRateHeader) {
            do {
                return try ByteRate.parse(value)
            } catch {
                context.logger.warning("ignored \(Self.readRateHeader): \(error.reason)")
                return nil
            }
        }
        let fixtures = context.store.current
        if let name = head.header(named: SimulationError.Header.network.rawValue) {
            return (try? fixtures.config.networks.profile(named: name))?.up
        }
        if !fixtures.slowReaders.isEmpty {
            let method = head.method
            let path = PercentDecoding.decode(head.path)
            let fixture = fixtures.slowReaders.first { fixture in
                fixture.request.method.matches(method) && fixture.request.path.match(path) != nil
            }
            if let fixture { return fixture.request.readRate ?? fixture.response.network?.up }
        }
        return simulation.settings.network.flatMap { try? fixtures.config.networks.profile(named: $0) }?.up
    }
}
