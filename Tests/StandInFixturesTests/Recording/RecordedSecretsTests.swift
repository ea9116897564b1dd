import Foundation
import NetworkCore
import StandInFixtures
import Testing

/// Secrets found by name (JSON fields, query and form parameters) stay off disk by default, are left out of the
/// match so that the same request replays, and are replaced wherever else they show up later in the run.
@Suite struct RecordedSecretsTests {
    private static let secrets = ["hunter22", "abcd1234", "tok-zzzz-1", "cookie-999", "s3cr3t-value", "otp-424242"]

    private func withRecording(
        _ redactor: Redactor = Redactor(),
        _ exchanges: [RecordedExchange],
        _ body: (URL, MockRegistry) async throws -> Void
    ) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("secrets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let recorder = FixtureRecorder(
            mocksDirectory: directory,
            into: "recorded",
            rules: RecordingRules(redactor: redactor)
        )
        for exchange in exchanges { _ = try await recorder.record(exchange) }
        try await body(directory, try MockRegistry(directory: directory))
    }

    private static let exchanges = [
        RecordedExchange(
            method: "POST",
            path: "/login",
            rawQuery: "session=abcd1234&page=2",
            requestHeaders: [("Content-Type", "application/json")],
            requestBody: Array(#"{"username":"ada","password":"hunter22","meta":{"OTP":"otp-424242"}}"#.utf8),
            status: 200,
            responseHeaders: [("Content-Type", "application/json"), ("Set-Cookie", "sid=cookie-999; Path=/")],
            responseBody: Array(
                #"{"json":{"username":"ada","password":"hunter22"},"args":{"session":"abcd1234"},"access_token":"tok-zzzz-1"}"#
                    .utf8
            )
        ),
        RecordedExchange(
            method: "GET",
            path: "/profile",
            rawQuery: "sid=cookie-999&view=full",
            status: 200,
            responseHeaders: [("Content-Type", "text/plain")],
            responseBody: Array("you sent tok-zzzz-1 and cookie-999".utf8)
        ),
        RecordedExchange(
            method: "POST",
            path: "/form",
            requestHeaders: [("Content-Type", "application/x-www-form-urlencoded")],
            requestBody: Array("user=ada&client_secret=s3cr3t-value".utf8),
            status: 204
        ),
    ]

    private func send(
        _ registry: MockRegistry,
        _ exchange: RecordedExchange
    ) async throws -> TransportResponse {
        var fields = HTTPFields()
        for header in exchange.requestHeaders {
            fields.append(HTTPField(name: .init(header.name)!, value: header.value))
        }
        let target = exchange.path + (exchange.rawQuery.map { "?" + $0 } ?? "")
        let head = HTTPRequest(
            method: .init(exchange.method)!,
            scheme: "https",
            authority: "api",
            path: target,
            headerFields: fields
        )
        return try await registry.send(TransportRequest(head: head, body: Data(exchange.requestBody)))
    }

    private func allBytes(under directory: URL) throws -> String {
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        var text = ""
        while let url = enumerator?.nextObject() as? URL {
            if let data = FileManager.default.contents(atPath: url.path) {
                text += String(decoding: data, as: UTF8.self)
            }
        }
        return text
    }

    @Test func noSecretValueIsWrittenAnywhere() async throws {
        try await withRecording(.standard, Self.exchanges) { directory, _ in
            let written = try allBytes(under: directory)
            #expect(written.contains("<redacted>"))
            #expect(written.contains("ada"), "what is not secret is kept")
            for secret in Self.secrets { #expect(!written.contains(secret), "\(secret) in \(written)") }
        }
    }

    @Test func theSameRequestsSecretsAndAllReplay() async throws {
        try await withRecording(.standard, Self.exchanges) { _, registry in
            for exchange in Self.exchanges {
                let answer = try await send(registry, exchange)
                #expect(answer.head.status.code == exchange.status, "\(exchange.endpoint)")
            }
            let login = try await send(registry, Self.exchanges[0])
            let echoed = try JSONParser.parse(Array(login.body))
            #expect(echoed["json"]?["password"]?.stringValue == Redactor.placeholder)
            #expect(echoed["json"]?["username"]?.stringValue == "ada")
        }
    }

    @Test func whatIsNotSecretStillTellsRequestsApart() async throws {
        try await withRecording(.standard, Self.exchanges) { _, registry in
            var otherPage = Self.exchanges[0]
            otherPage.rawQuery = "session=abcd1234&page=3"
            let pageAnswer = try await send(registry, otherPage)
            #expect(pageAnswer.head.status.code == 404)
            var otherUser = Self.exchanges[0]
            otherUser.requestBody = Array(#"{"username":"bob","password":"hunter22"}"#.utf8)
            let userAnswer = try await send(registry, otherUser)
            #expect(userAnswer.head.status.code == 404)
        }
    }

    @Test func secretNamesAreCaseInsensitiveWithSuffixesAndAdditions() {
        let redactor = Redactor(jsonFields: ["PIN"])
        for name in ["password", "Password", "ACCESS_TOKEN", "csrf_token", "app_secret", "Session", "apikey", "pin"] {
            #expect(redactor.isSecret(name: name), "\(name)")
        }
        for name in ["username", "tokens_left", "sessions", "page"] {
            #expect(!redactor.isSecret(name: name), "\(name)")
        }
        #expect(!Redactor.keepingSecrets.isSecret(name: "password"))
        #expect(!Redactor.keepingSecrets.isSecret(header: "Authorization"))
    }

    @Test func keepingSecretsWritesThemAsTheyCame() async throws {
        try await withRecording(.keepingSecrets, Self.exchanges) { directory, _ in
            let written = try allBytes(under: directory)
            #expect(written.contains("hunter22"))
            #expect(written.contains("abcd1234"))
            #expect(!written.contains("<redacted>"))
        }
    }
}
