import StandInFixtures

extension ServerContext {
    /// Whether the proxy intercepts `host`: named by `--intercept` or by a fixture's `request.host`.
    func intercepts(_ host: String) -> Bool {
        guard let proxy else { return false }
        return proxy.settings.intercept.contains { $0.matches(host) }
            || store.current.index.hostPatterns.contains { $0.matches(host) }
    }
}
