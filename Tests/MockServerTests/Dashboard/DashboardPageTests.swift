import Foundation
import ServerTestSupport
import Testing

/// `GET /__standin/ui` and its assets: compiled in, same-origin only, and under the admin API's access rules.
@Suite struct DashboardPageTests {
    @Test func thePageCarriesTheTestHooksAndLoadsOnlyItsOwnAssets() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            let page = try await fetch(base, "/__standin/ui")
            #expect(page.status == 200)
            #expect(page.header("Content-Type") == "text/html; charset=utf-8")
            let policy = try #require(page.header("Content-Security-Policy"))
            #expect(policy.contains("default-src 'none'") && policy.contains("connect-src 'self'"))
            #expect(page.text.contains(#"data-testid="journal""#))
            #expect(!page.text.contains("http://") && !page.text.contains("https://"), "nothing from elsewhere")
            let script = try await fetch(base, "/__standin/ui/app.js")
            #expect(script.status == 200)
            #expect(script.header("Content-Type") == "text/javascript; charset=utf-8")
            for hook in ["journal-entry", "endpoint", "variant-select"] {
                #expect(script.text.contains(#"testid = "\#(hook)""#), "\(hook)")
            }
            #expect(!script.text.contains("innerHTML"), "client text goes into the page as text only")
            let style = try await fetch(base, "/__standin/ui/app.css")
            #expect(style.header("Content-Type") == "text/css; charset=utf-8")
            #expect(try await fetch(base, "/__standin/ui/other.js").status == 404)
            #expect(try await fetch(base, "/__standin/ui", method: "POST").status == 405)
        }
    }

    @Test func withATokenThePageLoadsWithoutItButItsDataDoesNot() async throws {
        try await withServer(mocks: testMocks, adminToken: "s3cret") { base async throws in
            #expect(try await fetch(base, "/__standin/ui").status == 200)
            #expect(try await fetch(base, "/__standin/ui/app.js").status == 200)
            #expect(try await fetch(base, "/__standin/fixtures").status == 401)
            #expect(try await fetch(base, "/__standin/events").status == 401)
            #expect(try await fetch(base, "/__standin/ui", method: "DELETE").status == 401)
        }
    }

    @Test func withoutATokenThePageFollowsTheHostAndOriginRules() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            #expect(try await fetch(base, "/__standin/ui", headers: ["Host": "evil.example"]).status == 403)
            let crossSite = try await fetch(base, "/__standin/ui", headers: ["Origin": "http://evil.example"])
            #expect(crossSite.status == 403)
        }
    }
}
