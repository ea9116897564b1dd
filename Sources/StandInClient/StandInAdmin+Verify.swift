extension StandInAdmin {
    /// Checks that the server received exactly `count` requests matching `filter`; otherwise throws a
    /// `VerificationFailure` that names the nearest request it did receive:
    /// `expected 1 POST /orders with body {"product_id":"BOOK-42"}, saw 0; nearest: POST /orders with body {…}`.
    public func verify(_ filter: RequestFilter, count: Int = 1) async throws {
        try await verify(filter) {
            $0 == count
        } expectation: {
            "\(count)"
        }
    }

    /// Checks that the server received at least `minimum` requests matching `filter`.
    public func verify(_ filter: RequestFilter, atLeast minimum: Int) async throws {
        try await verify(filter) {
            $0 >= minimum
        } expectation: {
            "at least \(minimum)"
        }
    }

    /// Checks that every request the server received matched a fixture; the failure lists those that did not, with
    /// the server's diagnosis.
    public func verifyNoUnmatchedRequests() async throws {
        let unmatched = try await requests(matching: .unmatched)
        guard !unmatched.isEmpty else { return }
        let lines = unmatched.map(\.unmatchedDescription)
        throw VerificationFailure(
            message: "expected no unmatched requests, saw \(unmatched.count):\n" + lines.joined(separator: "\n")
        )
    }

    private func verify(
        _ filter: RequestFilter,
        _ isExpected: (Int) -> Bool,
        expectation: () -> String
    ) async throws {
        let all = try await requests()
        let matching = all.filter(filter.accepts)
        guard !isExpected(matching.count) else { return }
        var message = "expected \(expectation()) \(filter), saw \(matching.count)"
        if matching.isEmpty {
            message += all.isEmpty ? "; the journal is empty" : "; nearest: \(Self.nearest(to: filter, in: all))"
        }
        throw VerificationFailure(message: message)
    }

    /// The most recent request that differs least from `filter`: same method and path first, then same path, then
    /// same method.
    private static func nearest(to filter: RequestFilter, in requests: [RecordedRequest]) -> RecordedRequest {
        func score(_ request: RecordedRequest) -> Int {
            let method = filter.method == nil || filter.method == request.method
            let path = filter.pathAccepts(request.path)
            return (path ? 2 : 0) + (method ? 1 : 0)
        }
        var best = requests[0]
        for request in requests.dropFirst() where score(request) >= score(best) { best = request }
        return best
    }
}

/// A verification that did not hold, with a message that says what was expected and what arrived.
public struct VerificationFailure: Error, Sendable, CustomStringConvertible {
    /// `expected 1 POST /orders with body {…}, saw 0; nearest: POST /orders with body {…}`.
    public let message: String

    public var description: String { message }
}
