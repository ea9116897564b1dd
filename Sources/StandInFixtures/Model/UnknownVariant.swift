/// A request or setting named a variant that the fixture does not have.
public struct UnknownVariant: Error, Sendable, Equatable, CustomStringConvertible {
    /// The fixture's id.
    public let fixtureID: String
    /// The variant asked for.
    public let name: String
    /// The variants the fixture has, sorted.
    public let available: [String]

    /// Creates the error.
    public init(fixtureID: String, name: String, available: [String]) {
        self.fixtureID = fixtureID
        self.name = name
        self.available = available
    }

    /// `fixture users/get.json has no variant "x"; it has: a, b`.
    public var description: String {
        let list = available.isEmpty ? "it has none" : "it has: " + available.joined(separator: ", ")
        return "fixture \(fixtureID) has no variant \(name.quoted); \(list)"
    }
}
