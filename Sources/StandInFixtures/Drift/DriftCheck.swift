import Foundation
import NetworkCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `standin drift`'s work, without the command line: each pinned fixture's request goes to the fixtures (in
/// process, through `MockRegistry`, as `serve` would answer) and to the real backend (through any `Transport`), and
/// the two answers' shapes are compared.
public struct DriftCheck: Sendable {
    /// The fixtures' answers.
    public let registry: MockRegistry
    /// The requests to send, one per pinned fixture, in fixture id order.
    public let probes: [DriftProbe]
    /// The ids of the selected fixtures that pin no request.
    public let unpinned: [String]

    /// Loads `directory` and selects the fixtures whose id or endpoint matches the glob `only` (all when nil).
    /// Throws `MockRegistry.LoadError` when a fixture is broken.
    public init(directory: URL, only: String? = nil) throws {
        let loaded = try FixtureLoader(directory: directory).load()
        guard loaded.diagnostics.isEmpty else { throw MockRegistry.LoadError(diagnostics: loaded.diagnostics) }
        registry = try MockRegistry(directory: directory)
        let selected = loaded.fixtures.filter { fixture in
            guard let only else { return true }
            return fnmatch(only, fixture.id, 0) == 0 || fnmatch(only, fixture.endpoint, 0) == 0
        }.sorted { $0.id < $1.id }
        probes = selected.compactMap(DriftProbe.init)
        let pinned = Set(probes.map(\.fixtureID))
        unpinned = selected.map(\.id).filter { !pinned.contains($0) }
    }

    /// Sends every probe to the fixtures and to `upstream` through `transport`, one after another.
    public func run(
        upstream: URL,
        transport: any Transport,
        headers: [(name: String, value: String)] = [],
        timeout: Duration = .seconds(30)
    ) async -> [DriftResult] {
        var results: [DriftResult] = []
        for probe in probes {
            results.append(
                await check(probe, upstream: upstream, transport: transport, headers: headers, timeout: timeout)
            )
        }
        return results
    }

    private func check(
        _ probe: DriftProbe,
        upstream: URL,
        transport: any Transport,
        headers: [(name: String, value: String)],
        timeout: Duration
    ) async -> DriftResult {
        let envelope = registry.config.envelope
        let local = URL(string: "http://standin.invalid")!
        do {
            let expected = try await registry.send(probe.request(to: local))
            let actual: TransportResponse
            do {
                let request = try probe.request(to: upstream, extraHeaders: headers, timeout: timeout)
                actual = try await transport.send(request)
            } catch let refusal as UpstreamTarget.Refusal {
                return DriftResult(probe, .unreachable("not sent: \(refusal)"))
            } catch {
                let failure = TransportError(classifying: error)
                return DriftResult(probe, .unreachable(failure.errorDescription ?? "\(error)"))
            }
            let differences = DriftDifference.between(
                fixture: ResponseShape(expected, envelope: envelope),
                backend: ResponseShape(actual, envelope: envelope)
            )
            return DriftResult(probe, differences.isEmpty ? .same : .drifted(differences))
        } catch {
            return DriftResult(probe, .unreachable("the fixture itself did not answer: \(error)"))
        }
    }
}

/// How one fixture compares with the real backend.
public struct DriftResult: Sendable {
    /// The comparison's outcome.
    public enum Outcome: Sendable, Equatable {
        /// Same status, envelope code, media type and JSON shape.
        case same
        /// The differences found.
        case drifted([DriftDifference])
        /// The backend could not be asked; why.
        case unreachable(String)
    }

    /// The fixture's id.
    public let fixtureID: String
    /// `METHOD /path`.
    public let endpoint: String
    /// The outcome.
    public let outcome: Outcome

    init(_ probe: DriftProbe, _ outcome: Outcome) {
        fixtureID = probe.fixtureID
        endpoint = probe.endpoint
        self.outcome = outcome
    }

    /// `same`, `drifted` or `unreachable`.
    public var label: String {
        switch outcome {
        case .same: "same"
        case .drifted: "drifted"
        case .unreachable: "unreachable"
        }
    }

    /// The differences, or the reason the backend was not reached, as sentences.
    public var details: [String] {
        switch outcome {
        case .same: []
        case .drifted(let differences): differences.map(\.description)
        case .unreachable(let reason): [reason]
        }
    }
}
