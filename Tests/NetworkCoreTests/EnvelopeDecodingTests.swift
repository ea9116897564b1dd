import Foundation
import NetworkCore
import NetworkTestSupport
import Testing

@Suite struct EnvelopeDecodingTests {
    @Test func successDecodesTheData() async throws {
        let transport = StubTransport(.envelope(data: #"{"id":"42","name":"Ada"}"#))
        let user = try await makeClient(transport).send(API.Users.Get())
        #expect(user == User(id: "42", name: "Ada"))
        #expect(transport.requests.first?.head.url?.absoluteString == "https://api.example.com/v1/users/42")
        #expect(transport.requests.first?.head.method == .get)
    }

    @Test func businessErrorBecomesServerError() async throws {
        let transport = StubTransport(.envelope(code: 40101, message: "token expired"))
        let error = try await networkError { try await makeClient(transport).send(API.Users.Get()) }
        let server = try #require(error.serverFields, "expected .server, got \(error)")
        #expect(server.code == 40101)
        #expect(server.message == "token expired")
        #expect(server.requestID == "req-1")
        #expect(error.localizedDescription == "The server reported error 40101: token expired (request req-1)")
    }

    @Test func renamedKeysAndSuccessCodeAreRead() async throws {
        let format = EnvelopeFormat(codeKey: "errcode", messageKey: "errmsg", dataKey: "result", successCode: 200)
        let ok = StubTransport(.text(.ok, #"{"errcode":200,"errmsg":"ok","result":{"id":"1","name":"Bo"}}"#))
        #expect(try await makeClient(ok, envelope: format).send(API.Users.Get()) == User(id: "1", name: "Bo"))

        let failing = StubTransport(.text(.ok, #"{"errcode":0,"errmsg":"nope","result":null}"#))
        let error = try await networkError { try await makeClient(failing, envelope: format).send(API.Users.Get()) }
        #expect(error.businessCode == 0)
    }

    @Test func nullMissingOrEmptyDataIsAnEmptyResponse() async throws {
        let bodies: [TransportResponse] = [
            .envelope(data: "null"),
            .text(.ok, #"{"code":0,"message":"deleted"}"#),
            .text(.noContent),
            .envelope(data: #"{"ignored":true}"#),
        ]
        for body in bodies {
            let response = try await makeClient(StubTransport(body)).send(API.Users.Delete())
            #expect(response == EmptyResponse())
        }
    }

    @Test func nullDataForAModelIsADecodingError() async throws {
        let error = try await networkError { try await makeClient(StubTransport(.envelope())).send(API.Users.Get()) }
        guard case .decoding(_, let excerpt) = error else {
            Issue.record("expected .decoding, got \(error)")
            return
        }
        #expect(excerpt.contains(#""data":null"#))
    }

    @Test func optionalAndJSONValueResponsesAcceptNullData() async throws {
        let optional = try await makeClient(StubTransport(.envelope())).send(AnyEndpoint<User?>())
        #expect(optional == nil)
        let json = try await makeClient(StubTransport(.envelope())).send(AnyEndpoint<JSONValue>())
        #expect(json == .null)
    }

    @Test func codeGivenAsStringIsRead() async throws {
        let transport = StubTransport(.text(.ok, #"{"code":"40001","message":"wrong password"}"#))
        let error = try await networkError { try await makeClient(transport).send(API.Users.Get()) }
        #expect(error.businessCode == 40001)
    }

    @Test func plainEndpointDecodesTheWholeBody() async throws {
        let transport = StubTransport(.text(.ok, #"{"id":"7","name":"Cy"}"#))
        let user = try await makeClient(transport).send(AnyEndpoint<User>(responseFormat: .plain))
        #expect(user == User(id: "7", name: "Cy"))

        let bytes = try await makeClient(StubTransport(.text(.ok, "raw \u{1}")))
            .send(AnyEndpoint<Data>(responseFormat: .plain))
        #expect(bytes == Data("raw \u{1}".utf8))

        let empty = try await makeClient(StubTransport(.text(.noContent)))
            .send(AnyEndpoint<EmptyResponse>(responseFormat: .plain))
        #expect(empty == EmptyResponse())
    }

    @Test func plainEndpointIgnoresEnvelopeLikeCodes() async throws {
        let transport = StubTransport(.text(.ok, #"{"code":500,"message":"not an envelope here"}"#))
        let value = try await makeClient(transport).send(AnyEndpoint<JSONValue>(responseFormat: .plain))
        #expect(value["code"]?.intValue == 500)
    }

    @Test func dataKeyFollowsTheDecodersKeyStrategy() async throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        struct Profile: Decodable, Sendable { let displayName: String }
        let format = EnvelopeFormat(dataKey: "result_set")
        let client = APIClient(
            baseURL: URL(string: "https://api.example.com")!,
            transport: StubTransport(.text(.ok, #"{"code":0,"result_set":{"display_name":"Ada"}}"#)),
            envelope: format,
            decoder: decoder
        )
        #expect(try await client.send(AnyEndpoint<Profile>()).displayName == "Ada")
    }
}
