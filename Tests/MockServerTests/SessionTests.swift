import Foundation
import MockServer
import NetworkCore
import ServerTestSupport
import StandInSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct SessionTests {
    static let sessionCount = 16
    static let requestsPerSession = 50

    /// One endpoint with a variant per session (`v0` … `v15`), and a sequence.
    static let files: [String: String] = {
        let variants = (0..<sessionCount).map { #""v\#($0)": { "text": "v\#($0)" }"# }.joined(separator: ", ")
        return [
            "item.json":
                #"{ "request": { "path": "/item" }, "response": { "text": "default" }, "variants": { \#(variants) } }"#,
            "todos.json": #"{ "resource": { "path": "/todos", "seed": [ { "id": 1, "title": "Buy milk" } ] } }"#,
            "job.json": #"""
            { "request": { "path": "/jobs/{id}" },
              "sequence": [ { "text": "queued" }, { "text": "running" }, { "text": "done" } ] }
            """#,
        ]
    }()

    /// Starts a session and returns its id.
    static func start(_ base: URL, _ body: String = "") async throws -> String {
        let created = try await fetch(base, "/__standin/sessions", method: "POST", body: Data(body.utf8))
        #expect(created.status == 201)
        return try #require(try created.json()["id"] as? String)
    }

    static func journalCount(_ base: URL, session: String? = nil) async throws -> Int? {
        let headers = session.map { ["X-StandIn-Session": $0] } ?? [:]
        return try await fetch(base, "/__standin/requests", headers: headers).json()["count"] as? Int
    }

    /// How a test's requests join their session.
    enum Route: CaseIterable {
        /// On the main port, with `X-StandIn-Session`.
        case header
        /// On the session's own port (`baseURL`).
        case port
    }

    @Test(arguments: Route.allCases)
    func parallelSessionsSeeOnlyTheirOwnVariantAndJournal(route: Route) async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks, threads: 2) { base async throws in
                var sessions: [(id: String, url: URL)] = []
                for number in 0..<Self.sessionCount {
                    let created = try await fetch(base, "/__standin/sessions", method: "POST")
                    let id = try #require(try created.json()["id"] as? String)
                    let url = try #require((try created.json()["baseURL"] as? String).flatMap(URL.init(string:)))
                    #expect(url.port != base.port)
                    let selected = try await fetch(
                        route == .port ? url : base,
                        "/__standin/variants",
                        method: "PUT",
                        headers: route == .port ? [:] : ["X-StandIn-Session": id],
                        body: Data(#"{"GET /item": "v\#(number)"}"#.utf8)
                    )
                    #expect(selected.status == 200)
                    sessions.append((id, url))
                }
                let answers = try await withThrowingTaskGroup(of: (Int, [String]).self) { group in
                    for (number, session) in sessions.enumerated() {
                        group.addTask {
                            let client = URLSession(configuration: .ephemeral)
                            defer { client.finishTasksAndInvalidate() }
                            var request = URLRequest(
                                url: (route == .port ? session.url : base).appendingPathComponent("item")
                            )
                            if route == .header {
                                request.setValue(session.id, forHTTPHeaderField: "X-StandIn-Session")
                            }
                            request.timeoutInterval = 60
                            var texts: [String] = []
                            for _ in 0..<Self.requestsPerSession {
                                let (data, _) = try await client.exchange(for: request)
                                texts.append(String(decoding: data, as: UTF8.self))
                            }
                            return (number, texts)
                        }
                    }
                    return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
                }
                for number in 0..<Self.sessionCount {
                    #expect(answers[number] == Array(repeating: "v\(number)", count: Self.requestsPerSession))
                }
                for session in sessions {
                    #expect(try await Self.journalCount(base, session: session.id) == Self.requestsPerSession)
                    #expect(try await Self.journalCount(session.url) == Self.requestsPerSession)
                }
                #expect(try await Self.journalCount(base) == 0)
                #expect(try await fetch(base, "/item").text == "default")
            }
        }
    }

    @Test(.enabled(if: LoopbackPortReport.canReadSocketTable, "reads the kernel's socket table"))
    func endingASessionClosesItsPort() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                let created = try await fetch(base, "/__standin/sessions", method: "POST")
                let id = try #require(try created.json()["id"] as? String)
                let url = try #require((try created.json()["baseURL"] as? String).flatMap(URL.init(string:)))
                #expect(try await fetch(url, "/item").text == "default")
                // The port's socket, by inode: another test's server may take the port's number once it is free.
                let port = try #require(url.port)
                let socket = try #require(LoopbackPortReport.ownListenerInode(port: port))
                // Ended by a call on its own port.
                #expect(try await fetch(url, "/__standin/sessions/\(id)", method: "DELETE").status == 200)
                let closed = try await poll(
                    every: .milliseconds(50),
                    timeout: .seconds(60),
                    until: { $0 },
                    operation: { !LoopbackPortReport.socketIsOpen(inode: socket) }
                )
                #expect(closed)
            }
        }
    }

    @Test func endingASessionClosesTheRequestsItsPortHoldsAndTheServerGoesOn() async throws {
        try await withMocks(Self.files) { mocks async throws in
            let configuration = MockServerConfiguration(
                mocksDirectory: mocks,
                threads: 2,
                accessLog: false,
                watch: false
            )
            try await withRunningServer(configuration) { server async throws in
                let base = URL(string: "http://127.0.0.1:\(server.port)")!
                for _ in 0..<4 {
                    let created = try await fetch(base, "/__standin/sessions", method: "POST")
                    let id = try #require(try created.json()["id"] as? String)
                    let url = try #require((try created.json()["baseURL"] as? String).flatMap(URL.init(string:)))
                    // Held answers on the session's port: a long delay, a timeout fault and a slow body. Each would
                    // hold its connection for minutes; the bound below leaves the rest to a loaded machine.
                    let held = try ["X-StandIn-Delay: 240s", "X-StandIn-Fault: timeout", "X-StandIn-Fault: slow-body"]
                        .map { control in
                            let connection = try RawConnection(port: try #require(url.port), timeout: 120)
                            #expect(connection.sendNow("GET /item HTTP/1.1\r\nHost: x\r\n\(control)\r\n\r\n"))
                            return connection
                        }
                    // Every connection in, and the delay and the timeout held (the short slow body may be out already).
                    let holding = try await server.held { $0.connections >= held.count && $0.deferredRequests >= 2 }
                    #expect(holding.connections >= held.count && holding.deferredRequests >= 2, "\(holding)")
                    let ending = ContinuousClock.now
                    #expect(try await fetch(base, "/__standin/sessions/\(id)", method: "DELETE").status == 200)
                    for connection in held {
                        let (text, ended) = await connection.readAllTimed()
                        #expect(ended - ending < .seconds(100), "a held request outlived its session: \(text)")
                    }
                }
                #expect(try await fetch(base, "/item").text == "default")
                #expect(try await fetch(base, "/__standin/sessions", method: "POST").status == 201)
            }
        }
    }

    @Test func aSessionsPortSharesTheServersConnectionLimit() async throws {
        var limits = ServerLimits()
        limits.maxConnections = 2
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks, limits: limits) { base async throws in
                let admin = try RawConnection(port: try #require(base.port))
                await admin.send(
                    "POST /__standin/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                        + "Content-Length: 0\r\nConnection: close\r\n\r\n"
                )
                let created = await admin.readAll()
                let port = try #require(
                    created.firstMatch(of: /"baseURL" *: *"http:[^"]*:(\d+)"/).flatMap { Int($0.1) },
                    "\(created)"
                )
                // One connection on the main port and one on the session's: the server's two.
                let main = try RawConnection(port: try #require(base.port))
                let held = try RawConnection(port: port)
                for connection in [main, held] {
                    await connection.send("GET /item HTTP/1.1\r\nHost: x\r\n\r\n")
                    #expect(await connection.readAvailable().hasSuffix("default"))
                }
                let waiting = try RawConnection(port: port, timeout: 1)
                await waiting.send("GET /item HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                #expect(await waiting.readAll().isEmpty, "the session's port answered a connection over the limit")
                main.hangUp()
                waiting.setReadTimeout(seconds: 10)
                let reply = await waiting.readAll()
                #expect(reply.hasPrefix("HTTP/1.1 200"), "got \(reply.prefix(40))")
                withExtendedLifetime(held) {}
            }
        }
    }

    @Test func sequencesAdvanceAndResetPerSession() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                let first = try await Self.start(base)
                let second = try await Self.start(base)
                func poll(_ id: String?) async throws -> String {
                    try await fetch(base, "/jobs/1", headers: id.map { ["X-StandIn-Session": $0] } ?? [:]).text
                }
                #expect(try await poll(first) == "queued")
                #expect(try await poll(first) == "running")
                #expect(try await poll(second) == "queued")
                #expect(try await poll(nil) == "queued")

                let reset = try await fetch(
                    base,
                    "/__standin/reset",
                    method: "POST",
                    headers: ["X-StandIn-Session": first]
                )
                #expect(reset.status == 200)
                #expect(try await poll(first) == "queued")
                #expect(try await poll(second) == "running")
                #expect(try await poll(nil) == "running")
                #expect(try await Self.journalCount(base, session: first) == 1)
                #expect(try await Self.journalCount(base, session: second) == 2)
                #expect(try await Self.journalCount(base) == 2)
            }
        }
    }

    @Test func resourceItemsBelongToTheirSession() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                let own = try await Self.start(base)
                let other = try await Self.start(base)
                func total(_ id: String?) async throws -> String? {
                    try await fetch(base, "/todos", headers: id.map { ["X-StandIn-Session": $0] } ?? [:])
                        .header("X-Total-Count")
                }
                let created = try await fetch(
                    base,
                    "/todos",
                    method: "POST",
                    headers: ["X-StandIn-Session": own, "Content-Type": "application/json"],
                    body: Data(#"{ "title": "Write tests" }"#.utf8)
                )
                #expect(created.status == 201)
                #expect(try await total(own) == "2")
                #expect(try await total(other) == "1")
                #expect(try await total(nil) == "1")

                let reset = try await fetch(
                    base,
                    "/__standin/reset",
                    method: "POST",
                    headers: ["X-StandIn-Session": own]
                )
                #expect(reset.status == 200)
                #expect(try await total(own) == "1")
            }
        }
    }

    @Test func runTimeFixturesBelongToTheirSession() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                let own = try await Self.start(base)
                let other = try await Self.start(base)
                let added = try await fetch(
                    base,
                    "/__standin/fixtures",
                    method: "POST",
                    headers: ["X-StandIn-Session": own],
                    body: Data(#"{ "request": { "path": "/extra" }, "response": { "text": "mine" } }"#.utf8)
                )
                #expect(added.status == 201)
                #expect(try await fetch(base, "/extra", headers: ["X-StandIn-Session": own]).text == "mine")
                #expect(try await fetch(base, "/extra", headers: ["X-StandIn-Session": other]).status == 404)
                #expect(try await fetch(base, "/extra").status == 404)
                #expect(try await fetch(base, "/item", headers: ["X-StandIn-Session": other]).text == "default")
            }
        }
    }

    @Test func unknownEndedOrMalformedSessionsAreRefusedNeverServedFromSharedState() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                let unknown = "0123456789abcdef"
                let request = try await fetch(base, "/item", headers: ["X-StandIn-Session": unknown])
                #expect(request.status == 404)
                #expect((try request.json()["message"] as? String)?.contains(unknown) == true)
                let admin = try await fetch(base, "/__standin/variants", headers: ["X-StandIn-Session": unknown])
                #expect(admin.status == 404)
                #expect((try admin.json()["message"] as? String)?.contains(unknown) == true)

                let malformed = try await fetch(base, "/item", headers: ["X-StandIn-Session": "../etc"])
                #expect(malformed.status == 400)
                #expect((try malformed.json()["message"] as? String)?.contains("not a session id") == true)

                let id = try await Self.start(base)
                #expect(try await fetch(base, "/__standin/sessions/\(id)", method: "DELETE").status == 200)
                #expect(try await fetch(base, "/item", headers: ["X-StandIn-Session": id]).status == 404)
                #expect(try await fetch(base, "/__standin/sessions/\(id)", method: "DELETE").status == 404)
                #expect(try await Self.journalCount(base) == 0)
            }
        }
    }

    @Test func sessionsAreListedWithNameRequestsAndExpiry() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                let id = try await Self.start(base, #"{"name": "checkout", "ttl": "2h"}"#)
                _ = try await fetch(base, "/item", headers: ["X-StandIn-Session": id])
                let listed = try await fetch(base, "/__standin/sessions")
                let sessions = try #require(try JSONSerialization.jsonObject(with: listed.body) as? [[String: Any]])
                let session = try #require(sessions.first)
                #expect(sessions.count == 1)
                #expect(session["id"] as? String == id)
                #expect(session["name"] as? String == "checkout")
                #expect(session["requests"] as? Int == 1)
                let expiresAt = try #require(session["expiresAt"] as? String)
                let expiry = try Date(
                    expiresAt,
                    strategy: .iso8601.year().month().day().time(includingFractionalSeconds: true)
                )
                #expect(expiry > Date(timeIntervalSinceNow: 3600))
                #expect(expiry <= Date(timeIntervalSinceNow: 7200))
            }
        }
    }

    @Test func badTTLsAndTooManySessionsAreRefused() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks, maxSessions: 2) { base async throws in
                for ttl in ["soon", "25h", "0s", "-1m"] {
                    let refused = try await fetch(
                        base,
                        "/__standin/sessions",
                        method: "POST",
                        body: Data(#"{"ttl": "\#(ttl)"}"#.utf8)
                    )
                    #expect(refused.status == 400)
                    #expect((try refused.json()["message"] as? String)?.contains(ttl) == true)
                }
                _ = try await Self.start(base)
                let second = try await Self.start(base)
                let third = try await fetch(base, "/__standin/sessions", method: "POST")
                #expect(third.status == 429)
                #expect((try third.json()["message"] as? String)?.contains("--max-sessions") == true)
                #expect(try await fetch(base, "/__standin/sessions/\(second)", method: "DELETE").status == 200)
                _ = try await Self.start(base)
            }
        }
    }

    @Test func aTTLInHexadecimalOrWithAnExponentIsRefused() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                for ttl in ["0x10s", "0x1p4m", "1e2s", "1.s", ".5m"] {
                    let refused = try await fetch(
                        base,
                        "/__standin/sessions",
                        method: "POST",
                        body: Data(#"{"ttl": "\#(ttl)"}"#.utf8)
                    )
                    #expect(refused.status == 400, "ttl \(ttl)")
                }
            }
        }
    }

    @Test func aSessionNameIsCappedInBytesNotCharacters() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                // One character: a letter and a thousand combining accents, 2,001 bytes of UTF-8.
                let accented = "a" + String(repeating: "\u{0301}", count: 1000)
                let refused = try await fetch(
                    base,
                    "/__standin/sessions",
                    method: "POST",
                    body: Data(#"{"name": "\#(accented)"}"#.utf8)
                )
                #expect(refused.status == 400)
                #expect((try refused.json()["message"] as? String)?.contains("bytes") == true)
                let longest = String(repeating: "\u{00e9}", count: 100)
                _ = try await Self.start(base, #"{"name": "\#(longest)"}"#)
            }
        }
    }

    @Test func aSessionsRunTimeFixturesAreBoundedInBytes() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                let session = ["X-StandIn-Session": try await Self.start(base)]
                let text = String(repeating: "x", count: 1 << 20)
                let fixture = Data(#"{"request": {"path": "/big"}, "response": {"text": "\#(text)"}}"#.utf8)
                var statuses: [Int] = []
                var last: FetchedResponse?
                while statuses.last != 507, statuses.count < 8 {
                    last = try await fetch(base, "/__standin/fixtures", method: "POST", headers: session, body: fixture)
                    statuses.append(last?.status ?? 0)
                }
                // A session's run-time fixtures hold at most 4 MiB of fixture JSON: three of just over 1 MiB fit.
                #expect(statuses == [201, 201, 201, 507])
                #expect((try last?.json()["message"] as? String)?.contains("bytes") == true)
                let removed = try await fetch(
                    base,
                    "/__standin/fixtures/runtime/1",
                    method: "DELETE",
                    headers: session
                )
                #expect(removed.status == 200)
                let again = try await fetch(
                    base,
                    "/__standin/fixtures",
                    method: "POST",
                    headers: session,
                    body: fixture
                )
                #expect(again.status == 201)
            }
        }
    }

    @Test func anEndedSessionsPortIsNotGivenToANewSessionWithinItsTTL() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                var ended: Set<Int> = []
                var reused: [Int] = []
                for _ in 0..<500 {
                    let created = try await fetch(base, "/__standin/sessions", method: "POST")
                    let id = try #require(try created.json()["id"] as? String)
                    let url = try #require((try created.json()["baseURL"] as? String).flatMap(URL.init(string:)))
                    let port = try #require(url.port)
                    if ended.contains(port) { reused.append(port) }
                    #expect(try await fetch(base, "/__standin/sessions/\(id)", method: "DELETE").status == 200)
                    ended.insert(port)
                }
                #expect(reused.isEmpty, "ports of ended sessions given to new ones: \(reused)")
            }
        }
    }

    @Test func requestsOnItsPortRenewTheSession() async throws {
        let clock = SteppedClock()
        let configure = { (configuration: inout MockServerConfiguration) in
            configuration.sessionClock = clock.sessionClock
        }
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks, configure: configure) { base async throws in
                let created = try await fetch(
                    base,
                    "/__standin/sessions",
                    method: "POST",
                    body: Data(#"{"ttl": "1h"}"#.utf8)
                )
                let url = try #require((try created.json()["baseURL"] as? String).flatMap(URL.init(string:)))
                func expiresAt() async throws -> Date {
                    let listed = try await fetch(base, "/__standin/sessions")
                    let sessions = try JSONSerialization.jsonObject(with: listed.body) as? [[String: Any]]
                    let text = try #require(sessions?.first?["expiresAt"] as? String)
                    return try Date(
                        text,
                        strategy: .iso8601.year().month().day().time(includingFractionalSeconds: true)
                    )
                }
                let before = try await expiresAt()
                clock.advance(by: .seconds(40 * 60))
                #expect(try await fetch(url, "/item").status == 200)
                let after = try await expiresAt()
                // The request on the port, 40 minutes in, started the idle time over (less a second for rounding).
                #expect(after.timeIntervalSince(before) >= 40 * 60 - 1)
                clock.advance(by: .seconds(40 * 60))
                // 80 minutes after it started, 40 after its last request: still alive.
                #expect(try await fetch(url, "/item").status == 200)
            }
        }
    }

    @Test(.enabled(if: LoopbackPortReport.canReadSocketTable, "reads the kernel's socket table"))
    func expiredSessionClosesItsPort() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                let created = try await fetch(
                    base,
                    "/__standin/sessions",
                    method: "POST",
                    body: Data(#"{"ttl": "1s"}"#.utf8)
                )
                let url = try #require((try created.json()["baseURL"] as? String).flatMap(URL.init(string:)))
                // Nothing calls the admin API, and connecting sends no request: the once-a-second chore ends it.
                // The port's socket, by inode: another test's server may take the port's number once it is free.
                // Nothing listening there by now (a busy machine took longer than the TTL to look) is closed too.
                let port = try #require(url.port)
                guard let socket = LoopbackPortReport.ownListenerInode(port: port) else { return }
                let closed = try await poll(
                    every: .milliseconds(100),
                    timeout: .seconds(60),
                    until: { $0 },
                    operation: { !LoopbackPortReport.socketIsOpen(inode: socket) }
                )
                #expect(closed)
            }
        }
    }

    @Test func idleSessionExpiresAfterItsTTL() async throws {
        try await withMocks(Self.files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                let id = try await Self.start(base, #"{"ttl": "1s"}"#)
                let remaining = try await poll(
                    every: .milliseconds(100),
                    timeout: .seconds(60),
                    until: { $0 == 0 },
                    operation: {
                        let listed = try await fetch(base, "/__standin/sessions")
                        return (try JSONSerialization.jsonObject(with: listed.body) as? [Any])?.count ?? -1
                    }
                )
                #expect(remaining == 0)
                let request = try await fetch(base, "/item", headers: ["X-StandIn-Session": id])
                #expect(request.status == 404)
            }
        }
    }
}
