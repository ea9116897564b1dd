import Foundation
import ServerTestSupport
import StandInSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a test harness needs from the binary: one server per port, a port file, an output it may stop reading,
/// errors a person can read, and an endpoint table that tells the fixtures of one endpoint apart.
@Suite struct HarnessTests {
    private let sample = StandInBinary.repositoryRoot.appendingPathComponent("Mocks").path

    private func get(_ port: Int, _ path: String) async throws -> (Int, String) {
        let (data, response) = try await URLSession.shared.exchange(
            from: URL(string: "http://127.0.0.1:\(port)\(path)")!
        )
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    /// Checks `condition` every 50 ms until it holds or `seconds` pass; returns whether it held.
    private func eventually(within seconds: Double = 20, _ condition: () -> Bool) async throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return condition()
    }

    private func contents(_ path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    @Test(arguments: [[], ["--threads", "1"], ["--threads", "3"]])
    func aSecondServerOnAHeldPortFailsAndTheFirstKeepsAnswering(threads: [String]) async throws {
        let first = try await ServeProcess(["--mocks", sample, "--threads", "2", "--quiet"])
        defer { first.stop() }
        let second = try await StandInBinary.run(["serve", "--mocks", sample, "--port", "\(first.port)"] + threads)
        #expect(second.status == 1)
        #expect(second.error.contains("cannot listen on 127.0.0.1:\(first.port): address in use"), "\(second.error)")
        #expect(!second.output.contains("StandIn serving"))
        for _ in 0..<10 { #expect(try await get(first.port, "/ping") == (200, "pong")) }
    }

    @Test func servingGoesOnAfterTheReaderOfStandardOutputLeaves() async throws {
        let folder = try temporaryMocks([:])
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = ["PID", "PORT", "STATUS", "FIRST", "CLOSED"].map { ($0, folder.appendingPathComponent($0).path) }
        let path = Dictionary(uniqueKeysWithValues: files)
        // `standin serve | head -n 1`, where the reading side also says when it has closed the pipe, and the
        // writing side records standin's process id and exit status.
        let script = """
            { sh -c 'echo $$ > "$PID"; exec "$STANDIN" serve --mocks "$MOCKS" --port 0 --port-file "$PORT"'; \
            echo $? > "$STATUS"; } | { head -n 1 > "$FIRST"; exec 0<&-; echo closed > "$CLOSED"; }
            """
        let pipeline = ChildProcess()
        pipeline.executableURL = URL(fileURLWithPath: "/bin/sh")
        pipeline.arguments = ["-c", script]
        pipeline.environment = ProcessInfo.processInfo.environment
            .merging(path) { $1 }
            .merging(["STANDIN": StandInBinary.url.path, "MOCKS": sample]) { $1 }
        pipeline.standardOutput = FileHandle.nullDevice
        pipeline.standardError = FileHandle.nullDevice
        try pipeline.run()
        #expect(try await eventually { !contents(path["PID"]!).isEmpty })
        let pid = try #require(Int32(contents(path["PID"]!).trimmed))
        defer { kill(pid, SIGKILL) }
        #expect(try await eventually { !contents(path["CLOSED"]!).isEmpty })
        #expect(contents(path["FIRST"]!).hasPrefix("StandIn serving"))
        #expect(try await eventually { !contents(path["PORT"]!).isEmpty })
        let port = try #require(Int(contents(path["PORT"]!).trimmed))
        for _ in 0..<20 { #expect(try await get(port, "/ping") == (200, "pong")) }
        // The access log is written every 100 ms: wait for a write to the closed pipe, then ask again.
        try await Task.sleep(for: .milliseconds(300))
        #expect(try await get(port, "/ping") == (200, "pong"))
        #expect(kill(pid, 0) == 0)
        kill(pid, SIGINT)
        let exited = try await eventually { !contents(path["STATUS"]!).isEmpty }
        #expect(exited)
        #expect(contents(path["STATUS"]!).trimmed == "0")
        if exited { pipeline.waitUntilExit() }
    }

    @Test(arguments: ["serve", "record"])
    func thePortFileHoldsTheBoundPortOnceListening(command: String) async throws {
        let folder = try temporaryMocks([:])
        defer { try? FileManager.default.removeItem(at: folder) }
        let portFile = folder.appendingPathComponent("port").path
        try Data("stale".utf8).write(to: URL(fileURLWithPath: portFile))
        let upstream = command == "record" ? ["--upstream", "http://127.0.0.1:9"] : []
        let server = try await ServeProcess(
            ["--mocks", folder.path, "--port-file", portFile, "--quiet"] + upstream,
            command: command
        )
        defer { server.stop() }
        #expect(try await eventually { !["", "stale"].contains(contents(portFile)) })
        #expect(contents(portFile) == "\(server.port)\n")
        #expect(try await get(server.port, "/__standin/health").0 == 200)
    }

    @Test func versionPrintsOneVersionNumber() async throws {
        let result = try await StandInBinary.run(["--version"])
        #expect(result.status == 0)
        #expect((try #/\d+\.\d+\.\d+\n/#.wholeMatch(in: result.output)) != nil, "\(result.output)")
    }

    @Test func problemsAtStartAreOnePlainSentence() async throws {
        let folder = try temporaryMocks(["plain.txt": "not a folder"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("plain.txt").path
        let cases: [([String], String)] = [
            (
                ["serve", "--port", "0", "--mocks", "/no/such/dir"],
                "standin: cannot read the mocks directory /no/such/dir: it does not exist"
            ),
            (
                ["list", "--mocks", "/no/such/dir"],
                "standin: cannot read the mocks directory /no/such/dir: it does not exist"
            ),
            (
                ["serve", "--port", "0", "--mocks", file],
                "standin: cannot read the mocks directory \(file): it is not a directory"
            ),
            (
                ["serve", "--port", "0", "--mocks", sample, "--port-file", "/no/such/dir/port"],
                "standin: cannot write the port file /no/such/dir/port: no such file or directory"
            ),
            (
                ["record", "--port", "0", "--upstream", "http://127.0.0.1:9", "--mocks", file + "/mocks"],
                "standin: cannot create the mocks directory \(file)/mocks: not a directory"
            ),
        ]
        for (arguments, sentence) in cases {
            let result = try await StandInBinary.run(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.error.contains(sentence + "\n"), "\(arguments): \(result.error)")
            #expect(!result.error.contains("Error Domain"), "\(arguments): \(result.error)")
        }
    }

    @Test func theEndpointTableTellsFixturesOfOneEndpointApart() async throws {
        let mocks = try temporaryMocks([
            "articles/list.json": #"{ "request": { "path": "/articles" }, "response": { "text": "page 1" } }"#,
            "articles/page-2.json": #"""
            { "request": { "path": "/articles", "query": { "page": "2" } }, "response": { "text": "page 2" } }
            """#,
            "me.json": #"""
            { "request": { "path": "/me", "headers": { "Authorization": { "present": false } } },
              "response": { "status": 401 }, "variants": { "slow": { "delay": "1s" }, "down": { "status": 503 } } }
            """#,
            "login.json": #"""
            { "request": { "method": "POST", "path": "/login", "body": { "json": { "password": "wrong" } } },
              "priority": 10, "response": { "text": "no" } }
            """#,
        ])
        defer { try? FileManager.default.removeItem(at: mocks) }
        let expected = [
            ["METHOD", "PATH", "MATCH", "STATUS", "VARIANTS", "FIXTURE"],
            ["GET", "/articles", "-", "200", "-", "articles/list.json"],
            ["GET", "/articles", "query page=2", "200", "-", "articles/page-2.json"],
            ["POST", "/login", "body json, priority 10", "200", "-", "login.json"],
            ["GET", "/me", "header authorization absent", "401", "down, slow", "me.json"],
        ]
        let listed = try await StandInBinary.run(["list", "--mocks", mocks.path])
        #expect(listed.status == 0)
        #expect(cells(listed.output) == expected)
        let server = try await ServeProcess(["--mocks", mocks.path, "--quiet"])
        #expect(await server.interrupt() == 0)
        #expect(cells(server.text).dropFirst().prefix(expected.count) == expected[...])
    }

    /// The table's rows, split into cells at runs of two or more spaces.
    private func cells(_ text: String) -> [[String]] {
        text.split(separator: "\n").map { line in line.split(separator: #/  +/#).map(String.init) }
    }
}

extension String {
    fileprivate var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
