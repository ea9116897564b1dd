/// Sends a bearer token with every request and, when the server rejects it, refreshes it once and retries.
///
/// A rejection is HTTP 401 or an envelope whose business code is one of `refreshCodes` (a backend that answers
/// "token expired" with HTTP 200 and code 40101). Refreshing is single-flight: however many calls are rejected at the
/// same time, the store's ``TokenStore/refreshAccessToken()`` runs once and every call retries with its result; a
/// call rejected after the token already changed retries with the new token without refreshing again. A request
/// that already carries `Authorization` (set by its endpoint) is left alone.
public struct AuthMiddleware: Middleware {
    private let refresher: TokenRefresher
    private let tokens: any TokenStore
    private let refreshCodes: Set<Int>

    /// Creates the middleware.
    /// - Parameters:
    ///   - tokens: Where tokens come from and how they are refreshed.
    ///   - refreshCodes: Business codes that mean the token was rejected, besides HTTP 401.
    public init(tokens: any TokenStore, refreshCodes: Set<Int> = []) {
        self.tokens = tokens
        self.refreshCodes = refreshCodes
        refresher = TokenRefresher(tokens: tokens)
    }

    /// Adds the token, and on a rejection refreshes it (once for all concurrent calls) and retries once.
    public func intercept(
        _ request: ClientRequest,
        next: @Sendable (ClientRequest) async throws -> ClientResponse
    ) async throws -> ClientResponse {
        guard request.head.headerFields[.authorization] == nil else { return try await next(request) }
        let token = await tokens.accessToken()
        let response = try await next(authorized(request, with: token))
        guard isRejection(response) else { return response }
        guard let fresh = try await refresher.token(replacing: token), fresh != token else { return response }
        return try await next(authorized(request, with: fresh))
    }

    private func authorized(_ request: ClientRequest, with token: String?) -> ClientRequest {
        var request = request
        if let token { request.head.headerFields[.authorization] = "Bearer \(token)" }
        return request
    }

    private func isRejection(_ response: ClientResponse) -> Bool {
        if response.head.status == .unauthorized { return true }
        guard let code = response.envelope?.code else { return false }
        return refreshCodes.contains(code)
    }
}
