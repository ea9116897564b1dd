import Testing

@testable import StandInFixtures

/// What a recording run remembers of the secrets it saw is bounded in bytes as well as in number: a backend that
/// hands out large secret values cannot make every later search compile and hold them all.
struct RememberedSecretsTests {
    private let a40 = String(repeating: "a", count: 40)
    private let b40 = String(repeating: "b", count: 40)
    private let c100 = String(repeating: "c", count: 100)

    @Test func theNewestSecretsWithinTheByteBoundAreKept() {
        var memory = RememberedSecrets(count: 1000, bytes: 64)
        #expect(memory.index(adding: [a40]).occurs(in: a40.utf8))
        let later = memory.index(adding: [b40])
        let (findsNewest, findsOldest) = (later.occurs(in: b40.utf8), later.occurs(in: a40.utf8))
        #expect(findsNewest)
        #expect(!findsOldest)
    }

    @Test func aSecretLargerThanTheBoundIsSearchedForInItsOwnExchangeOnly() {
        var memory = RememberedSecrets(count: 1000, bytes: 64)
        _ = memory.index(adding: [b40])
        let own = memory.index(adding: [c100])
        let (ownFindsLarge, ownFindsRemembered) = (own.occurs(in: c100.utf8), own.occurs(in: b40.utf8))
        #expect(ownFindsLarge)
        #expect(ownFindsRemembered)
        let later = memory.index(adding: [])
        let (laterFindsLarge, laterFindsRemembered) = (later.occurs(in: c100.utf8), later.occurs(in: b40.utf8))
        #expect(!laterFindsLarge)
        #expect(laterFindsRemembered)
    }

    @Test func theNewestSecretsWithinTheCountAreKept() {
        var memory = RememberedSecrets(count: 2, bytes: 1 << 20)
        _ = memory.index(adding: ["one-1", "two-2"])
        let later = memory.index(adding: ["three-3"])
        let (findsNewest, findsOldest) = (later.occurs(in: "two-2 three-3".utf8), later.occurs(in: "one-1".utf8))
        #expect(findsNewest)
        #expect(!findsOldest)
    }
}
