import Foundation
import NetworkCore
import ServerTestSupport
import StandInSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct CommandLineTests {
    private let broken = [
        "ok.json": #"{ "request": { "path": "/ok" }, "response": { "text": "ok" } }"#,
        "bad/typo.json": """
        {
          "request": { "path": "/typo" },
          "respnse": { "text": "ok" }
        }
        """,
    ]

    @Test func checkPassesOnTheSampleMocks() async throws {
        let mocks = StandInBinary.repositoryRoot.appendingPathComponent("Mocks").path
        let result = try await StandInBinary.run(["check", "--mocks", mocks])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("26 fixture(s) OK, 1 of them resource(s)."))
    }

    @Test func checkReportsFileAndLineAndExitsWithOne() async throws {
        let mocks = try temporaryMocks(broken)
        defer { try? FileManager.default.removeItem(at: mocks) }
        let result = try await StandInBinary.run(["check", "--mocks", mocks.path])
        #expect(result.status == 1)
        #expect(result.output.contains("bad/typo.json:3: unknown key \"respnse\" in fixture"))
        #expect(result.output.contains("1 problem(s) in 1 file(s); 1 fixture(s) OK."))
    }

    @Test func checkOfAMissingDirectoryFailsWithAMessage() async throws {
        let result = try await StandInBinary.run(["check", "--mocks", "/nonexistent/mocks"])
        #expect(result.status == 1)
        #expect(result.error.contains("cannot read the mocks directory /nonexistent/mocks"))
    }

    @Test func listPrintsTheEndpointTable() async throws {
        let mocks = try temporaryMocks(broken)
        defer { try? FileManager.default.removeItem(at: mocks) }
        let result = try await StandInBinary.run(["list", "--mocks", mocks.path])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n")
        #expect(lines.first?.hasPrefix("METHOD  PATH  MATCH  STATUS  VARIANTS  FIXTURE") == true)
        #expect(lines.dropFirst().first == "GET     /ok   -      200     -         ok.json")
        #expect(result.error.contains("typo.json:3:"))
    }

    @Test func listShowsAResourceAsOneRowWithItsVariants() async throws {
        let resource = #"{"resource": {"path": "/todos"}, "variants": {"down": {"status": 503}}}"#
        let mocks = try temporaryMocks(["todos.json": resource])
        defer { try? FileManager.default.removeItem(at: mocks) }
        let result = try await StandInBinary.run(["list", "--mocks", mocks.path])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n")
        #expect(lines.dropFirst().first == "ANY     /todos  resource, and /todos/{id}  -       down      todos.json")
    }

    @Test func listShowsAFixturesHostInTheMatchColumn() async throws {
        let pinned = #"{"request": {"path": "/me", "host": "API.example.com", "query": {"v": "2"}}, "response": {}}"#
        let mocks = try temporaryMocks(["me.json": pinned])
        defer { try? FileManager.default.removeItem(at: mocks) }
        let result = try await StandInBinary.run(["list", "--mocks", mocks.path])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n")
        #expect(lines.dropFirst().first == "GET     /me   host api.example.com, query v=2  200     -         me.json")
    }

    @Test func serveOnPortZeroPrintsTheAddressServesAndLogsEachRequest() async throws {
        let mocks = try temporaryMocks(broken)
        defer { try? FileManager.default.removeItem(at: mocks) }
        let server = try await ServeProcess(["--mocks", mocks.path])
        let (data, response) = try await URLSession.shared.exchange(
            from: URL(string: "http://127.0.0.1:\(server.port)/ok")!
        )
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self) == "ok")
        _ = try? await URLSession.shared.exchange(from: URL(string: "http://127.0.0.1:\(server.port)/missing")!)
        #expect(try await server.printed("GET /missing 404 NO MATCH"))
        #expect(await server.interrupt() == 0)
        #expect(server.text.contains("GET     /ok   -      200     -         ok.json"))
        #expect(server.text.contains(#/GET /ok 200 ok\.json \d+\.\d\dms/#))
        #expect(server.text.contains(#/GET /missing 404 NO MATCH \d+\.\d\dms/#))
        #expect(server.text.contains("StandIn stopped (SIGINT)."))
    }

    @Test func serveBannerCountsResourcesAmongTheFixtures() async throws {
        let resource = #"{"resource": {"path": "/todos"}}"#
        let mocks = try temporaryMocks(["ok.json": broken["ok.json"]!, "todos.json": resource])
        defer { try? FileManager.default.removeItem(at: mocks) }
        let server = try await ServeProcess(["--mocks", mocks.path, "--quiet"])
        #expect(await server.interrupt() == 0)
        #expect(server.text.contains("StandIn serving 2 fixture(s) from"), "\(server.text)")
    }

    @Test func accessLogLinesCarryTheTimestampOtherLogLinesDo() async throws {
        let mocks = try temporaryMocks(broken)
        defer { try? FileManager.default.removeItem(at: mocks) }
        let server = try await ServeProcess(["--mocks", mocks.path])
        _ = try await URLSession.shared.exchange(from: URL(string: "http://127.0.0.1:\(server.port)/ok")!)
        #expect(try await server.printed("GET /ok 200"))
        #expect(await server.interrupt() == 0)
        let stamp = #/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4}/#
        let line = try #require(server.text.split(separator: "\n").first { $0.contains("GET /ok 200") })
        #expect(try stamp.prefixMatch(in: line) != nil, "\(line)")
    }

    @Test func quietServeLogsNoRequests() async throws {
        let mocks = try temporaryMocks(broken)
        defer { try? FileManager.default.removeItem(at: mocks) }
        let server = try await ServeProcess(["--mocks", mocks.path, "--quiet"])
        _ = try await URLSession.shared.exchange(from: URL(string: "http://127.0.0.1:\(server.port)/ok")!)
        // Stopping flushes the access log: a line it held would be printed by the time the process exits.
        #expect(await server.interrupt() == 0)
        #expect(!server.text.contains("GET /ok"))
    }

    @Test func strictServeRefusesBrokenFixtures() async throws {
        let mocks = try temporaryMocks(broken)
        defer { try? FileManager.default.removeItem(at: mocks) }
        let result = try await StandInBinary.run(["serve", "--port", "0", "--strict", "--mocks", mocks.path])
        #expect(result.status == 1)
        #expect(result.error.contains("--strict"))
        #expect(result.error.contains("typo.json:3:"))
    }

    @Test func simulationFlagsShowInTheAccessLog() async throws {
        let mocks = try temporaryMocks(broken)
        defer { try? FileManager.default.removeItem(at: mocks) }
        let server = try await ServeProcess([
            "--mocks", mocks.path, "--delay", "50ms", "--fail-rate", "1:503", "--seed", "1",
        ])
        let url = URL(string: "http://127.0.0.1:\(server.port)/ok")!
        let (_, response) = try await URLSession.shared.exchange(from: url)
        #expect((response as? HTTPURLResponse)?.statusCode == 503)
        #expect(try await server.printed("GET /ok 503"))
        #expect(await server.interrupt() == 0)
        #expect(server.text.contains(#/GET /ok 503 ok\.json \d+\.\d\dms delay=50ms/#))
    }

    @Test func badSimulationFlagsAreValidationErrors() async throws {
        let mocks = try temporaryMocks(broken)
        defer { try? FileManager.default.removeItem(at: mocks) }
        let cases: [([String], String)] = [
            (["--delay", "soon"], "is not a duration"),
            (["--fail-rate", "2:503"], "is not a fail rate"),
            (["--fail-rate", "0.7:503", "--fail-rate", "0.7:timeout"], "add up to more than 1"),
            (["--variant", "GET /ok"], "must look like"),
            (["--variant", "GET /ok=missing"], "GET /ok has no variant \"missing\"; it has none"),
        ]
        for (flags, message) in cases {
            let result = try await StandInBinary.run(["serve", "--port", "0", "--mocks", mocks.path] + flags)
            #expect(result.status != 0, "\(flags)")
            #expect(result.error.contains(message), "\(flags): \(result.error)")
        }
    }

    @Test func limitFlagsReachTheServerAndRefusalsAreLogged() async throws {
        let mocks = try temporaryMocks(broken)
        defer { try? FileManager.default.removeItem(at: mocks) }
        let server = try await ServeProcess(["--mocks", mocks.path, "--max-header-size", "1024"])
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(server.port)/ok")!)
        request.setValue(String(repeating: "a", count: 2000), forHTTPHeaderField: "X-Big")
        let (_, response) = try await URLSession.shared.exchange(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 431)
        #expect(try await server.printed("GET /ok 431"))
        #expect(await server.interrupt() == 0)
        #expect(server.text.contains(#/GET /ok 431 REFUSED \d+\.\d\dms head of \d+ bytes is over the limit/#))
    }

    @Test func badLimitFlagsAreValidationErrors() async throws {
        for flag in ["--max-header-size", "--max-body-size", "--read-timeout", "--idle-timeout", "--max-connections"] {
            let result = try await StandInBinary.run(["serve", "--port", "0", flag, "0"])
            #expect(result.status != 0, "\(flag)")
            #expect(result.error.contains("\(flag) must be 1 or more."), "\(flag): \(result.error)")
        }
    }

    private func status(_ url: String, token: String? = nil) async throws -> (Int, String) {
        var request = URLRequest(url: URL(string: url)!)
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await URLSession.shared.exchange(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    @Test func adminTokenAndJournalSizeReachTheServer() async throws {
        let mocks = try temporaryMocks(broken)
        defer { try? FileManager.default.removeItem(at: mocks) }
        let server = try await ServeProcess([
            "--mocks", mocks.path, "--admin-token", "t0k", "--journal-size", "5", "--quiet",
        ])
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        #expect(try await status(base + "/__standin/health").0 == 401)
        #expect(try await status(base + "/__standin/health", token: "t0k") == (200, #"{"status":"ok","fixtures":1}"#))
        for _ in 0..<8 { _ = try await status(base + "/ok") }
        let journal = try await status(base + "/__standin/requests", token: "t0k").1
        #expect(journal.hasPrefix(#"{"count":5,"capacity":5,"#))
    }

    @Test func variantFlagIsServedAndShownByTheAdminAPI() async throws {
        let mocks = try temporaryMocks([
            "user.json": #"""
            { "request": { "path": "/me" }, "response": { "text": "ok" }, "variants": { "down": { "status": 503 } } }
            """#
        ])
        defer { try? FileManager.default.removeItem(at: mocks) }
        let server = try await ServeProcess(["--mocks", mocks.path, "--variant", "GET /me=down", "--quiet"])
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        #expect(try await status(base + "/me").0 == 503)
        #expect(try await status(base + "/__standin/variants").1 == #"{"GET /me":"down"}"#)
    }

    @Test func watchingIsOnByDefaultAndOffWithNoWatch() async throws {
        for watching in [true, false] {
            let mocks = try temporaryMocks(broken)
            defer { try? FileManager.default.removeItem(at: mocks) }
            let server = try await ServeProcess(["--mocks", mocks.path, "--quiet"] + (watching ? [] : ["--no-watch"]))
            defer { server.stop() }
            let edited = #"{ "request": { "path": "/ok" }, "response": { "text": "edited" } }"#
            try writeFile(edited, to: mocks.appendingPathComponent("ok.json"), atomically: true)
            let url = "http://127.0.0.1:\(server.port)/ok"
            if watching {
                // How soon is measured in process, on the server's clock (ReloadTests).
                _ = try await poll(
                    every: .milliseconds(50),
                    timeout: .seconds(10),
                    until: { $0 == "edited" },
                    operation: { try await status(url).1 }
                )
            } else {
                try await Task.sleep(for: .milliseconds(800))
                #expect(try await status(url).1 == "ok")
            }
        }
    }

    @Test func negativeJournalBoundsAreValidationErrors() async throws {
        let result = try await StandInBinary.run(["serve", "--journal-size=-1"])
        #expect(result.status != 0)
        #expect(result.error.contains("--journal-size must be 0 (off) or more"))
        let bytes = try await StandInBinary.run(["serve", "--journal-bytes=-1"])
        #expect(bytes.status != 0)
        #expect(bytes.error.contains("--journal-bytes must be 0 or more"))
    }

    @Test func invalidPortIsAValidationError() async throws {
        let result = try await StandInBinary.run(["serve", "--port", "70000"])
        #expect(result.status != 0)
        #expect(result.error.contains("--port must be within 0...65535"))
    }

    #if os(Linux)
    @Test func oneThreadServesFromASingleThreadProcess() async throws {
        let mocks = try temporaryMocks(broken)
        defer { try? FileManager.default.removeItem(at: mocks) }
        let server = try await ServeProcess(["--mocks", mocks.path, "--threads", "1"])
        let (data, _) = try await URLSession.shared.exchange(from: URL(string: "http://127.0.0.1:\(server.port)/ok")!)
        #expect(String(decoding: data, as: UTF8.self) == "ok")
        let tasks = "/proc/\(server.process.processIdentifier)/task"
        #expect(try FileManager.default.contentsOfDirectory(atPath: tasks).count == 1)
        #expect(await server.interrupt() == 0)
    }
    #endif

    @Test func threadCountOutsideItsRangeIsAValidationError() async throws {
        let result = try await StandInBinary.run(["serve", "--threads", "0"])
        #expect(result.status != 0)
        #expect(result.error.contains("--threads must be within 1...256"))
    }

    @Test func helpNamesEverySubcommand() async throws {
        let result = try await StandInBinary.run(["--help"])
        #expect(result.status == 0)
        for command in ["serve", "record", "check", "list"] { #expect(result.output.contains(command)) }
    }
}
