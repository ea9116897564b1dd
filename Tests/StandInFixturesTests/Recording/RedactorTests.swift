import StandInFixtures
import Testing

@Suite struct RedactorTests {
    private let redactor = Redactor(headers: ["X-Session"], jsonFields: ["password"])

    @Test func findsSecretsInTheDefaultAndNamedHeaders() {
        let secrets = redactor.secrets(in: [
            ("authorization", "Bearer abc123def"), ("Cookie", "sid=cookie1234; theme=on"),
            ("X-Session", "sess-5678"), ("Accept", "application/json"),
        ])
        #expect(secrets.contains("Bearer abc123def"))
        #expect(secrets.contains("abc123def"))
        #expect(secrets.contains("cookie1234"))
        #expect(secrets.contains("sess-5678"))
        #expect(!secrets.contains("application/json"))
        #expect(!secrets.contains("on"), "values shorter than four characters are not searched for")
        #expect(zip(secrets, secrets.dropFirst()).allSatisfy { $0.count >= $1.count }, "longest first")
    }

    @Test func dropsSecretHeadersAndReplacesTheirValuesElsewhere() {
        let kept = redactor.keptHeaders(
            [("Set-Cookie", "a=b"), ("X-Echo", "token abc123def"), ("X-Api-Key", "k")],
            secrets: ["abc123def"]
        )
        #expect(kept.map(\.name) == ["X-Echo"])
        #expect(kept.first?.value == "token <redacted>")
        #expect(Redactor.replace(["abc123def"], in: Array("x abc123def y".utf8)) == Array("x <redacted> y".utf8))
    }

    @Test func redactsNamedJSONFieldsAtAnyDepthAndSecretsInStrings() throws {
        let node = try JSONParser.parse(#"{"user":{"password":"p1","name":"tok-abcd"},"list":[{"password":2}]}"#)
        let redacted = redactor.redact(node, secrets: ["tok-abcd"])
        #expect(
            redacted.compactString
                == #"{"user":{"password":"<redacted>","name":"<redacted>"},"list":[{"password":"<redacted>"}]}"#
        )
    }

    @Test func masksSecretHeaderValuesForTheJournal() {
        let masked = redactor.maskedHeaders([("X-Session", "s"), ("Host", "h")])
        #expect(masked.map(\.value) == ["<redacted>", "h"])
    }
}
