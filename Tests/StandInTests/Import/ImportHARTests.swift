import Foundation
import ServerTestSupport
import Testing

/// `standin import har` through the built binary: a real capture made by mitmproxy in front of httpbin, imported,
/// checked and served, answers as httpbin did; bad captures fail naming the place and write nothing.
@Suite struct ImportHARTests {
    @Test(.enabled("needs python3 with mitmproxy, httpbin and gunicorn", PythonBackend.mitmproxyIsThere))
    func aMitmproxyCaptureOfHTTPBinReplaysAsCaptured() async throws {
        try await withFolder { folder in
            #expect(PythonBackend.hasMitmproxy, "mitmproxy is missing: run scripts/setup-interop.sh")
            let har = folder.appendingPathComponent("capture.har")
            let httpbin = try await onOwnThread { try PythonBackend.httpbin() }
            defer { httpbin.stop() }
            let proxy = try await onOwnThread {
                try PythonBackend.mitmproxy(
                    reverseTo: httpbin.url,
                    har: har,
                    confdir: folder.appendingPathComponent("mitmproxy")
                )
            }
            defer { proxy.stop() }
            var captured: [HTTPReply] = []
            for call in Self.calls { captured.append(try await call.send(to: proxy.url)) }
            await onOwnThread { proxy.interrupt() }
            httpbin.stop()

            let mocks = folder.appendingPathComponent("Mocks")
            let imported = try await StandInBinary.run(["import", "har", har.path, "--mocks", mocks.path])
            #expect(imported.status == 0, "\(imported.error)")
            #expect(imported.output.contains("GET     /uuid"), "\(imported.output)")
            let check = try await StandInBinary.run(["check", "--mocks", mocks.path])
            #expect(check.status == 0, "\(check.output)")
            let written = try allBytes(under: mocks)
            #expect(written.range(of: Data("hunter2-capture".utf8)) == nil, "the password reached a file")
            #expect(written.range(of: Data("tok-capture-4242".utf8)) == nil, "the token reached a file")

            let serve = try await ServeProcess(["--mocks", mocks.path, "--quiet", "--no-watch"])
            defer { serve.stop() }
            for (call, original) in zip(Self.calls, captured) {
                let replay = try await call.send(to: "http://127.0.0.1:\(serve.port)")
                #expect(replay.status == original.status, "\(call.path)")
                if let type = original.headers["content-type"] {
                    #expect(replay.headers["content-type"] == type, "\(call.path)")
                }
                #expect(replay.headers["location"] == original.headers["location"], "\(call.path)")
                #expect(replay.headers["content-encoding"] == nil, "\(call.path) replays the decoded body")
                if call.path == "/post" {
                    #expect(replay.json?["json"] as? NSDictionary == ["name": "Ada", "password": "<redacted>"])
                } else if let json = original.json {
                    #expect(replay.json == json, "\(call.path)")
                } else {
                    #expect(replay.body == original.body, "\(call.path)")
                }
            }
            #expect(captured[0].status == 302 && captured[0].headers["location"] == "/get")
            #expect(captured[3].body.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG, stored as base64 in the HAR")
            #expect(captured[5].headers["x-more-info"] != nil)
            #expect(captured[6].json != captured[7].json, "httpbin answered /uuid differently twice")
        }
    }

    @Test func aTruncatedCaptureFailsNamingTheLineAndWritesNothing() async throws {
        try await withFolder { folder in
            let har = folder.appendingPathComponent("cut.har")
            let whole = Self.har(entries: [Self.entry(url: "http://api.test/items", status: 200, text: "[1,2,3]")])
            try writeFile(String(whole.prefix(whole.count - 40)), to: har)
            let mocks = folder.appendingPathComponent("Mocks")
            let result = try await StandInBinary.run(["import", "har", har.path, "--mocks", mocks.path])
            #expect(result.status == 1)
            #expect(result.error.contains("cut.har:"), "\(result.error)")
            #expect(result.error.contains("not valid JSON"), "\(result.error)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: mocks.path).isEmpty, "nothing written")
        }
    }

    @Test func aFileThatIsNotJSONOrNotAHARFailsAndWritesNothing() async throws {
        try await withFolder { folder in
            let mocks = folder.appendingPathComponent("Mocks")
            let page = folder.appendingPathComponent("page.har")
            try writeFile("<html>\n<body>not a capture</body>", to: page)
            let notJSON = try await StandInBinary.run(["import", "har", page.path, "--mocks", mocks.path])
            #expect(notJSON.status == 1)
            #expect(notJSON.error.contains("page.har:1: is not valid JSON"), "\(notJSON.error)")
            let other = folder.appendingPathComponent("other.har")
            try writeFile("{\"entries\": []}", to: other)
            let notHAR = try await StandInBinary.run(["import", "har", other.path, "--mocks", mocks.path])
            #expect(notHAR.status == 1)
            #expect(notHAR.error.contains("other.har:1: is not a HAR file"), "\(notHAR.error)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: mocks.path).isEmpty, "nothing written")
        }
    }

    @Test func entriesItCannotCarryOverAreWarnedAboutByIndex() async throws {
        try await withFolder { folder in
            let har = folder.appendingPathComponent("browser.har")
            let entries = [
                Self.entry(url: "https://api.test/ok", status: 200, text: "{\"ok\":true}"),
                Self.entry(url: "https://api.test/blocked", status: 0, text: nil),
                Self.entry(url: "https://api.test/lost", status: 200, text: nil, size: 512),
                Self.entry(url: "https://cdn.test/logo", status: 200, text: "x"),
            ]
            try writeFile(Self.har(entries: entries), to: har)
            let mocks = folder.appendingPathComponent("Mocks")
            let result = try await StandInBinary.run([
                "import", "har", har.path, "--mocks", mocks.path, "--host", "api.test",
            ])
            #expect(result.status == 0, "\(result.error)")
            #expect(result.error.contains("browser.har entries[1]: response.status: no response was captured"))
            #expect(result.error.contains("browser.har entries[2]: response.content.text: the response body"))
            #expect(result.error.contains("1 entries for other hosts were left out (cdn.test)"), "\(result.error)")
            #expect(!result.output.contains("/logo") && !result.output.contains("/blocked"), "\(result.output)")
            #expect(result.output.contains("2 fixture(s) written to imported/har, 3 warning(s)."), "\(result.output)")
        }
    }

    @Test func entriesHTTPCannotCarryAreWarnedAboutAndTheRestImported() async throws {
        try await withFolder { folder in
            let har = folder.appendingPathComponent("hostile.har")
            let entries = [
                Self.entry(url: "https://api.test/crlf", status: 200, text: "a", headers: [("x-bad", "1\r\nX-Set: 2")]),
                Self.entry(url: "https://api.test/nul", status: 200, text: "b", headers: [("x-nul", "1\u{0}2")]),
                Self.entry(url: "https://api.test/gone", status: 204, text: "left in the capture"),
                Self.entry(url: "https://api.test/socket", status: 101, text: "switching"),
                Self.entry(url: "https://api.test/odd", status: 600, text: "c"),
                Self.entry(url: "https://api.test/ok", status: 200, text: "fine", headers: [("x-kept", "yes")]),
            ]
            try writeFile(Self.har(entries: entries), to: har)
            let mocks = folder.appendingPathComponent("Mocks")
            let result = try await StandInBinary.run(["import", "har", har.path, "--mocks", mocks.path])
            #expect(result.status == 0, "\(result.error)")
            for warning in [
                #"hostile.har entries[0]: response.headers.x-bad: header "x-bad" has a line break in its value"#,
                #"hostile.har entries[1]: response.headers.x-nul: header "x-nul" has a control character (0x0)"#,
                "hostile.har entries[2]: response.content.text: a 204 response has no body",
                "hostile.har entries[3]: response.content.text: a 101 response has no body",
                "hostile.har entries[4]: response.status: 600 is not an HTTP status (100 to 599)",
            ] {
                #expect(result.error.contains(warning), "no warning \(warning) in \(result.error)")
            }
            #expect(!result.error.contains(".standin-import-"), "\(result.error)")
            #expect(result.output.contains("5 fixture(s) written to imported/har, 5 warning(s)."), "\(result.output)")
            #expect(try await StandInBinary.run(["check", "--mocks", mocks.path]).status == 0)
            let serve = try await ServeProcess(["--mocks", mocks.path, "--quiet", "--no-watch"])
            defer { serve.stop() }
            let crlf = try await HTTPReply.fetch("http://127.0.0.1:\(serve.port)/crlf")
            #expect(crlf.body == Data("a".utf8) && crlf.headers["x-bad"] == nil && crlf.headers["x-set"] == nil)
            let gone = try await HTTPReply.fetch("http://127.0.0.1:\(serve.port)/gone")
            #expect(gone.status == 204 && gone.body.isEmpty)
            #expect(try await HTTPReply.fetch("http://127.0.0.1:\(serve.port)/ok").headers["x-kept"] == "yes")
        }
    }

    @Test func headersReplayAsCapturedWithoutWireOrPseudoHeaders() async throws {
        try await withFolder { folder in
            let har = folder.appendingPathComponent("h2.har")
            let headers = [
                (":status", "200"), ("content-type", "application/json"), ("content-encoding", "br"),
                ("content-length", "999"), ("connection", "keep-alive"), ("x-trace", "abc"),
                ("set-cookie", "a=1; Path=/"), ("set-cookie", "b=2, c; Expires=Wed, 21 Oct 2026 07:28:00 GMT"),
            ]
            let entries = [
                Self.entry(
                    url: "https://api.test/me",
                    status: 200,
                    text: "eyJtZSI6MX0=",
                    encoding: "base64",
                    headers: headers
                ),
                Self.entry(
                    url: "https://api.test/plain",
                    status: 200,
                    text: "plain text, not base64!",
                    encoding: "base64",
                    headers: [("content-type", "text/plain")]
                ),
            ]
            try writeFile(Self.har(entries: entries), to: har)
            let mocks = folder.appendingPathComponent("Mocks")
            let result = try await StandInBinary.run([
                "import", "har", har.path, "--mocks", mocks.path, "--keep-secrets",
            ])
            #expect(result.status == 0, "\(result.error)")
            let serve = try await ServeProcess(["--mocks", mocks.path, "--quiet", "--no-watch"])
            defer { serve.stop() }
            let me = try await HTTPReply.fetch("http://127.0.0.1:\(serve.port)/me")
            #expect(me.body == Data("{\"me\":1}".utf8))
            #expect(me.headers["content-encoding"] == nil)
            #expect(me.headers["x-trace"] == "abc")
            let raw = try String(contentsOf: mocks.appendingPathComponent("imported/har/GET-me.json"), encoding: .utf8)
            #expect(raw.contains("\"Set-Cookie\": \"a=1; Path=/\""), "\(raw)")
            #expect(raw.contains("\"Set-Cookie\": \"b=2, c; Expires=Wed, 21 Oct 2026 07:28:00 GMT\""), "\(raw)")
            #expect(!raw.contains(":status") && !raw.contains("999") && !raw.contains("keep-alive"), "\(raw)")
            let plain = try await HTTPReply.fetch("http://127.0.0.1:\(serve.port)/plain")
            #expect(plain.body == Data("plain text, not base64!".utf8))
        }
    }

    /// What the capture test sends through mitmproxy and then to the replay, in order.
    private struct Call: Sendable {
        var method = "GET"
        let path: String
        var headers: [String: String] = [:]
        var body: String?

        func send(to base: String) async throws -> HTTPReply {
            try await HTTPReply.fetch(base + path, method: method, headers: headers, body: body.map { Data($0.utf8) })
        }
    }

    private static let calls = [
        Call(path: "/redirect-to?url=/get&status_code=302"),
        Call(path: "/get?a=1"),
        Call(path: "/gzip", headers: ["Accept-Encoding": "gzip"]),
        Call(path: "/image/png"),
        Call(
            method: "POST",
            path: "/post",
            headers: ["Content-Type": "application/json", "Authorization": "Bearer tok-capture-4242"],
            body: #"{"name":"Ada","password":"hunter2-capture"}"#
        ),
        Call(path: "/status/418"),
        Call(path: "/uuid"),
        Call(path: "/uuid"),
    ]

    /// A HAR document holding `entries`, as browsers write one.
    private static func har(entries: [String]) -> String {
        """
        {
          "log": {
            "version": "1.2",
            "creator": {"name": "test", "version": "1"},
            "entries": [
        \(entries.joined(separator: ",\n"))
            ]
          }
        }
        """
    }

    /// One HAR entry; `text` nil leaves the body out of the capture.
    private static func entry(
        url: String,
        status: Int,
        text: String?,
        encoding: String? = nil,
        size: Int = 0,
        headers: [(String, String)] = []
    ) -> String {
        func quoted(_ text: String) -> String {
            String(
                decoding: try! JSONSerialization.data(withJSONObject: text, options: .fragmentsAllowed),
                as: UTF8.self
            )
        }
        let headerList = headers.map { "{\"name\": \(quoted($0.0)), \"value\": \(quoted($0.1))}" }
        var content = ["\"size\": \(text?.utf8.count ?? size)", "\"mimeType\": \"\""]
        if let text { content.append("\"text\": \(quoted(text))") }
        if let encoding { content.append("\"encoding\": \(quoted(encoding))") }
        return """
                  {
                    "request": {"method": "GET", "url": \(quoted(url)), "headers": []},
                    "response": {
                      "status": \(status),
                      "headers": [\(headerList.joined(separator: ", "))],
                      "content": {\(content.joined(separator: ", "))}
                    }
                  }
            """
    }
}
