import Fixtures
import Foundation

/// Answers one loop's requests from the loaded fixtures: match, render, send, log.
final class MockResponder: HTTPHandler {
    private let fixtures: FixtureSet
    private let accessLog: AccessLog?
    private var requestIDs = RequestIDGenerator()

    init(fixtures: FixtureSet, accessLog: AccessLog?) {
        self.fixtures = fixtures
        self.accessLog = accessLog
    }

    func handle(_ request: ServerRequest) {
        let started = accessLog == nil ? nil : ContinuousClock.now
        let requestId = RequestIDGenerator.acceptable(request.header(named: "X-Request-ID")) ?? requestIDs.next()
        var facts = RequestFacts(request)
        let status: Int
        let fixtureID: String?
        if let match = fixtures.index.match(&facts) {
            let response = match.fixture.response
            var context = RenderContext(facts: facts, captures: match.captures, requestId: requestId)
            for header in response.headers {
                let value = header.fixedValue ?? String(decoding: header.value.render(with: &context), as: UTF8.self)
                request.addHeader(header.name, value)
            }
            request.addHeader("X-Request-ID", requestId)
            response.body.render(with: &context) { request.appendBody($0) }
            status = response.status
            fixtureID = match.fixture.id
        } else {
            sendUnmatched(request, facts: &facts, requestId: requestId)
            status = UnmatchedResponse.status
            fixtureID = nil
        }
        request.send(status: status)
        if let accessLog, let started {
            accessLog.record(
                method: request.method,
                path: request.path,
                status: status,
                fixture: fixtureID,
                duration: ContinuousClock.now - started
            )
        }
    }

    private func sendUnmatched(_ request: ServerRequest, facts: inout RequestFacts<ServerRequest>, requestId: String) {
        let body = UnmatchedResponse.body(
            method: request.method,
            path: request.path,
            nearMisses: fixtures.index.nearMisses(for: &facts),
            format: fixtures.config.envelope,
            requestId: requestId
        )
        for header in fixtures.config.headers { request.addHeader(header.name, header.value) }
        request.addHeader("Content-Type", "application/json")
        request.addHeader("X-Request-ID", requestId)
        body.withUnsafeBytes { request.appendBody($0) }
    }
}
