import Foundation
import Logging
import MockServer
import NetworkCore
import ServerTestSupport
import Testing

@Suite struct ReloadTests {
    private static func fixture(path: String, text: String) -> String {
        #"{ "request": { "path": "\#(path)" }, "response": { "text": "\#(text)" } }"#
    }

    private static func write(_ contents: String, to file: String, in mocks: URL) throws {
        try writeFile(contents, to: mocks.appendingPathComponent(file), atomically: true)
    }

    @Test func editsAdditionsRemovalsAndRenamesTakeEffectWithinASecond() async throws {
        let files = ["a.json": Self.fixture(path: "/a", text: "one"), "b.json": Self.fixture(path: "/b", text: "b")]
        let log = CapturedLog()
        try await withMocks(files) { mocks async throws in
            try await withServer(mocks: mocks, watch: true, logger: log.logger) { base async throws in
                #expect(try await fetch(base, "/a").text == "one")
                let edit = try await reloadTime(loggedIn: log) {
                    try Self.write(Self.fixture(path: "/a", text: "two"), to: "a.json", in: mocks)
                } until: {
                    try await fetch(base, "/a").text == "two"
                }
                #expect(edit < .seconds(1), "edit")

                let addition = try await reloadTime(loggedIn: log) {
                    try Self.write(Self.fixture(path: "/c", text: "new"), to: "more/c.json", in: mocks)
                } until: {
                    try await fetch(base, "/c").text == "new"
                }
                #expect(addition < .seconds(1), "addition")

                let removal = try await reloadTime(loggedIn: log) {
                    try FileManager.default.removeItem(at: mocks.appendingPathComponent("b.json"))
                } until: {
                    try await fetch(base, "/b").status == 404
                }
                #expect(removal < .seconds(1), "removal")

                let rename = try await reloadTime(loggedIn: log) {
                    try FileManager.default.moveItem(
                        at: mocks.appendingPathComponent("more/c.json"),
                        to: mocks.appendingPathComponent("c-renamed.json")
                    )
                } until: {
                    let list = try await fetch(base, "/__standin/fixtures").json()["fixtures"] as? [[String: Any]]
                    return list?.contains { $0["id"] as? String == "c-renamed.json" } == true
                }
                #expect(rename < .seconds(1), "rename")
                #expect(try await fetch(base, "/c").text == "new")
            }
        }
    }

    /// The watch is armed before the fixtures load and read on the server's own thread once it runs: an edit in
    /// between still shows.
    @Test func anEditBeforeWatchingBeginsIsLoaded() async throws {
        try await withMocks(["a.json": Self.fixture(path: "/a", text: "one")]) { mocks async throws in
            let configuration = MockServerConfiguration(mocksDirectory: mocks, port: 0, accessLog: false, watch: true)
            let server = try MockServer(configuration: configuration, logger: Logger(label: "test"))
            try Self.write(Self.fixture(path: "/a", text: "two"), to: "a.json", in: mocks)
            try server.start()
            defer { server.stop() }
            let base = try #require(URL(string: "http://127.0.0.1:\(server.port)"))
            // On a thread of its own, as `withRunningServer` runs its body. A generous bound: on a loaded machine one
            // request's answer has been seen to reach the test 10 s late.
            let served = try await onOwnExecutor {
                try await poll(
                    every: .milliseconds(20),
                    timeout: .seconds(60),
                    until: { $0 == "two" },
                    operation: { try await fetch(base, "/a").text }
                )
            }
            #expect(served == "two")
        }
    }

    @Test func brokenEditKeepsTheLastGoodVersionServing() async throws {
        let files = ["a.json": Self.fixture(path: "/a", text: "good"), "b.json": Self.fixture(path: "/b", text: "b")]
        try await withMocks(files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                try Self.write("{\n  \"request\": { \"path\": \"/a\" },\n  \"respons\": {}\n}", to: "a.json", in: mocks)
                try Self.write(Self.fixture(path: "/b", text: "b2"), to: "b.json", in: mocks)
                let reload = try await fetch(base, "/__standin/reload", method: "POST")
                #expect(reload.status == 200)
                let json = try reload.json()
                let diagnostic = try #require((json["diagnostics"] as? [[String: Any]])?.first)
                #expect((diagnostic["file"] as? String)?.hasSuffix("a.json") == true)
                #expect(diagnostic["line"] as? Int == 3)
                #expect((diagnostic["message"] as? String)?.contains("a.json:3: ") == true)
                #expect(json["keptLastGood"] as? [String] == ["a.json"])
                #expect(json["fixtures"] as? Int == 2)
                #expect(try await fetch(base, "/a").text == "good")
                #expect(try await fetch(base, "/b").text == "b2")

                try Self.write(Self.fixture(path: "/a", text: "fixed"), to: "a.json", in: mocks)
                let fixed = try await fetch(base, "/__standin/reload", method: "POST").json()
                #expect((fixed["diagnostics"] as? [Any])?.isEmpty == true)
                #expect(try await fetch(base, "/a").text == "fixed")
            }
        }
    }

    @Test func sequencesOfUnchangedFixturesSurviveAReload() async throws {
        let sequence = #"{ "request": { "path": "/seq" }, "sequence": [ { "text": "1" }, { "text": "2" } ] }"#
        let files = ["seq.json": sequence, "other.json": Self.fixture(path: "/o", text: "o")]
        try await withMocks(files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                #expect(try await fetch(base, "/seq").text == "1")
                try Self.write(Self.fixture(path: "/o", text: "o2"), to: "other.json", in: mocks)
                _ = try await fetch(base, "/__standin/reload", method: "POST")
                #expect(try await fetch(base, "/seq").text == "2", "unchanged: keeps its place")

                try Self.write(sequence.replacingOccurrences(of: "\"2\"", with: "\"two\""), to: "seq.json", in: mocks)
                _ = try await fetch(base, "/__standin/reload", method: "POST")
                #expect(try await fetch(base, "/seq").text == "1", "changed: starts over")
                #expect(try await fetch(base, "/seq").text == "two")
            }
        }
    }

    @Test func withoutWatchingEditsWaitForAnExplicitReload() async throws {
        try await withMocks(["a.json": Self.fixture(path: "/a", text: "one")]) { mocks async throws in
            try await withServer(mocks: mocks, watch: false) { base async throws in
                try Self.write(Self.fixture(path: "/a", text: "two"), to: "a.json", in: mocks)
                try await Task.sleep(for: .milliseconds(600))
                #expect(try await fetch(base, "/a").text == "one")
                _ = try await fetch(base, "/__standin/reload", method: "POST")
                #expect(try await fetch(base, "/a").text == "two")
            }
        }
    }

    @Test func reloadIsAtomicWhileEightClientsHammer() async throws {
        let files = [
            "a.json": Self.fixture(path: "/a", text: "old"),
            "b.json": Self.fixture(path: "/b", text: "old"),
        ]
        try await withMocks(files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                let done = Flag()
                let (bad, served) = try await withThrowingTaskGroup(of: ([String], Int).self) { group in
                    for client in 0..<8 {
                        group.addTask {
                            var bad: [String] = []
                            var served = 0
                            let path = client.isMultiple(of: 2) ? "/a" : "/b"
                            while !done.isSet {
                                let response = try await fetch(base, path)
                                served += 1
                                if response.status != 200 || !["old", "new"].contains(response.text) {
                                    bad.append("\(response.status) \(response.text)")
                                }
                            }
                            return (bad, served)
                        }
                    }
                    for round in 0..<50 {
                        let text = round.isMultiple(of: 2) ? "new" : "old"
                        try Self.write(Self.fixture(path: "/a", text: text), to: "a.json", in: mocks)
                        try Self.write(Self.fixture(path: "/b", text: text), to: "b.json", in: mocks)
                        let reload = try await fetch(base, "/__standin/reload", method: "POST")
                        #expect(try reload.json()["fixtures"] as? Int == 2)
                    }
                    done.set()
                    return try await group.reduce(into: ([String](), 0)) {
                        $0.0 += $1.0
                        $0.1 += $1.1
                    }
                }
                #expect(bad.isEmpty, "\(bad.prefix(5))")
                #expect(served >= 50, "only \(served) requests were served during the reloads")
                #expect(try await fetch(base, "/a").text == "old")
            }
        }
    }
}

/// A flag one task sets and others read.
final class Flag: @unchecked Sendable {
    // `@unchecked Sendable`: `value` is only touched while `lock` is held.
    private let lock = NSLock()
    private var value = false

    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    func set() {
        lock.lock()
        value = true
        lock.unlock()
    }
}
