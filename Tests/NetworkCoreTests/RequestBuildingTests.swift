import Foundation
import NetworkCore
import Testing

@Suite struct RequestBuildingTests {
    @Test func pathJoinsTheBasePathAndQueryIsEncoded() async throws {
        let transport = StubTransport(.envelope())
        let endpoint = AnyEndpoint<EmptyResponse>(
            path: "search/é items",
            query: [URLQueryItem(name: "q", value: "a+b & c=d"), URLQueryItem(name: "page", value: "2")]
        )
        _ = try await makeClient(transport).send(endpoint)
        let url = try #require(transport.requests.first?.head.url?.absoluteString)
        #expect(url == "https://api.example.com/v1/search/%C3%A9%20items?q=a%2Bb%20%26%20c%3Dd&page=2")
    }

    @Test func jsonBodyIsEncodedWithItsContentType() async throws {
        let transport = StubTransport(.envelope(data: #"{"id":"1","name":"Ada"}"#))
        _ = try await makeClient(transport).send(API.Users.Create())
        let request = try #require(transport.requests.first)
        #expect(request.head.method == .post)
        #expect(request.head.url?.path == "/v1/users")
        #expect(request.head.headerFields[.contentType] == "application/json")
        #expect(request.bodyText == #"{"name":"Ada"}"#)
    }

    @Test func endpointHeadersAndContentTypeWin() async throws {
        let transport = StubTransport(.envelope())
        let endpoint = AnyEndpoint<EmptyResponse>(
            method: .put,
            headers: [.contentType: "application/vnd.api+json", .userAgent: "Endpoint/1"],
            body: .data(Data("{}".utf8), contentType: "application/json")
        )
        _ = try await makeClient(transport, modifiers: [.userAgent("Client/1")]).send(endpoint)
        let request = try #require(transport.requests.first)
        #expect(request.head.headerFields[.contentType] == "application/vnd.api+json")
        #expect(request.head.headerFields[.userAgent] == "Endpoint/1")
    }

    @Test func formBodyIsURLEncodedExactly() throws {
        let body = RequestBody.form([("name", "Ada Lovelace"), ("tags", "a&b=c"), ("tags", "é*-._~+")])
        #expect(body.contentType == "application/x-www-form-urlencoded")
        let text = String(decoding: try body.encoded(with: JSONEncoder()), as: UTF8.self)
        #expect(text == "name=Ada+Lovelace&tags=a%26b%3Dc&tags=%C3%A9*-._%7E%2B")
    }

    @Test func multipartBodyIsEncodedExactly() throws {
        let form = MultipartForm(
            boundary: "XyZ",
            parts: [
                .field("title", "Hi \"there\""),
                .file("photo", filename: "a.png", contentType: "image/png", data: Data([0x89, 0x50, 0x00, 0xFF])),
            ]
        )
        let body = RequestBody.multipart(form)
        #expect(body.contentType == "multipart/form-data; boundary=XyZ")
        var expected = Data(
            ("--XyZ\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nHi \"there\"\r\n"
                + "--XyZ\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"a.png\"\r\n"
                + "Content-Type: image/png\r\n\r\n").utf8
        )
        expected.append(contentsOf: [0x89, 0x50, 0x00, 0xFF])
        expected.append(contentsOf: Array("\r\n--XyZ--\r\n".utf8))
        #expect(try body.encoded(with: JSONEncoder()) == expected)
    }

    @Test func multipartEscapesQuotesInNames() {
        let form = MultipartForm(boundary: "b", parts: [.field("a\"b\r\n", "v")])
        let text = String(decoding: form.encoded(), as: UTF8.self)
        #expect(text.contains(#"name="a%22b%0D%0A""#))
    }

    @Test func modifiersSetHeadersOnEveryRequest() async throws {
        let transport = StubTransport(.envelope())
        let modifiers: [any RequestModifier] = [
            .userAgent("Shop/2.1"),
            .acceptLanguage { Locale(identifier: "de_CH") },
            .header(HTTPField.Name("X-Session")!) { nil },
        ]
        _ = try await makeClient(transport, modifiers: modifiers).send(AnyEndpoint<EmptyResponse>())
        let fields = try #require(transport.requests.first?.head.headerFields)
        #expect(fields[.userAgent] == "Shop/2.1")
        #expect(fields[.acceptLanguage] == "de-CH")
        #expect(fields[HTTPField.Name("X-Session")!] == nil)
    }
}
