import Foundation
import NetworkCore
import StandInFixtures

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `standin drift`'s work, without the command line: each pinned fixture's request goes to the fixtures (in
/// process, through `MockRegistry`, as `serve` would answer) and to the real backend (through any `Transport`), and
/// the two answers' shapes are compared.
///
/// Only a fixture's own answer is compared: a request that the fixtures answer with another fixture (one whose match
/// needs a header the fixture alone cannot give, such as `Authorization` by `prefix`, or one that another fixture
/// takes first) is skipped, and so is a fixture whose answer is a fault made on purpose.
public struct DriftCheck: Sendable {
    /// The most bytes of a backend's body that a transport for `drift` should read (`SocketTransport`'s and
    /// `URLSessionTransport`'s `maxBodyBytes`): a larger body, or one that never ends, is not compared.
    public static let largestBody = 16 << 20

    /// The fixtures' answers.
    public let registry: MockRegistry
    /// The requests to send, one per pinned fixture, in fixture id order.
    public let probes: [DriftProbe]
    /// The selected fixtures that pin no request, each skipped with the reason, in fixture id order.
    public let unpinned: [DriftResult]
    /// The same fixtures as the registry's, to find which one answers a request.
    private let index: FixtureIndex

    /// Loads `directory` and selects the fixtures whose id or endpoint matches the glob `only` (all when nil).
    /// Throws `MockRegistry.LoadError` when a fixture is broken.
    public init(directory: URL, only: String? = nil) throws {
        let loaded = try FixtureLoader(directory: directory).load()
        guard loaded.diagnostics.isEmpty else { throw MockRegistry.LoadError(diagnostics: loaded.diagnostics) }
        registry = try MockRegistry(directory: directory)
        index = FixtureIndex(loaded.fixtures)
        let selected = loaded.fixtures.filter { fixture in
            guard let only else { return true }
            return fnmatch(only, fixture.id, 0) == 0 || fnmatch(only, fixture.endpoint, 0) == 0
        }.sorted { $0.id < $1.id }
        var probes: [DriftProbe] = []
        var unpinned: [DriftResult] = []
        for fixture in selected {
            do {
                probes.append(try DriftProbe(fixture))
            } catch {
                unpinned.append(DriftResult(fixture, .skipped(error.description)))
            }
        }
        self.probes = probes
        self.unpinned = unpinned
    }

    /// Sends every probe to the fixtures and to `upstream` through `transport`, one after another, each backend call
    /// ended after `timeout` however its bytes arrive; `headers` go with every request, to both. Returns one result
    /// per selected fixture, the unpinned ones included, in fixture id order.
    public func run(
        upstream: URL,
        transport: any Transport,
        headers: [(name: String, value: String)] = [],
        timeout: Duration = .seconds(30)
    ) async -> [DriftResult] {
        var results = unpinned
        for probe in probes {
            results.append(
                await check(probe, upstream: upstream, transport: transport, headers: headers, timeout: timeout)
            )
        }
        return results.sorted { $0.fixtureID < $1.fixtureID }
    }

    private func check(
        _ probe: DriftProbe,
        upstream: URL,
        transport: any Transport,
        headers: [(name: String, value: String)],
        timeout: Duration
    ) async -> DriftResult {
        let fixture = probe.fixture
        let expected: TransportResponse
        do {
            let request = try probe.request(to: URL(string: "http://standin.invalid")!, extraHeaders: headers)
            if let reason = whySkipped(fixture, answering: request) { return DriftResult(fixture, .skipped(reason)) }
            expected = try await registry.send(request)
        } catch {
            let reason = TransportError(classifying: error).errorDescription ?? "\(error)"
            return DriftResult(fixture, .skipped("the fixture gives no answer: \(reason)"))
        }
        let actual: TransportResponse
        do {
            let request = try probe.request(to: upstream, extraHeaders: headers, timeout: timeout)
            actual = try await Self.send(request, through: transport, within: timeout)
        } catch let refusal as UpstreamTarget.Refusal {
            return DriftResult(fixture, .unreachable("not sent: \(refusal)"))
        } catch {
            return DriftResult(fixture, .unreachable(Self.sentence(for: error, timeout: timeout)))
        }
        let envelope = registry.config.envelope
        let differences = DriftDifference.between(
            fixture: ResponseShape(expected, envelope: envelope),
            backend: ResponseShape(actual, envelope: envelope)
        )
        return DriftResult(fixture, differences.isEmpty ? .same : .drifted(differences))
    }

    /// Why `fixture`'s answer to `request` (its probe, with the command line's headers) is not compared, or nil: the
    /// fixtures answer the request with another fixture, or with none (the fixture's match needs what the request
    /// lacks), or the answer is a fault made on purpose.
    private func whySkipped(_ fixture: Fixture, answering request: TransportRequest) -> String? {
        var facts = RequestFacts(MockRegistry.Request(request))
        let answering = index.match(&facts)?.fixture
        guard answering === fixture else {
            let differences = fixture.request.nearMiss(of: fixture, for: &facts).differences
            guard differences.isEmpty else {
                let needsHeader = fixture.request.headers.contains { field in
                    facts.request.header(named: field.name) == nil && !field.matcher.matches([String]())
                }
                return "its match cannot be reproduced from the fixture alone: "
                    + differences.joined(separator: "; ") + (needsHeader ? "; give such a header with --header" : "")
            }
            return "the request it pins is answered by \(answering?.id ?? "no fixture") first"
        }
        switch fixture.response.fault {
        case nil, .slowBody?:
            return nil
        case let fault?:
            return "its answer is the fault \(fault), which StandIn makes on purpose: there is no answer to compare"
        }
    }
}
