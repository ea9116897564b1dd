/// Where ``AuthMiddleware`` gets bearer tokens: the app's keychain-backed session, or a fixed token in a test.
///
/// Refresh the token with a client that does not include the ``AuthMiddleware`` that uses this store (a refresh call
/// that itself got a 401 would otherwise wait for its own refresh).
public protocol TokenStore: Sendable {
    /// The access token to send now, or `nil` when signed out (the request then goes without `Authorization`).
    func accessToken() async -> String?

    /// Gets a new access token (with a refresh token, say), stores it, and returns it; `nil` when the session cannot
    /// be refreshed and the user must sign in again. ``AuthMiddleware`` calls it at most once at a time.
    func refreshAccessToken() async throws -> String?
}
