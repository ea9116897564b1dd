import Foundation
import NetworkCore
import NetworkTestSupport
import ServerTestSupport
import Testing

@Suite struct ClientServerTests {
    @Test func successDecodesTheEnvelopesData() async throws {
        try await withMocks(["users/get.json": TestAPI.userFixture]) { mocks in
            try await withServer(mocks: mocks, strict: true) { base in
                let user = try await liveClient(base).send(TestAPI.Users.Get(id: "42"))
                #expect(user == TestUser(id: "42", name: "Ada"))
            }
        }
    }

    @Test func businessErrorIsAServerError() async throws {
        let fixture = #"""
            { "request": { "path": "/users/expired" }, "priority": 1,
              "response": { "envelope": { "code": 40101, "message": "token expired" } } }
            """#
        try await withMocks(["users/get.json": TestAPI.userFixture, "users/expired.json": fixture]) { mocks in
            try await withServer(mocks: mocks, strict: true) { base in
                let error = try await networkError { try await liveClient(base).send(TestAPI.Users.Get(id: "expired")) }
                let server = try #require(error.serverFields, "expected .server, got \(error)")
                #expect(server.code == 40101)
                #expect(server.message == "token expired")
                #expect(server.requestID?.isEmpty == false)
            }
        }
    }

    @Test func notFoundAndServerErrorAreHTTPErrors() async throws {
        let failing = #"""
            { "request": { "path": "/users/boom" }, "priority": 1,
              "response": { "status": 500, "text": "internal error" } }
            """#
        try await withMocks(["users/get.json": TestAPI.userFixture, "users/boom.json": failing]) { mocks in
            try await withServer(mocks: mocks, strict: true) { base in
                let client = liveClient(base)
                let missing = try await networkError {
                    try await client.send(TestAPI.Plain<JSONValue>(path: "/nothing"))
                }
                guard case .http(let status, _, let body) = missing else {
                    Issue.record("expected .http, got \(missing)")
                    return
                }
                #expect(status == .notFound)
                #expect(String(decoding: body, as: UTF8.self).contains("no fixture matches GET /nothing"))

                let broken = try await networkError { try await client.send(TestAPI.Users.Get(id: "boom")) }
                #expect(broken.status == .internalServerError)
                #expect(
                    broken.localizedDescription == "The server answered HTTP 500 Internal Server Error: internal error"
                )
            }
        }
    }

    @Test func malformedJSONIsADecodingError() async throws {
        let fixture = #"""
            { "request": { "path": "/users/{id}" },
              "response": { "headers": { "Content-Type": "application/json" },
                            "text": "{\"code\":0,\"data\":{\"id\":\"1\"," } }
            """#
        try await withMocks(["users/get.json": fixture]) { mocks in
            try await withServer(mocks: mocks, strict: true) { base in
                let error = try await networkError { try await liveClient(base).send(TestAPI.Users.Get(id: "1")) }
                guard case .decoding(_, let excerpt) = error else {
                    Issue.record("expected .decoding, got \(error)")
                    return
                }
                #expect(excerpt == #"{"code":0,"data":{"id":"1","#)
            }
        }
    }

    @Test func closedPortIsAConnectivityFailure() async throws {
        let refusing = try refusingLoopbackPort()
        defer { close(refusing.descriptor) }
        let base = URL(string: "http://127.0.0.1:\(refusing.port)")!
        let error = try await networkError { try await liveClient(base).send(TestAPI.Users.Get(id: "1")) }
        guard case .transport(.cannotConnect) = error else {
            Issue.record("expected .transport(.cannotConnect), got \(error)")
            return
        }
        #expect(error.isConnectivity)
    }

    @Test func multipartBodyArrivesAsSent() async throws {
        let fixture = #"""
            { "request": { "method": "POST", "path": "/upload",
                           "headers": { "Content-Type": { "prefix": "multipart/form-data; boundary=" } },
                           "body": { "contains": "filename=\"notes.txt\"" } },
              "response": { "envelope": { "data": { "contentType": "{{header.Content-Type}}", "body": "{{body}}" } } } }
            """#
        struct Echo: Decodable, Sendable {
            let contentType: String
            let body: String
        }
        struct Upload: Endpoint {
            typealias Response = Echo
            let form: MultipartForm
            var method: HTTPRequest.Method { .post }
            var path: String { "/upload" }
            var body: RequestBody? { .multipart(form) }
        }
        let form = MultipartForm(parts: [
            .field("title", "Plans for “Monday”"),
            .file("notes", filename: "notes.txt", contentType: "text/plain", data: Data("line 1\r\nline 2\n".utf8)),
        ])
        try await withMocks(["upload.json": fixture]) { mocks in
            try await withServer(mocks: mocks, strict: true) { base in
                let echo = try await liveClient(base).send(Upload(form: form))
                #expect(echo.contentType == form.contentType)
                #expect(Data(echo.body.utf8) == form.encoded())
            }
        }
    }

    @Test func redirectsAreNotFollowedUnlessAsked() async throws {
        let redirect = #"""
            { "request": { "path": "/old" }, "response": { "status": 302, "headers": { "Location": "/new" } } }
            """#
        let target = #"{ "request": { "path": "/new" }, "response": { "text": "arrived" } }"#
        try await withMocks(["old.json": redirect, "new.json": target]) { mocks in
            try await withServer(mocks: mocks, strict: true) { base in
                let error = try await networkError {
                    try await liveClient(base).send(TestAPI.Plain<Data>(path: "/old"))
                }
                guard case .http(let status, let headers, _) = error else {
                    Issue.record("expected .http, got \(error)")
                    return
                }
                #expect(status.code == 302)
                #expect(headers[.location] == "/new")

                let raw = try await URLSessionTransport()
                    .send(TransportRequest(head: HTTPRequest(url: base.appendingPathComponent("old"))))
                #expect(raw.head.status.code == 302)

                let following = APIClient(baseURL: base, transport: URLSessionTransport(followsRedirects: true))
                let body = try await following.send(TestAPI.Plain<Data>(path: "/old"))
                #expect(String(decoding: body, as: UTF8.self) == "arrived")
            }
        }
    }

    @Test func decompressedBodiesAreFlagged() async throws {
        let fixture = #"""
            { "request": { "path": "/zipped" },
              "response": { "headers": { "Content-Encoding": "gzip", "Content-Type": "application/json" },
                            "base64": "H4sIAAAAAAACA6tWykjNyclXslIqzy/KSVGqBQDRQQnYEQAAAA==" } }
            """#
        try await withMocks(["zipped.json": fixture]) { mocks in
            try await withServer(mocks: mocks, strict: true) { base in
                let transport = URLSessionTransport()
                let response = try await transport.send(
                    TransportRequest(head: HTTPRequest(url: base.appendingPathComponent("zipped")))
                )
                #expect(String(decoding: response.body, as: UTF8.self) == #"{"hello":"world"}"#)
                #expect(response.isBodyDecompressed)
                #expect(response.head.headerFields[.contentEncoding] == "gzip")
            }
        }
    }

    /// The call ends as cancelled, not at the client's timeout of an hour (which the time limit stops short of): the
    /// error says which, however long a loaded machine takes to run the test.
    @Test(.timeLimit(.minutes(10))) func cancellingTheTaskCancelsTheRequest() async throws {
        let listener = try SilentListener()
        let client = liveClient(listener.url, timeout: .seconds(3600))
        let task = Task { try await client.send(TestAPI.Users.Get(id: "1")) }
        try await Task.sleep(for: .milliseconds(100))
        task.cancel()
        let error = try await networkError { try await task.value }
        #expect(error.isCancellation)
    }

    @Test func silentServerTimesOut() async throws {
        let listener = try SilentListener()
        let client = liveClient(listener.url, timeout: .milliseconds(200))
        let error = try await networkError { try await client.send(TestAPI.Users.Get(id: "1")) }
        guard case .transport(.timedOut) = error else {
            Issue.record("expected .transport(.timedOut), got \(error)")
            return
        }
    }
}
