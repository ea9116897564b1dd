import NetworkCore

/// Runs `body` and returns the `NetworkError` it throws; fails with `NoErrorThrown` when it throws none.
public func networkError(_ body: () async throws -> some Any) async throws -> NetworkError {
    do {
        _ = try await body()
    } catch let error as NetworkError {
        return error
    }
    throw NoErrorThrown()
}

/// The call that was expected to fail succeeded.
public struct NoErrorThrown: Error {
    public init() {}
}

extension NetworkError {
    /// What a `.server` error carries; nil for any other error. For `try #require(error.serverFields)`.
    public var serverFields: (code: Int, message: String, requestID: String?)? {
        guard case .server(let code, let message, let requestID) = self else { return nil }
        return (code, message, requestID)
    }
}
