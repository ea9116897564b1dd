import Foundation
import ServerTestSupport
import StandInSupport
import StandInTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The fixtures the StandInTesting tests serve: a user with a variant, and an order whose id must be a number.
let liveFixtures = [
    "user.json": #"""
    {
      "request": { "path": "/users/{id}" },
      "response": { "envelope": { "data": { "id": "{{path.id}}" } } },
      "variants": { "expired-token": { "envelope": { "code": 40101, "message": "token expired" } } }
    }
    """#,
    "order.json": #"""
    { "request": { "method": "POST", "path": "/orders" }, "response": { "status": 201, "envelope": {} } }
    """#,
]

/// A suite trait that serves `liveFixtures` on a real StandIn for the suite's tests, as `StandInSession.serverURL`.
struct LiveStandIn: SuiteTrait, TestScoping {
    func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        test.isSuite ? self : nil
    }

    func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        let mocks = try temporaryMocks(liveFixtures)
        defer { try? FileManager.default.removeItem(at: mocks) }
        try await withServer(mocks: mocks) { base in
            try await StandInSession.$serverURL.withValue(base) { try await function() }
        }
    }
}

extension Trait where Self == LiveStandIn {
    static var liveStandIn: Self { LiveStandIn() }
}

/// The envelope code of `GET base/path`.
func envelopeCode(_ base: URL, _ path: String) async throws -> Int? {
    let (data, _) = try await URLSession.shared.exchange(from: base.appending(path: path))
    return (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["code"] as? Int
}
