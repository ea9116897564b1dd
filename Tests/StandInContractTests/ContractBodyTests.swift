import StandInContract
import Testing

/// A request's body: required or not, its content type against the listed media types, JSON and forms checked
/// against their schemas.
@Suite struct ContractBodyTests {
    let create: ContractOperation

    init() throws {
        let contract = try loadContract(
            spec(
                ##""/pets":{"post":{"requestBody":{"required":true,"content":{"##
                    + ##""application/json":{"schema":{"$ref":"#/components/schemas/Pet"}},"##
                    + ##""application/*":{"schema":{"type":"array"}},"##
                    + ##""application/x-www-form-urlencoded":{"schema":{"$ref":"#/components/schemas/Pet"}},"##
                    + ##""text/plain":{}}}}}"##,
                components: ##""schemas":{"Pet":{"type":"object","required":["name"],"properties":{"##
                    + ##""name":{"type":"string"},"age":{"type":"integer"},"##
                    + ##""tags":{"type":"array","items":{"type":"string"}}}}}"##
            )
        )
        create = try operation(contract, "POST", "/pets")
    }

    private func violations(_ contentType: String?, _ body: String) -> [ContractViolation] {
        let headers = contentType.map { [("Content-Type", $0)] } ?? []
        return create.requestViolations(of: ContractTestRequest("POST", "/pets", headers: headers, body: body))
    }

    @Test func aMissingRequiredBodyIsSaid() {
        #expect(
            violations(nil, "") == [
                ContractViolation(
                    location: .body,
                    pointer: "",
                    rule: "required",
                    message: "the request body is required"
                )
            ]
        )
    }

    @Test func aBodyWithoutContentTypeIsSaid() {
        #expect(violations(nil, "{}").map(\.rule) == ["contentType"])
    }

    @Test func aContentTypeTheSpecDoesNotListIsSaid() {
        let found = violations("image/png", "x")
        #expect(found.map(\.rule) == ["contentType"])
        #expect(found.first?.location == .body)
        #expect(found.first?.message.contains("application/json, application/*") == true)
        #expect(violations("nonsense", "x").map(\.rule) == ["contentType"])
    }

    @Test func parametersOfTheContentTypeAreIgnoredAndTheMostSpecificRangeWins() {
        #expect(violations("Application/JSON; charset=utf-8", #"{"name":"Rex"}"#).isEmpty)
        #expect(violations("text/plain", "anything at all").isEmpty)
    }

    @Test func aBodyThatIsNotJSONIsSaidWithTheParsersMessage() {
        let found = violations("application/json", #"{"name":"#)
        #expect(found.map(\.rule) == ["json"])
        #expect(found.first?.message.hasPrefix("the body is not JSON: line 1, column") == true)
    }

    @Test func aJSONBodyIsCheckedAgainstItsSchemaWithPointers() {
        let found = violations("application/json", #"{"name":"Rex","age":"old","tags":["a",3]}"#)
        #expect(found.map(\.pointer) == ["/age", "/tags/1"])
        #expect(found.allSatisfy { $0.location == .body && $0.rule == "type" })
        #expect(violations("application/json", #"{"age":1}"#).map(\.rule) == ["required"])
    }

    @Test func aJSONBodyIsParsedEvenWithoutASchema() throws {
        let contract = try loadContract(spec(#""/pets":{"post":{"requestBody":{"content":{"*/*":{}}}}}"#))
        let post = try operation(contract, "POST", "/pets")
        let request = ContractTestRequest("POST", "/pets", headers: [("Content-Type", "application/json")], body: "{")
        #expect(post.requestViolations(of: request).map(\.rule) == ["json"])
        let text = ContractTestRequest("POST", "/pets", headers: [("Content-Type", "text/csv")], body: "{")
        #expect(post.requestViolations(of: text).isEmpty)
    }

    @Test func aPlusJSONTypeIsParsedAndMatchedByItsRange() {
        #expect(violations("application/merge-patch+json", "[1]").isEmpty)
        #expect(violations("application/merge-patch+json", "{}").map(\.rule) == ["type"])
    }

    @Test func aFormBodyIsDecodedCoercedAndChecked() {
        #expect(violations("application/x-www-form-urlencoded", "name=Rex+the%20Dog&age=3&tags=a&tags=b").isEmpty)
        let found = violations("application/x-www-form-urlencoded", "name=Rex&age=three")
        #expect(found.map(\.description) == [#"body /age: expected integer, got "three""#])
        #expect(violations("application/x-www-form-urlencoded", "age=3").map(\.rule) == ["required"])
    }

    @Test func anOptionalBodyMayBeLeftOut() throws {
        let contract = try loadContract(
            spec(#""/pets":{"put":{"requestBody":{"content":{"application/json":{"schema":{"type":"object"}}}}}}"#)
        )
        let put = try operation(contract, "PUT", "/pets")
        #expect(put.requestViolations(of: ContractTestRequest("PUT", "/pets")).isEmpty)
    }

    @Test func aLargeBodyIsCheckedWhole() throws {
        let elements = Array(repeating: #"{"name":"Rex","age":3,"tags":["a","b"]}"#, count: 100_000)
        let contract = try loadContract(
            spec(
                #""/pets":{"post":{"requestBody":{"content":{"application/json":{"schema":{"type":"array","items":"#
                    + #"{"type":"object","properties":{"age":{"type":"integer"}}}}}}}}}"#
            )
        )
        let post = try operation(contract, "POST", "/pets")
        let request = ContractTestRequest(
            "POST",
            "/pets",
            headers: [("Content-Type", "application/json")],
            body: "[" + elements.joined(separator: ",") + "]"
        )
        #expect(post.requestViolations(of: request).isEmpty)
    }
}
