import StandInFixtures
import Testing

/// The `sha256` body matcher, which the recorder writes for large or binary request bodies.
@Suite struct BodyDigestMatchingTests {
    @Test func matchesTheBodyWithThatDigestOnly() throws {
        let digest = SHA256.hex(Array("upload".utf8))
        let loaded = try load([
            "upload.json":
                #"{"request": {"method": "PUT", "path": "/u", "body": {"sha256": "\#(digest.uppercased())"}}, "response": {}}"#
        ])
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        let index = FixtureIndex(loaded.fixtures)
        var same = RequestFacts(TestRequest("PUT", "/u", body: "upload"))
        var other = RequestFacts(TestRequest("PUT", "/u", body: "uploaded"))
        #expect(index.match(&same) != nil)
        #expect(index.match(&other) == nil)
    }

    @Test func aDigestMustBe64HexDigits() throws {
        let problem = try diagnosis(of: #"{"request": {"path": "/u", "body": {"sha256": "abc"}}, "response": {}}"#)
        #expect(problem == "1: request.body.sha256 must be 64 hex digits")
    }
}
