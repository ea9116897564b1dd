import Foundation
import ServerTestSupport
import StandInFixtures
import Testing

@Suite struct FixtureRecorderTests {
    private func withRecorder(
        _ rules: RecordingRules = RecordingRules(),
        _ body: (FixtureRecorder, URL) async throws -> Void
    ) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("recorder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await body(FixtureRecorder(mocksDirectory: directory, into: "recorded", rules: rules), directory)
    }

    private func text(_ directory: URL, _ id: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(id), encoding: .utf8)
    }

    private let json = [("Content-Type", "application/json")]

    /// `GET /export` answered with 300 KB of `byte`: a body large enough to go in a file of its own.
    private func largeExport(_ byte: UInt8) -> RecordedExchange {
        RecordedExchange(
            method: "GET",
            path: "/export",
            status: 200,
            responseBody: .init(repeating: byte, count: 300_000)
        )
    }

    @Test func writesAnEnvelopeWithoutItsRequestIDAndItLoads() async throws {
        try await withRecorder { recorder, directory in
            let exchange = RecordedExchange(
                method: "GET",
                path: "/users/42",
                status: 200,
                responseHeaders: json + [("Date", "today"), ("X-Request-ID", "r1"), ("X-Trace", "t")],
                responseBody: Array(#"{"code":0,"message":"success","data":{"id":42},"request_id":"r1"}"#.utf8)
            )
            let outcome = try await recorder.record(exchange)
            #expect(outcome.fixtureID == "recorded/users/GET-users-42.json")
            #expect(outcome.label == .recorded)
            let written = try text(directory, outcome.fixtureID)
            #expect(!written.contains("r1"))
            #expect(!written.contains("Date"))
            #expect(written.contains(#""X-Trace": "t""#))
            #expect(written.contains(#""envelope": {"#))
            let loaded = try FixtureLoader(directory: directory).load()
            #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
            #expect(loaded.fixtures.map(\.endpoint) == ["GET /users/42"])
        }
    }

    @Test func anExchangeThroughTheProxyNamesItsHostAndLiesInItsFolder() async throws {
        try await withRecorder { recorder, directory in
            let exchange = RecordedExchange(host: "api.example.com", method: "GET", path: "/users/42", status: 200)
            let outcome = try await recorder.record(exchange)
            #expect(outcome.fixtureID == "recorded/api.example.com/users/GET-users-42.json")
            #expect(recorder.fixtureID(for: exchange) == outcome.fixtureID)
            #expect(try text(directory, outcome.fixtureID).contains(#""host": "api.example.com""#))
            let loaded = try FixtureLoader(directory: directory).load()
            #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
            // A host that is no safe folder name still names one inside the recording folder.
            let odd = RecordedExchange(host: "../_.evil", method: "GET", path: "/x", status: 200)
            #expect(recorder.fixtureID(for: odd) == "recorded/evil/GET-x.json")
        }
    }

    @Test func reRecordingAShorterSequenceRemovesTheBodyFilesItNoLongerNames() async throws {
        try await withRecorder { recorder, directory in
            for byte in UInt8(1)...3 { _ = try await recorder.record(largeExport(byte)) }
            let folder = directory.appendingPathComponent("recorded")
            let bodies = {
                try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".body") }
            }
            #expect(try bodies().sorted() == ["GET-export.1.body", "GET-export.2.body", "GET-export.3.body"])
            let rerun = FixtureRecorder(mocksDirectory: directory, into: "recorded", rules: RecordingRules())
            _ = try await rerun.record(largeExport(9))
            #expect(try bodies() == ["GET-export.1.body"])
            let small = RecordedExchange(method: "GET", path: "/export", status: 200, responseBody: Array("ok".utf8))
            _ = try await FixtureRecorder(mocksDirectory: directory, into: "recorded", rules: RecordingRules())
                .record(small)
            #expect(try bodies().isEmpty)
            let loaded = try FixtureLoader(directory: directory).load()
            #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        }
    }

    @Test func temporaryFilesOfAKilledRunAreRemovedAndFixturesKept() async throws {
        try await withRecorder { recorder, directory in
            let exchange = RecordedExchange(method: "GET", path: "/users/1", status: 200, responseBody: Array("a".utf8))
            let kept = try await recorder.record(exchange).fixtureID
            let folder = directory.appendingPathComponent("recorded/users")
            let leftover = folder.appendingPathComponent(".GET-users-2.json.\(UUID().uuidString).tmp")
            try writeFile("{\"request\":", to: leftover)
            #expect(recorder.removeLeftoverTemporaries() == 1)
            #expect(!FileManager.default.fileExists(atPath: leftover.path))
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(kept).path))
        }
    }

    @Test func aFolderLinkedOutOfTheRecordFolderIsRefused() async throws {
        try await withRecorder { recorder, directory in
            let outside = directory.appendingPathComponent("outside")
            try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(
                at: directory.appendingPathComponent("recorded"),
                withIntermediateDirectories: true
            )
            try FileManager.default.createSymbolicLink(
                at: directory.appendingPathComponent("recorded/users"),
                withDestinationURL: outside
            )
            let exchange = RecordedExchange(method: "GET", path: "/users/1", status: 200, responseBody: Array("a".utf8))
            await #expect(throws: RecordingError.self) { try await recorder.record(exchange) }
            #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
        }
    }

    @Test func theSameAnswerAgainChangesNothingAndAnotherMakesASequence() async throws {
        try await withRecorder { recorder, directory in
            let first = RecordedExchange(method: "GET", path: "/job", status: 503, responseBody: Array("busy".utf8))
            var second = first
            second.status = 200
            #expect(try await recorder.record(first).label == .recorded)
            #expect(try await recorder.record(first).label == .unchanged)
            let outcome = try await recorder.record(second)
            #expect(outcome.label == .updated)
            let written = try text(directory, outcome.fixtureID)
            #expect(written.contains(#""sequence": ["#))
            #expect(try FixtureLoader(directory: directory).load().diagnostics.isEmpty)
            let summary = await recorder.summary
            #expect(summary.files.map(\.status) == [.new])
            #expect(summary.rendered(mocksDirectory: "Mocks").contains("1 endpoint(s): 1 new, 0 updated, 0 unchanged"))
        }
    }

    /// The recorder lets go of a large body once its file is written; the same large answer again is still seen as
    /// the same (compared with its file), and another still grows a sequence whose earlier body files stay as written.
    @Test func largeAnswersAgainCompareWithTheirFilesAndGrowASequence() async throws {
        try await withRecorder { recorder, directory in
            #expect(try await recorder.record(largeExport(1)).label == .recorded)
            #expect(try await recorder.record(largeExport(1)).label == .unchanged)
            #expect(try await recorder.record(largeExport(2)).label == .updated)
            #expect(try await recorder.record(largeExport(3)).label == .updated)
            let folder = directory.appendingPathComponent("recorded")
            for byte in UInt8(1)...3 {
                let stored = try Data(contentsOf: folder.appendingPathComponent("GET-export.\(byte).body"))
                #expect(stored == Data(repeating: byte, count: 300_000), "body \(byte)")
            }
            #expect(try FixtureLoader(directory: directory).load().diagnostics.isEmpty)
        }
    }

    @Test func matchesTheQueryAndJSONBodyWithoutIgnoredParts() async throws {
        let rules = RecordingRules(ignoredQuery: ["nonce"], ignoredBodyFields: ["meta.sent_at"])
        try await withRecorder(rules) { recorder, directory in
            let exchange = RecordedExchange(
                method: "POST",
                path: "/orders",
                rawQuery: "page=2&nonce=123",
                requestHeaders: json,
                requestBody: Array(#"{"product":"B-1","meta":{"sent_at":"now","app":"ios"}}"#.utf8),
                status: 201
            )
            let outcome = try await recorder.record(exchange)
            #expect(outcome.fixtureID.hasPrefix("recorded/POST-orders-"))
            let written = try text(directory, outcome.fixtureID)
            #expect(written.contains(#""page": "2""#))
            #expect(!written.contains("nonce"))
            #expect(!written.contains("sent_at"))
            #expect(written.contains(#""json": {"#), "a subset, since a field was left out")
            let fixture = try #require(try FixtureLoader(directory: directory).load().fixtures.first)
            #expect(fixture.request.body != nil)
        }
    }

    @Test func storesBodiesByContent() async throws {
        try await withRecorder { recorder, directory in
            let cases: [(String, [(String, String)], [UInt8], String)] = [
                ("/j", json, Array(#"[1,2.50]"#.utf8), #""json": ["#),
                ("/t", [("Content-Type", "text/plain")], Array("hi".utf8), #""text": "hi""#),
                ("/b", [("Content-Type", "image/png")], [0x89, 0x50, 0x00, 0xff], #""base64": "iVAA/w==""#),
                ("/tpl", [("Content-Type", "text/plain")], Array("{{uuid}}".utf8), #""base64": "#),
            ]
            for (path, headers, body, expected) in cases {
                let exchange = RecordedExchange(
                    method: "GET",
                    path: path,
                    status: 200,
                    responseHeaders: headers,
                    responseBody: body
                )
                let written = try text(directory, try await recorder.record(exchange).fixtureID)
                #expect(written.contains(expected), "\(path): \(written)")
            }
            #expect(try FixtureLoader(directory: directory).load().diagnostics.isEmpty)
        }
    }

    @Test func matchesABinaryRequestBodyByDigestAndKeepsLatency() async throws {
        try await withRecorder(RecordingRules(keepLatency: true)) { recorder, directory in
            let exchange = RecordedExchange(
                method: "PUT",
                path: "/upload",
                requestBody: [0, 1, 2, 0xff],
                status: 204,
                latency: .milliseconds(41.6)
            )
            let written = try text(directory, try await recorder.record(exchange).fixtureID)
            #expect(written.contains(#""sha256": "\#(SHA256.hex([0, 1, 2, 0xff]))""#))
            #expect(written.contains(#""delay": "42ms""#))
            #expect(try FixtureLoader(directory: directory).load().diagnostics.isEmpty)
        }
    }

    @Test func sha256MatchesTheStandardVectors() {
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex([UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            SHA256.hex(Array(String(repeating: "a", count: 1000).utf8))
                == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"
        )
    }
}
