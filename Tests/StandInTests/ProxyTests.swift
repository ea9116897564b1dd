import Foundation
import ServerTestSupport
import StandInClient
import Testing

/// `serve --proxy-port`, through curl as apps' HTTP stacks use a proxy (`-x`): intercepted hosts answered from the
/// fixtures over plain HTTP and through `CONNECT` with a leaf of the local CA, host-pinned fixtures, other hosts
/// tunnelled byte for byte to a real HTTPS server (whose own certificate the client sees) or blocked, and what the
/// proxy refuses.
@Suite(.serialized) struct ProxyTests {
    private static let env = URL(fileURLWithPath: "/usr/bin/env")

    private static let fixtures = [
        "pinned.json": #"""
        { "request": { "host": "api.example.com", "path": "/users/{id}" },
          "response": { "json": { "id": "{{path.id}}", "from": "api.example.com" } } }
        """#,
        "any.json": #"""
        { "request": { "path": "/users/{id}" }, "response": { "json": { "id": "{{path.id}}", "from": "any" } } }
        """#,
        "chat.json": #"""
        { "request": { "host": "chat.example.com", "path": "/chat" },
          "websocket": { "onOpen": [ { "send": "hello from {{header.Host}}" } ],
                         "otherwise": [ { "send": "echo: {{message.text}}" } ] } }
        """#,
    ]

    /// Serves `fixtures` with a proxy port and `arguments`; runs `body` with the server, its proxy's URL and the local
    /// CA's `ca.pem`.
    private func withProxy(
        _ arguments: [String] = [],
        _ body: (ServeProcess, String, String) async throws -> Void
    ) async throws {
        try await withFolder { home in
            try await withMocks(Self.fixtures) { mocks in
                let server = try await ServeProcess(
                    ["--mocks", mocks.path, "--no-watch", "--proxy-port", "0", "--intercept", "*.intercepted.test"]
                        + arguments,
                    environment: ["STANDIN_HOME": home.path]
                )
                defer { server.stop() }
                let proxy = try #require(server.proxyURL)
                try await body(server, proxy, home.appending(path: "ca/ca.pem").path)
            }
        }
    }

    @Test func interceptedHostsAreAnsweredFromTheFixturesOverHTTPAndHTTPS() async throws {
        try await withProxy { server, proxy, ca in
            let plain = try await curl(["-x", proxy, "http://api.example.com/users/7"])
            #expect(plain.output == #"{"id":"7","from":"api.example.com"}"#, "\(plain)")
            let secure = try await curl(["-x", proxy, "--cacert", ca, "https://api.example.com/users/8"])
            #expect(secure.output == #"{"id":"8","from":"api.example.com"}"#, "\(secure)")
            // A host named by --intercept is answered by the fixture without a host.
            let wildcard = try await curl(["-x", proxy, "--cacert", ca, "https://a.b.intercepted.test/users/9"])
            #expect(wildcard.output == #"{"id":"9","from":"any"}"#, "\(wildcard)")
            // The main port ignores request.host: base-URL mode serves the first fixture, in file order.
            let main = try await curl(["http://127.0.0.1:\(server.port)/users/1"])
            #expect(main.status == 0)
            #expect(try await server.printed(#"CONNECT api\.example\.com:443 200 INTERCEPTED api\.example\.com:443"#))
            #expect(try await server.printed(#"GET https://api\.example\.com/users/8 200 pinned\.json"#))
            #expect(try await server.printed(#"GET http://api\.example\.com/users/7 200 pinned\.json"#))
        }
    }

    @Test func otherHostsAreTunnelledByteForByteAndTheClientSeesTheirCertificate() async throws {
        try await withFolder { folder in
            let key = folder.appending(path: "upstream.key").path
            let certificate = folder.appending(path: "upstream.pem").path
            let made = try await runToCompletion(
                Self.env,
                [
                    "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate,
                    "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                ],
                deadline: 60
            )
            #expect(made.status == 0, "\(made.error)")
            try await withMocks([
                "ping.json": #"{ "request": { "path": "/ping" }, "response": { "text": "upstream" } }"#
            ]) {
                upstreamMocks in
                let upstream = try await ServeProcess(
                    [
                        "--mocks", upstreamMocks.path, "--quiet", "--no-watch", "--tls-port", "0", "--tls-cert",
                        certificate, "--tls-key", key,
                    ]
                )
                defer { upstream.stop() }
                let tlsPort = try #require(upstream.tlsPort)
                try await withProxy { server, proxy, _ in
                    let passed = try await curl([
                        "-x", proxy, "--cacert", certificate, "https://127.0.0.1:\(tlsPort)/ping",
                    ])
                    #expect(passed.output == "upstream", "\(passed)")
                    let plain = try await curl(["-x", proxy, "http://127.0.0.1:\(upstream.port)/ping"])
                    #expect(plain.output == "upstream", "\(plain)")
                    #expect(
                        try await server.printed(
                            #"CONNECT 127\.0\.0\.1:\#(tlsPort) 200 TUNNEL 127\.0\.0\.1:\#(tlsPort)"#
                        )
                    )
                }
            }
        }
    }

    @Test func blockModeRefusesOtherHostsWithTheWayToInterceptThem() async throws {
        try await withProxy(["--others", "block"]) { server, proxy, ca in
            let plain = try await curl(["-x", proxy, "http://elsewhere.test/x"])
            #expect(plain.output.contains(#""code":403"#), "\(plain)")
            #expect(plain.output.contains("--intercept elsewhere.test"), "\(plain)")
            let tunnel = try await curl(["-x", proxy, "https://elsewhere.test/x"])
            #expect(tunnel.status != 0)
            #expect(tunnel.error.contains("403"), "\(tunnel.error)")
            let intercepted = try await curl(["-x", proxy, "--cacert", ca, "https://api.example.com/users/2"])
            #expect(intercepted.output == #"{"id":"2","from":"api.example.com"}"#)
            #expect(try await server.printed(#"BLOCKED elsewhere\.test:443"#))
        }
    }

    @Test func whatTheProxyDoesNotTakeGets400And502() async throws {
        try await withProxy { server, proxy, _ in
            let port = try #require(URL(string: proxy)?.port)
            for (target, reason) in [
                ("api.example.com", "has no port"), ("api.example.com:http", "has no port"),
                ("bad host:443", "is not host:port"), ("/users/1", "is not host:port"),
            ] {
                let connection = try await rawExchange(port: port, "CONNECT \(target) HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(connection.hasPrefix("HTTP/1.1 400"), "\(target): \(connection)")
                #expect(connection.contains(reason) || connection.hasPrefix("HTTP/1.1 400 Bad Request"), "\(target)")
            }
            let origin = try await rawExchange(port: port, "GET /users/1 HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(origin.hasPrefix("HTTP/1.1 400"), "\(origin)")
            #expect(origin.contains("absolute targets"), "\(origin)")
            // A port nobody listens on: the CONNECT gets 502.
            let refused = try await rawExchange(port: port, "CONNECT 127.0.0.1:1 HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(refused.hasPrefix("HTTP/1.1 502"), "\(refused)")
            #expect(try await curl(["http://127.0.0.1:\(server.port)/users/1"]).status == 0)
        }
    }

    @Test(
        .enabled("needs httpx in .build/python-streams", PythonBackend.streamClientsAreThere),
        arguments: ["requests", "httpx"]
    )
    func pythonClientsGetTheFixturesThroughTheProxyTrustingTheLocalCA(library: String) async throws {
        try await withProxy { _, proxy, ca in
            for url in ["https://api.example.com/users/3", "http://api.example.com/users/3"] {
                let printed = try await PythonBackend.client(
                    "proxy_clients.py",
                    [library, proxy, ca, url],
                    pythonPath: PythonBackend.streamClients
                )
                let result = try #require(try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [String: Any])
                #expect(result["status"] as? Int == 200, "\(library) \(url): \(result)")
                #expect(result["body"] as? String == #"{"id":"3","from":"api.example.com"}"#, "\(library) \(url)")
            }
        }
    }

    @Test(
        .enabled("needs websockets in .build/python-websocket", PythonBackend.webSocketClientsAreThere),
        arguments: ["websockets", "websocket-client"]
    )
    func webSocketsThroughTheProxyAreAnsweredFromTheFixturesPlainAndOverTLS(library: String) async throws {
        try await withProxy { _, proxy, ca in
            for scheme in ["ws", "wss"] {
                let printed = try await PythonBackend.client(
                    "websocket_clients.py",
                    [
                        library, "\(scheme)://chat.example.com/chat",
                        #"[ {"recv": 1}, {"send": "hi"}, {"recv": 1}, {"close": 1000} ]"#,
                    ],
                    pythonPath: PythonBackend.webSocketClients,
                    environment: ["PROXY": proxy, "CA_FILE": ca]
                )
                let result = try #require(try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [String: Any])
                let texts = (result["received"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
                #expect(
                    texts.first?.hasPrefix("hello from chat.example.com") == true,
                    "\(library) \(scheme): \(result)"
                )
                #expect(texts.last == "echo: hi", "\(library) \(scheme): \(result)")
            }
        }
    }

    @Test func aSessionHasAProxyOfItsOwnThatAnswersFromItsState() async throws {
        try await withProxy { server, proxy, ca in
            let admin = StandInAdmin(baseURL: URL(string: "http://127.0.0.1:\(server.port)")!)
            let session = try await admin.startSession(name: "proxied")
            let sessionProxy = try #require(session.proxyURL?.absoluteString)
            _ = try await session.addFixture(
                #"{"request": {"host": "api.example.com", "path": "/users/{id}"}, "response": {"json": {"from": "session"}}}"#
            )
            let inSession = try await curl(["-x", sessionProxy, "--cacert", ca, "https://api.example.com/users/1"])
            #expect(inSession.output == #"{"from":"session"}"#, "\(inSession)")
            let outside = try await curl(["-x", proxy, "--cacert", ca, "https://api.example.com/users/1"])
            #expect(outside.output == #"{"id":"1","from":"api.example.com"}"#, "\(outside)")
            let journaled = try await session.requests(matching: .get("/users/1"))
            #expect(journaled.count == 1)
            try await session.end()
        }
    }

    @Test func aProxyOffLoopbackNeedsTheAdminTokenAsProxyAuthorization() async throws {
        let refused = try await StandInBinary.run(["serve", "--host", "0.0.0.0", "--proxy-port", "0", "--port", "0"])
        #expect(refused.status != 0)
        #expect(refused.error.contains("needs --admin-token"), "\(refused.error)")
        try await withMocks(Self.fixtures) { mocks in
            let server = try await ServeProcess(
                [
                    "--mocks", mocks.path, "--quiet", "--no-watch", "--host", "0.0.0.0", "--admin-token", "s3cret",
                    "--proxy-port", "0", "--intercept", "api.example.com",
                ],
                listening: "0.0.0.0"
            )
            defer { server.stop() }
            let port = try #require(
                try #/proxy http://0\.0\.0\.0:(\d+)/#.firstMatch(in: server.text).flatMap { Int($0.output.1) }
            )
            let proxy = "http://127.0.0.1:\(port)"
            let anonymous = try await curl([
                "-x", proxy, "-o", "/dev/null", "-w", "%{http_code}", "http://api.example.com/users/1",
            ])
            #expect(anonymous.output == "407")
            let wrong = try await curl([
                "-x", proxy, "-U", "standin:nope", "-o", "/dev/null", "-w", "%{http_code}",
                "http://api.example.com/users/1",
            ])
            #expect(wrong.output == "407")
            let allowed = try await curl(["-x", proxy, "-U", "standin:s3cret", "http://api.example.com/users/1"])
            #expect(allowed.output == #"{"id":"1","from":"api.example.com"}"#, "\(allowed)")
        }
    }

    /// Sends `request` on a new connection to 127.0.0.1:`port` and returns what came back until the server closed
    /// it or a second passed.
    private func rawExchange(port: Int, _ request: String) async throws -> String {
        let command = "exec 3<>/dev/tcp/127.0.0.1/\(port); printf '%s' \"$1\" >&3; timeout 1 cat <&3"
        return try await runToCompletion(Self.env, ["bash", "-c", command, "raw", request], deadline: 30).output
    }
}
