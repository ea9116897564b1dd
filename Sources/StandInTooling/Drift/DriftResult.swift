import StandInFixtures

/// How one fixture compares with the real backend.
public struct DriftResult: Sendable {
    /// The comparison's outcome.
    public enum Outcome: Sendable, Equatable {
        /// Same status, envelope code, media type and JSON shape.
        case same
        /// The differences found.
        case drifted([DriftDifference])
        /// The backend could not be asked, or its answer not read; why.
        case unreachable(String)
        /// Nothing was compared: the fixture pins no request, its request is not answered by it alone, or its answer
        /// is a fault; why.
        case skipped(String)
    }

    /// The fixture's id.
    public let fixtureID: String
    /// `METHOD /path`.
    public let endpoint: String
    /// The outcome.
    public let outcome: Outcome

    init(_ fixture: Fixture, _ outcome: Outcome) {
        fixtureID = fixture.id
        endpoint = fixture.endpoint
        self.outcome = outcome
    }

    /// `same`, `drifted`, `unreachable` or `skipped`.
    public var label: String {
        switch outcome {
        case .same: "same"
        case .drifted: "drifted"
        case .unreachable: "unreachable"
        case .skipped: "skipped"
        }
    }

    /// The differences, or the reason the backend was not reached or the fixture skipped, as sentences.
    public var details: [String] {
        switch outcome {
        case .same: []
        case .drifted(let differences): differences.map(\.description)
        case .unreachable(let reason), .skipped(let reason): [reason]
        }
    }
}
