import StandInFixtures

/// Groups stubs into fixtures: a stub outside any scenario is a fixture of its own; a scenario whose stubs all
/// share one request becomes one fixture whose `sequence` follows the states from `Started`. StandIn's sequences
/// belong to one request, so a scenario that spans several keeps only each request's `Started` answer, with a warning.
enum WireMockScenarios {
    /// One fixture to write: its steps in order (one for a plain stub), and what follows the last.
    struct Fixture {
        let steps: [WireMockStub]
        let cycles: Bool
    }

    /// WireMock's first state of every scenario.
    static let started = "Started"

    /// The fixtures for `stubs`, in the order their first stub came.
    static func fixtures(_ stubs: [WireMockStub], warnings: inout [ImportWarning]) -> [Fixture] {
        var order: [String] = []
        var scenarios: [String: [WireMockStub]] = [:]
        var fixtures: [(at: Int, fixture: Fixture)] = []
        for (index, stub) in stubs.enumerated() {
            guard let name = stub.scenario else {
                fixtures.append((index, Fixture(steps: [stub], cycles: false)))
                continue
            }
            if scenarios[name] == nil { order.append(name) }
            scenarios[name, default: []].append(stub)
        }
        for name in order {
            let steps = scenarios[name] ?? []
            let at = stubs.firstIndex { $0.scenario == name } ?? 0
            if Set(steps.map(\.matchKey)).count == 1 {
                if let fixture = chain(name, steps, warnings: &warnings) { fixtures.append((at, fixture)) }
                continue
            }
            for stub in steps {
                if (stub.requiredState ?? started) == started {
                    fixtures.append((at, Fixture(steps: [stub], cycles: false)))
                }
                let outcome =
                    (stub.requiredState ?? started) == started
                    ? "its answer in state \(started.quoted) is imported alone"
                    : "this stub, for state \((stub.requiredState ?? "").quoted), is left out"
                warnings.append(
                    ImportWarning(
                        source: stub.source,
                        field: "scenarioName",
                        reason:
                            "the scenario \(name.quoted) spans several requests, which a StandIn sequence cannot; \(outcome)."
                    )
                )
            }
        }
        return fixtures.sorted { $0.at < $1.at }.map(\.fixture)
    }

    /// The steps of a one-request scenario, from `Started` through each `newScenarioState`.
    private static func chain(_ name: String, _ steps: [WireMockStub], warnings: inout [ImportWarning]) -> Fixture? {
        var state = started
        var visited: [String] = []
        var chain: [WireMockStub] = []
        var cycles = false
        while !visited.contains(state), let step = steps.first(where: { ($0.requiredState ?? started) == state }) {
            visited.append(state)
            chain.append(step)
            guard let next = step.newState, next != state else { break }
            if visited.contains(next) {
                cycles = next == started
                if !cycles {
                    warnings.append(
                        ImportWarning(
                            source: step.source,
                            field: "newScenarioState",
                            reason:
                                "the scenario \(name.quoted) goes back to \(next.quoted), not to \(started.quoted); StandIn repeats the last answer instead."
                        )
                    )
                }
                break
            }
            state = next
        }
        for stub in steps where !chain.contains(where: { $0.source == stub.source }) {
            warnings.append(
                ImportWarning(
                    source: stub.source,
                    field: "requiredScenarioState",
                    reason:
                        "the scenario \(name.quoted) never reaches \((stub.requiredState ?? started).quoted) from \(started.quoted), so this stub is left out."
                )
            )
        }
        return chain.isEmpty ? nil : Fixture(steps: chain, cycles: cycles)
    }
}
