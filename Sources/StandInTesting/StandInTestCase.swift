import Foundation
import XCTest

/// An XCTest case with a StandIn session per test: started in `setUp`, ended in `tearDown`, where every request the
/// session could not match fails the test (`XCTFail`) with the nearest fixture and what differed. For XCUITest, pass
/// `session.launchEnvironment` to `XCUIApplication.launchEnvironment` and read `STANDIN_BASE_URL` in the app.
///
/// The StandIn is `standInServer` (by default `StandInSession.server`: `STANDIN_URL`, else `http://127.0.0.1:8080`).
/// Override `setUp`/`tearDown` calling `super` first in `setUp` and last in `tearDown`.
open class StandInTestCase: XCTestCase, @unchecked Sendable {
    // @unchecked Sendable: XCTest runs a case's setUp, test and tearDown one after another, never at once.

    /// The test's session; set by `setUp`.
    public private(set) var session: StandInSession!

    /// The StandIn to start sessions on.
    open var standInServer: URL { StandInSession.server }

    open override func setUp() async throws {
        try await super.setUp()
        do {
            session = try await StandInSession.start(name: name, on: standInServer)
        } catch {
            XCTFail("\(error)")
            throw error
        }
    }

    open override func tearDown() async throws {
        if let session {
            for unmatched in try await session.end() { XCTFail(unmatched) }
        }
        session = nil
        try await super.tearDown()
    }
}
