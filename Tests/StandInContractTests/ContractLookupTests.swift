import StandInContract
import Testing

@Suite struct ContractLookupTests {
    let contract: Contract

    init() throws {
        contract = try loadContract(
            spec(
                #""/pets":{"get":{"operationId":"list"},"post":{"operationId":"create"}},"#
                    + #""/pets/{petId}":{"get":{"operationId":"show"},"delete":{"operationId":"remove"}},"#
                    + #""/pets/mine":{"get":{"operationId":"mine"}},"#
                    + #""/pets/{petId}/toys/{toyId}":{"get":{"operationId":"toy"}},"#
                    + #""/{kind}/all":{"get":{"operationId":"kindAll"}},"#
                    + #""/files/{name}.json":{"get":{"operationId":"jsonFile"}},"#
                    + #""/files/{name}":{"get":{"operationId":"file"}},"#
                    + #""/v{major}.{minor}/info":{"get":{"operationId":"version"}},"#
                    + #""x-extension":{}"#,
                servers: "https://api.example.com/v1/"
            )
        )
    }

    private func id(_ method: String, _ path: String) -> String? {
        contract.operation(method: method, path: path)?.operationId
    }

    @Test func everyOperationIsReadWithItsPathUnderTheBasePath() {
        #expect(contract.basePath == "/v1")
        #expect(contract.operations.count == 10)
        #expect(contract.operations.map(\.path).prefix(3) == ["/v1/pets", "/v1/pets", "/v1/pets/{petId}"])
        #expect(contract.operations.first?.method == "GET")
    }

    @Test func aLiteralPathBeatsATemplate() {
        #expect(id("GET", "/v1/pets/mine") == "mine")
        #expect(id("GET", "/v1/pets/7") == "show")
        #expect(id("GET", "/v1/pets/all") == "show")
        #expect(id("GET", "/v1/dogs/all") == "kindAll")
    }

    @Test func theMethodChoosesTheOperation() {
        #expect(id("POST", "/v1/pets") == "create")
        #expect(id("DELETE", "/v1/pets/3") == "remove")
        #expect(id("PUT", "/v1/pets") == nil)
        #expect(id("DELETE", "/v1/pets/mine") == "remove")
    }

    @Test func pathsOutsideTheBasePathOrTheSpecAreNotFound() {
        #expect(id("GET", "/pets") == nil)
        #expect(id("GET", "/v1/pets/7/toys") == nil)
        #expect(id("GET", "/v1/pets//toys/3") == nil)
        #expect(id("GET", "/v1/pets/7/toys/3") == "toy")
        #expect(id("GET", "") == nil)
    }

    @Test func mixedSegmentsCaptureTheirParameters() {
        #expect(id("GET", "/v1/files/report.json") == "jsonFile")
        #expect(id("GET", "/v1/files/report.txt") == "file")
        #expect(id("GET", "/v1/files/.json") == "file")
        #expect(id("GET", "/v1/v2.10/info") == "version")
        #expect(id("GET", "/v1/v2/info") == nil)
    }

    @Test func aMixedSegmentsParametersAreCheckedAgainstTheirSchemas() throws {
        let contract = try loadContract(
            spec(
                #""/files/{name}.{ext}":{"get":{"parameters":["#
                    + #"{"name":"name","in":"path","required":true,"schema":{"type":"string"}},"#
                    + #"{"name":"ext","in":"path","required":true,"schema":{"type":"integer"}}]}}"#
            )
        )
        let found = try operation(contract, "GET", "/files/a.b.json")
        let violations = found.requestViolations(of: ContractTestRequest("GET", "/files/a.b.json"))
        #expect(violations.map(\.pointer) == ["/ext"])
        #expect(violations.first?.message == #"expected integer, got "json""#)
        #expect(found.requestViolations(of: ContractTestRequest("GET", "/files/a.12")).isEmpty)
    }

    @Test func aSpecWithoutServersHasNoBasePath() throws {
        let contract = try loadContract(spec(#""/":{"get":{}},"/a/{b}":{"get":{}}"#))
        #expect(contract.basePath == "")
        #expect(contract.operation(method: "GET", path: "/")?.path == "/")
        #expect(contract.operation(method: "GET", path: "/a/b")?.path == "/a/{b}")
    }

    @Test func checkFindsTheOperationAndItsViolationsAtOnce() throws {
        let contract = try loadContract(
            spec(
                #""/pets/{id}":{"get":{"parameters":[{"name":"id","in":"path","required":true,"schema":{"type":"integer"}}]}}"#
            )
        )
        let result = try #require(contract.check(ContractTestRequest("GET", "/pets/x")))
        #expect(result.operation.path == "/pets/{id}")
        #expect(result.violations.map(\.description) == [#"path /id: expected integer, got "x""#])
        #expect(contract.check(ContractTestRequest("GET", "/dogs/x")) == nil)
    }

    @Test func aLookupAmongManyOperationsFindsItsOwn() throws {
        let paths = (0..<2000).map { #""/resource\#($0)/{id}/items/{item}":{"get":{"operationId":"op\#($0)"}}"# }
        let contract = try loadContract(spec(paths.joined(separator: ",")))
        #expect(contract.operations.count == 2000)
        for index in [0, 1, 999, 1999] {
            let found = contract.operation(method: "GET", path: "/resource\(index)/7/items/9")
            #expect(found?.operationId == "op\(index)")
        }
    }
}
