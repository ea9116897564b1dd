/// What recording one exchange did.
public struct RecordingOutcome: Sendable, Equatable {
    /// How the exchange changed the files, as the access log marks it.
    public enum Label: String, Sendable {
        /// A new file.
        case recorded = "RECORDED"
        /// An existing file changed.
        case updated = "UPDATED"
        /// No byte changed.
        case unchanged = "UNCHANGED"
    }

    /// The fixtures' ids (paths relative to the mocks directory): one, or one per operation of a GraphQL batch;
    /// none when nothing was worth writing (a persisted query the backend did not know).
    public let fixtureIDs: [String]
    /// What happened to them: for a batch, `recorded` when any file is new, else `updated` when any changed.
    public let label: Label
    /// The GraphQL operations recorded, by name (`""` for an anonymous one); nil for an exchange not recorded as
    /// GraphQL.
    public let graphQLOperations: [String]?

    /// Creates an outcome.
    public init(fixtureIDs: [String], label: Label, graphQLOperations: [String]? = nil) {
        self.fixtureIDs = fixtureIDs
        self.label = label
        self.graphQLOperations = graphQLOperations
    }

    /// The fixture's id; a batch's ids joined with commas, as the access log names the fixtures of a batch.
    public var fixtureID: String { fixtureIDs.joined(separator: ",") }
}
