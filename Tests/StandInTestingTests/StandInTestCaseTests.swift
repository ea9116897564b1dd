import Foundation
import Logging
import MockServer
import ServerTestSupport
import StandInSupport
import StandInTesting
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `StandInTestCase` as an XCTest suite uses it: a session per test, on a StandIn the class starts.
final class StandInTestCaseTests: StandInTestCase, @unchecked Sendable {
    /// The StandIn of this class, started once before its tests.
    nonisolated(unsafe) private static var server: MockServer?
    nonisolated(unsafe) private static var mocks: URL?

    override class func setUp() {
        super.setUp()
        do {
            let mocks = try temporaryMocks(liveFixtures)
            let server = try MockServer(
                configuration: MockServerConfiguration(mocksDirectory: mocks, port: 0, accessLog: false, watch: false),
                logger: Logger(label: "test")
            )
            try server.start()
            (Self.server, Self.mocks) = (server, mocks)
        } catch {
            XCTFail("could not start StandIn: \(error)")
        }
    }

    override class func tearDown() {
        server?.stop()
        if let mocks { try? FileManager.default.removeItem(at: mocks) }
        super.tearDown()
    }

    override var standInServer: URL { URL(string: "http://127.0.0.1:\(Self.server?.port ?? 1)")! }

    func testEachTestHasASessionOfItsOwn() async throws {
        try await session.setVariant("expired-token", for: "GET /users/{id}")
        let code = try await envelopeCode(session.baseURL, "/users/7")
        XCTAssertEqual(code, 40101)
        try await session.verify(.get("/users/7"))
        XCTAssertNotEqual(session.baseURL.port, Self.server?.port)
    }

    func testTheNextTestStartsFromTheDefaults() async throws {
        let code = try await envelopeCode(session.baseURL, "/users/8")
        XCTAssertEqual(code, 0)
        let journaled = try await session.requests()
        XCTAssertEqual(journaled.count, 1)
    }
}
