import StandInEngine
import StandInFixtures
import StandInSupport

extension MockResponder {
    /// The request header that sets the rate at which the server reads the request's body (`512KB/s`).
    static let readRateHeader = "X-StandIn-Read-Rate"

    /// The rate at which to read a request's body: `X-StandIn-Read-Rate`, else the `readRate` of the first fixture
    /// (by id) whose method and path are the request's. The other conditions of a fixture are not looked at: they
    /// may need the body, which has not arrived. A header that is not a rate is logged and ignored.
    func bodyReadRate(for head: RequestHeadBytes) -> Int? {
        if let value = head.header(named: Self.readRateHeader) {
            do {
                return try ByteRate.parse(value)
            } catch {
                context.logger.warning("ignored \(Self.readRateHeader): \(error.reason)")
                return nil
            }
        }
        let slowReaders = context.store.current.slowReaders
        guard !slowReaders.isEmpty else { return nil }
        let method = head.method
        let path = PercentDecoding.decode(head.path)
        let fixture = slowReaders.first { fixture in
            fixture.request.method.matches(method) && fixture.request.path.match(path) != nil
        }
        return fixture?.request.readRate
    }
}
