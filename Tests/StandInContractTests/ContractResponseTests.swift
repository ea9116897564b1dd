import StandInContract
import StandInFixtures
import Testing

/// A response's status, content type and body against the responses the spec lists.
@Suite struct ContractResponseTests {
    let show: ContractOperation

    init() throws {
        let contract = try loadContract(
            spec(
                #""/pets/{id}":{"get":{"responses":{"#
                    + #""200":{"description":"ok","content":{"application/json":{"schema":{"type":"object","#
                    + #""required":["id"],"properties":{"id":{"type":"integer"}}}}}},"#
                    + #""204":{"description":"nothing"},"#
                    + #""4XX":{"description":"client","content":{"application/problem+json":{"schema":{"type":"object"}}}}"#
                    + #"}}}"#
            )
        )
        show = try operation(contract, "GET", "/pets/1")
    }

    @Test func responsesAreListedWithTheirContentTypes() {
        #expect(
            show.responses == [
                ContractResponse(status: "200", contentTypes: ["application/json"]),
                ContractResponse(status: "204", contentTypes: []),
                ContractResponse(status: "4XX", contentTypes: ["application/problem+json"]),
            ]
        )
    }

    @Test func anEntryCoversItsStatusItsRangeOrAny() {
        #expect(ContractResponse(status: "200", contentTypes: []).covers(status: 200))
        #expect(!ContractResponse(status: "200", contentTypes: []).covers(status: 201))
        #expect(ContractResponse(status: "2XX", contentTypes: []).covers(status: 204))
        #expect(ContractResponse(status: "4xx", contentTypes: []).covers(status: 404))
        #expect(!ContractResponse(status: "4XX", contentTypes: []).covers(status: 500))
        #expect(ContractResponse(status: "default", contentTypes: []).covers(status: 503))
        #expect(!ContractResponse(status: "abc", contentTypes: []).covers(status: 200))
    }

    @Test func aStatusTheSpecDoesNotListIsSaid() {
        let found = show.responseViolations(status: 500, contentType: nil, body: [])
        #expect(found.map(\.rule) == ["status"])
        #expect(found.first?.location == .response)
        #expect(found.first?.message == "status 500 is not one the spec lists for GET /pets/{id}: 200, 204, 4XX")
    }

    @Test func aConformingResponseHasNoViolations() {
        #expect(
            show.responseViolations(status: 200, contentType: "application/json", body: Array(#"{"id":1}"#.utf8))
                .isEmpty
        )
        #expect(show.responseViolations(status: 204, contentType: nil, body: []).isEmpty)
        #expect(
            show.responseViolations(status: 404, contentType: "application/problem+json", body: Array("{}".utf8))
                .isEmpty
        )
    }

    @Test func aBodyIsFineWhereTheSpecListsNoContent() {
        #expect(show.responseViolations(status: 204, contentType: "text/plain", body: Array("hi".utf8)).isEmpty)
    }

    @Test func aContentTypeTheStatusDoesNotListIsSaid() {
        let found = show.responseViolations(status: 404, contentType: "application/json", body: Array("{}".utf8))
        #expect(found.map(\.rule) == ["contentType"])
        #expect(
            show.responseViolations(status: 200, contentType: nil, body: Array("{}".utf8)).map(\.rule) == [
                "contentType"
            ]
        )
    }

    @Test func aJSONBodyIsCheckedAgainstTheSchema() {
        let found = show.responseViolations(
            status: 200,
            contentType: "application/json",
            body: Array(#"{"id":"x"}"#.utf8)
        )
        #expect(found.map(\.pointer) == ["/id"])
        #expect(found.first?.location == .response)
        let broken = show.responseViolations(status: 200, contentType: "application/json", body: Array("{".utf8))
        #expect(broken.map(\.rule) == ["json"])
    }

    @Test func aParsedBodyIsCheckedTheSameWay() throws {
        let json = try JSONParser.parse(#"{"name":"Rex"}"#)
        #expect(
            show.responseViolations(status: 200, contentType: "application/json", json: json).map(\.rule) == [
                "required"
            ]
        )
        #expect(show.responseViolations(status: 200, contentType: "application/json", json: nil).isEmpty)
    }
}
