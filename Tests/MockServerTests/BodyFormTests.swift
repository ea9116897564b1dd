import Foundation
import ServerTestSupport
import Testing

@testable import MockServer

@Suite struct BodyFormTests {
    @Test func envelopeCarriesDataAndTheRequestIdOfItsHeader() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            let response = try await fetch(base, "/users/42")
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/json")
            #expect(response.header("Cache-Control") == "no-store")
            let requestId = try #require(response.header("X-Request-ID"))
            #expect(requestId.count == 32)
            #expect(
                response.text
                    == #"{"code":0,"message":"success","data":{"id":"42","name":"Ada"},"request_id":"\#(requestId)"}"#
            )
        }
    }

    @Test func businessErrorIsAnEnvelopeWithHTTP200() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            let response = try await fetch(base, "/users/expired")
            #expect(response.status == 200)
            let json = try response.json()
            #expect(json["code"] as? Int == 40101)
            #expect(json["message"] as? String == "token expired")
            #expect(json["data"] is NSNull)
        }
    }

    @Test func jsonBodyIsServedCompact() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            let response = try await fetch(base, "/boom")
            #expect(response.status == 500)
            #expect(response.text == #"{"error":"internal"}"#)
            #expect(response.header("Content-Type") == "application/json")
        }
    }

    @Test func textBodyIsPlainUTF8() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            let response = try await fetch(base, "/text")
            #expect(response.text == "plain words")
            #expect(response.header("Content-Type") == "text/plain; charset=utf-8")
        }
    }

    @Test func base64BodyIsServedAsBytes() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            let response = try await fetch(base, "/binary")
            #expect(Array(response.body) == [0x00, 0x01, 0x02, 0xFD, 0xFE, 0xFF])
            #expect(response.header("Content-Type") == "application/octet-stream")
        }
    }

    @Test func fileBodyIsServedByteForByteWithItsContentType() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            let response = try await fetch(base, "/logo.png")
            let expected = try Data(contentsOf: testMocks.appendingPathComponent("_files/logo.png"))
            #expect(response.body == expected)
            #expect(response.header("Content-Type") == "image/png")
        }
    }

    @Test func noBodyFormMeansAnEmptyBodyWithTheStatusAndHeaders() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            let response = try await fetch(base, "/logout", method: "POST")
            #expect(response.status == 202)
            #expect(response.body.isEmpty)
            #expect(response.header("X-Done") == "yes")
            #expect(response.header("Content-Type") == nil)
        }
    }

    @Test func fixtureContentTypeOverridesTheDefault() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            let response = try await fetch(base, "/html")
            #expect(response.header("Content-Type") == "text/html")
            #expect(response.text == "<b>hi</b>")
        }
    }

    @Test func projectHeadersAreOnEveryResponse() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            for path in ["/users/1", "/text", "/no-such-path"] {
                let response = try await fetch(base, path)
                #expect(response.header("Access-Control-Allow-Origin") == "*", "missing on \(path)")
            }
        }
    }

    @Test func clientRequestIdIsEchoedInHeaderAndEnvelope() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            let response = try await fetch(base, "/users/me", headers: ["X-Request-ID": "trace-123"])
            #expect(response.header("X-Request-ID") == "trace-123")
            #expect(try response.json()["request_id"] as? String == "trace-123")
        }
    }

    @Test func everyRequestGetsItsOwnId() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            let first = try await fetch(base, "/users/me").header("X-Request-ID")
            let second = try await fetch(base, "/users/me").header("X-Request-ID")
            #expect(first != nil && second != nil && first != second)
        }
    }

    @Test func renamedEnvelopeKeysAndSuccessDefaultsComeFromProjectConfig() async throws {
        let files = [
            "standin.json": #"""
            { "envelope": { "codeKey": "errcode", "messageKey": "errmsg", "dataKey": "result",
                            "requestIdKey": "trace_id", "successCode": 1, "successMessage": "ok" } }
            """#,
            "ping.json": #"{ "request": { "path": "/ping" }, "response": { "envelope": { "data": [1] } } }"#,
        ]
        try await withMocks(files) { mocks async throws in
            try await withServer(mocks: mocks) { base async throws in
                let response = try await fetch(base, "/ping", headers: ["X-Request-ID": "t1"])
                #expect(response.text == #"{"errcode":1,"errmsg":"ok","result":[1],"trace_id":"t1"}"#)
            }
        }
    }
}
