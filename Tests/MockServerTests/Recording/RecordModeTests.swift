import Foundation
import MockServer
import ServerTestSupport
import StandInFixtures
import Testing

/// `--mode missing`: what a fixture answers is served, the rest is recorded.
@Suite(.serialized) struct RecordModeTests {
    @Test func missingModeServesWhatIsThereAndRecordsTheRest() async throws {
        let backend = [
            "mine.json": fixtureJSON(path: "/mine", response: #"{ "text": "from the backend" }"#),
            "new.json": fixtureJSON(path: "/new", response: #"{ "text": "new" }"#),
            "search.json": fixtureJSON(path: "/search", response: #"{ "text": "results for {{query.q}}" }"#),
        ]
        try await withMocks(backend) { backendMocks in
            try await withServer(mocks: backendMocks) { backend in
                let local = ["mine.json": fixtureJSON(path: "/mine", response: #"{ "text": "hand-written" }"#)]
                try await withMocks(local) { mocks in
                    let summary = try await withRecordingServer(upstream: backend, mocks: mocks, mode: .missing) {
                        proxy in
                        #expect(try await fetch(proxy, "/mine").text == "hand-written")
                        #expect(try await fetch(proxy, "/new").text == "new")
                        #expect(try await fetch(proxy, "/search?q=a").text == "results for a")
                        _ = try await fetch(proxy, "/__standin/reload", method: "POST")
                        #expect(try await fetch(proxy, "/new").text == "new")
                        #expect(try await fetch(proxy, "/search?q=b").text == "results for b")
                        #expect(try await fetch(proxy, "/search?q=a").text == "results for a")
                        let journal = try await fetch(proxy, "/__standin/requests").json()
                        let entries = try #require(journal["requests"] as? [[String: Any]])
                        #expect(entries.compactMap { $0["fixture"] as? String }.filter { $0 == "mine.json" }.count == 1)
                    }
                    #expect(summary.files.map(\.endpoint) == ["GET /new", "GET /search", "GET /search"])
                    #expect(files(under: mocks).filter { $0.hasPrefix("recorded/") }.count == 3)
                }
            }
        }
    }
}
