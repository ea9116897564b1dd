import StandInContract
import StandInFixtures
import Testing

/// Documents that cannot be used as a contract are refused with their line and what is wrong.
@Suite struct ContractLoadTests {
    private func loadError(_ json: String) throws -> ContractLoadError {
        let document = try JSONParser.parse(json)
        do {
            _ = try Contract(document: document)
        } catch {
            return error
        }
        Issue.record("the document loaded")
        return ContractLoadError(line: 0, message: "")
    }

    @Test func swagger2IsRefused() throws {
        let error = try loadError("{\n\"swagger\": \"2.0\",\n\"paths\": {}\n}")
        #expect(error.line == 2)
        #expect(error.message.contains("Swagger 2.0 is not supported"))
    }

    @Test func anotherVersionIsRefused() throws {
        let error = try loadError("{\n\"openapi\": \"4.0.0\",\n\"paths\": {}\n}")
        #expect(error.description == "line 2: OpenAPI 4.0.0 is not supported: StandIn reads OpenAPI 3.0 and 3.1")
        #expect(try loadError(#"{"paths":{}}"#).message.contains("no \"openapi\" version"))
        #expect(try loadError("[1]").message == "an OpenAPI document is an object; this one is an array")
    }

    @Test func aDocumentWithoutPathsIsRefused() throws {
        #expect(try loadError(#"{"openapi":"3.1.0"}"#).message.contains("no \"paths\""))
    }

    @Test func aMissingReferenceNamesItsLineAndPointer() throws {
        let error = try loadError(
            "{\"openapi\": \"3.0.3\",\n\"paths\": {\"/pets\": {\"get\": {\"parameters\": [\n"
                + "{\"$ref\": \"#/components/parameters/nope\"}]}}}}"
        )
        #expect(error.line == 3)
        #expect(error.message.hasPrefix("#/paths/~1pets/get/parameters/0: $ref"))
        #expect(error.message.contains("points at nothing"))
    }

    @Test func aParameterWithoutALocationIsRefused() throws {
        let error = try loadError(
            #"{"openapi":"3.0.3","paths":{"/pets":{"get":{"parameters":[{"name":"x","in":"body"}]}}}}"#
        )
        #expect(error.message.contains("expected path, query, header or cookie"))
    }

    @Test func aPathThatDoesNotStartWithASlashIsRefused() throws {
        let error = try loadError("{\"openapi\":\"3.0.3\",\n\"paths\":{\n\"pets\":{}}}")
        #expect(error.line == 3)
    }

    @Test func theDialectFollowsTheVersion() throws {
        #expect(try loadContract(#"{"openapi":"3.0.3","paths":{}}"#).dialect == .openAPI30)
        #expect(try loadContract(#"{"openapi":"3.1.0","paths":{}}"#).dialect == .openAPI31)
    }

    @Test func aLargeSpecWithSharedComponentsLoadsEveryOperation() throws {
        let count = 3000
        let paths = (0..<count).map { index in
            ##""/r\##(index)/{id}":{"get":{"parameters":[{"$ref":"#/components/parameters/p\##(index % 100)"},"##
                + ##"{"name":"id","in":"path","required":true,"schema":{"type":"integer"}}],"##
                + ##""responses":{"200":{"$ref":"#/components/responses/r\##(index % 100)"}}}}"##
        }
        let parameters = (0..<100).map { ##""p\##($0)":{"name":"q\##($0)","in":"query","schema":{"type":"string"}}"## }
        let responses = (0..<100).map { index in
            ##""r\##(index)":{"description":"d","content":{"application/json":{"schema":{"type":"object"}}}}"##
        }
        let document = spec(
            paths.joined(separator: ","),
            components: #""parameters":{\#(parameters.joined(separator: ","))},"#
                + #""responses":{\#(responses.joined(separator: ","))}"#
        )
        let contract = try loadContract(document)
        #expect(contract.operations.count == count)
        #expect(
            contract.operation(method: "GET", path: "/r2999/1")?.responses.first?.contentTypes == ["application/json"]
        )
    }
}

extension ContractLoadTests {
    @Test func aSchemaThatCannotBeCompiledNamesItsLineAndPointer() throws {
        let error = try loadError(
            "{\"openapi\": \"3.1.0\",\n\"paths\": {\"/pets\": {\"get\": {\"parameters\": [\n"
                + "{\"name\": \"q\", \"in\": \"query\", \"schema\":\n{\"$ref\": \"#/components/schemas/Nope\"}}]}}}}"
        )
        #expect(error.line == 4)
        #expect(error.message.contains("#/paths/~1pets/get/parameters/0/schema"))
        #expect(error.message.contains("#/components/schemas/Nope"))
    }

    @Test func headersOpenAPIIgnoresAreIgnored() throws {
        let contract = try loadContract(
            spec(
                #""/pets":{"get":{"parameters":[{"name":"Accept","in":"header","required":true},"#
                    + #"{"name":"Authorization","in":"header","required":true}]}}"#
            )
        )
        let list = try operation(contract, "GET", "/pets")
        #expect(list.requestViolations(of: ContractTestRequest("GET", "/pets")).isEmpty)
    }
}
