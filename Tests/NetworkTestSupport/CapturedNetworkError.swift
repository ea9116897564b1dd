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
