/// Checks that a variant about to be selected exists, naming what exists if not: the admin API, `--variant` and
/// `MockRegistry.setVariant` refuse a name no fixture has, rather than silently serving the default.
public enum VariantCheck {
    /// Nil when `endpoint` (`GET /users/{id}`) has a fixture with `variant`; else a sentence naming what exists.
    public static func problem(endpoint: String, variant: String, fixtures: [Fixture]) -> String? {
        let candidates = fixtures.filter { $0.endpoint == endpoint }
        guard !candidates.isEmpty else {
            let endpoints = Set(fixtures.map(\.endpoint)).sorted().joined(separator: ", ")
            return "no fixture serves \(endpoint); the endpoints are: \(endpoints)"
        }
        let available = Set(candidates.flatMap(\.variantNames)).sorted()
        guard available.contains(variant) else {
            let list = available.isEmpty ? "it has none" : "it has: " + available.joined(separator: ", ")
            return "\(endpoint) has no variant \"\(variant)\"; \(list)"
        }
        return nil
    }

    /// Nil when some fixture has `variant`; else a sentence naming the variants there are.
    public static func problem(variant: String, fixtures: [Fixture]) -> String? {
        let available = Set(fixtures.flatMap(\.variantNames)).sorted()
        guard !available.contains(variant) else { return nil }
        let list = available.isEmpty ? "there are none" : "the variants are: " + available.joined(separator: ", ")
        return "no fixture has a variant \"\(variant)\"; \(list)"
    }
}
