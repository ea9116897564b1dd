import Foundation
import ServerTestSupport
import StandInSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Huge numbers, catastrophic patterns and control characters, through the built binary.
@Suite struct HostileInputCommandTests {
    @Test func checkReportsHugeDurationsAndCatastrophicPatternsWithTheirLines() async throws {
        let mocks = try temporaryMocks([
            "fixed.json": """
            {
              "request": { "path": "/fixed" },
              "response": { "delay": "10000000000s" }
            }
            """,
            "lognormal.json": """
            {
              "request": { "path": "/lognormal" },
              "response": {
                "delay": { "median": "1us", "p99": "9000000000s" }
              }
            }
            """,
            "nested.json": """
            {
              "request": { "pathRegex": "^/pr/(a+)+$" },
              "response": {}
            }
            """,
        ])
        defer { try? FileManager.default.removeItem(at: mocks) }
        let result = try await StandInBinary.run(["check", "--mocks", mocks.path])
        #expect(result.status == 1, "\(result.error)")
        #expect(result.output.contains(#"fixed.json:3: "10000000000s" is longer than the longest duration"#))
        #expect(result.output.contains(#"lognormal.json:4: "9000000000s" is longer than the longest duration"#))
        #expect(result.output.contains("nested.json:2: regular expression \"^/pr/(a+)+$\" can take exponential time"))
        #expect(result.output.contains("3 problem(s) in 3 file(s)"))
    }

    @Test func serveRefusesAHugeDelayOrHoldFlag() async throws {
        let mocks = try temporaryMocks([:])
        defer { try? FileManager.default.removeItem(at: mocks) }
        for flags in [["--delay", "10000000000s"], ["--delay", "median=1us,p99=9000000000s"], ["--max-hold", "61m"]] {
            let result = try await StandInBinary.run(["serve", "--port", "0", "--mocks", mocks.path] + flags)
            #expect(result.status == 64, "\(flags): \(result.status)")
            #expect(
                result.error.contains("longer than the longest duration StandIn accepts, 1 hour"),
                "\(result.error)"
            )
        }
    }

    @Test func sigtermStopsAServerBusyWithRegexRequestsWithinTheDeadline() async throws {
        let mocks = try temporaryMocks([
            "nested.json": #"{"request": {"pathRegex": "^/pr/(a+)+$"}, "response": {"text": "nested"}}"#,
            "split.json": #"{"request": {"pathRegex": "^/p/(.*)(.*)(.*)x$"}, "response": {"text": "split"}}"#,
        ])
        defer { try? FileManager.default.removeItem(at: mocks) }
        let server = try await ServeProcess(["--mocks", mocks.path, "--threads", "1", "--quiet"])
        let base = "http://127.0.0.1:\(server.port)"
        for path in ["/pr/" + String(repeating: "a", count: 30) + "b", "/p/" + String(repeating: "a", count: 97)] {
            let task = URLSession.shared.dataTask(with: URL(string: base + path)!)
            task.resume()
        }
        try await Task.sleep(for: .milliseconds(200))
        // Without the deadline these requests hold the loop for minutes, and the watchdog's SIGKILL would end the
        // process. The watchdog's minute is no claim about speed: it leaves a loaded machine's scheduling out of it.
        let watchdog = DispatchWorkItem { [process = server.process] in
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        defer { watchdog.cancel() }
        kill(server.process.processIdentifier, SIGTERM)
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
        await onOwnThread { [process = server.process] in process.waitUntilExit() }
        #expect(server.process.terminationReason == .exit, "killed by the test's watchdog")
    }

    @Test func theAccessLogEscapesWhatAPathCouldForge() async throws {
        let mocks = try temporaryMocks([:])
        defer { try? FileManager.default.removeItem(at: mocks) }
        let server = try await ServeProcess(["--mocks", mocks.path])
        let base = "http://127.0.0.1:\(server.port)"
        for path in ["/x%0aGET%20/forged%20200%20ok.json", "/y%1b%5b2J%00"] {
            _ = try await URLSession.shared.exchange(from: URL(string: base + path)!)
        }
        #expect(try await server.printed(#"GET /y\\x1b"#))
        #expect(await server.interrupt() == 0)
        // Each access-log line starts with its time; what follows is the request's.
        let lines = server.text.split(separator: "\n").map { $0.split(separator: " ", maxSplits: 1).last ?? "" }
        #expect(!lines.contains { $0.hasPrefix("GET /forged") })
        #expect(lines.contains { $0.hasPrefix(#"GET /x\x0aGET /forged 200 ok.json 404 NO MATCH"#) })
        #expect(lines.contains { $0.hasPrefix(#"GET /y\x1b[2J\x00 404 NO MATCH"#) })
        #expect(!server.text.contains("\u{1b}"))
    }
}
