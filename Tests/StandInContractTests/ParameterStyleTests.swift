import StandInContract
import Testing

/// Parameters in every location and style, read from a request and coerced to their schema's type.
@Suite struct ParameterStyleTests {
    /// The violations of `target` (method GET) against one operation `/items/{id}` with `parameters` (a JSON array's
    /// elements).
    private func violations(
        _ target: String,
        parameters: String,
        headers: [(String, String)] = []
    ) throws -> [String] {
        let contract = try loadContract(
            spec(#""/items/{id}":{"get":{"parameters":[\#(parameters)]}}"#)
        )
        let request = ContractTestRequest("GET", target, headers: headers)
        let found = try operation(contract, "GET", request.path)
        return found.requestViolations(of: request).map(\.description)
    }

    private let integerArray = #""schema":{"type":"array","items":{"type":"integer"}}"#
    private let colorObject =
        #""schema":{"type":"object","properties":{"color":{"type":"string"},"size":{"type":"integer"}}}"#

    @Test func aQueryArrayIsExplodedByDefault() throws {
        let parameter = #"{"name":"ids","in":"query",\#(integerArray)}"#
        #expect(try violations("/items/1?ids=1&ids=2", parameters: parameter).isEmpty)
        #expect(
            try violations("/items/1?ids=1&ids=x", parameters: parameter) == [
                #"query /ids/1: expected integer, got "x""#
            ]
        )
        #expect(
            try violations("/items/1?ids=1,2", parameters: parameter) == [#"query /ids/0: expected integer, got "1,2""#]
        )
    }

    @Test func nullIsNullWhereANumberOrBooleanIsAsked() throws {
        let nullable = #"{"name":"limit","in":"query","schema":{"type":["integer","null"]}}"#
        #expect(try violations("/items/1?limit=null", parameters: nullable).isEmpty)
        let plain = #"{"name":"limit","in":"query","schema":{"type":"integer"}}"#
        #expect(
            try violations("/items/1?limit=null", parameters: plain) == ["query /limit: expected integer, got null"]
        )
        let text = #"{"name":"name","in":"query","schema":{"type":"string","minLength":5}}"#
        #expect(
            try violations("/items/1?name=null", parameters: text) == ["query /name: must be at least 5 characters"]
        )
    }

    @Test func aFormArrayWithoutExplodeIsCommaSeparated() throws {
        let parameter = #"{"name":"ids","in":"query","explode":false,\#(integerArray)}"#
        #expect(try violations("/items/1?ids=1,2,3", parameters: parameter).isEmpty)
        #expect(
            try violations("/items/1?ids=1,b", parameters: parameter) == [#"query /ids/1: expected integer, got "b""#]
        )
    }

    @Test func spaceAndPipeDelimitedArraysAreSplit() throws {
        let space = #"{"name":"ids","in":"query","style":"spaceDelimited","explode":false,\#(integerArray)}"#
        #expect(try violations("/items/1?ids=1%202+3", parameters: space).isEmpty)
        #expect(
            try violations("/items/1?ids=1%20x", parameters: space) == [#"query /ids/1: expected integer, got "x""#]
        )
        let pipe = #"{"name":"ids","in":"query","style":"pipeDelimited","explode":false,\#(integerArray)}"#
        #expect(try violations("/items/1?ids=1|2%7C3", parameters: pipe).isEmpty)
        #expect(
            try violations("/items/1?ids=1|2.5", parameters: pipe) == [#"query /ids/1: expected integer, got "2.5""#]
        )
    }

    @Test func anExplodedQueryObjectTakesItsPropertiesAsParameters() throws {
        let parameter = #"{"name":"filter","in":"query",\#(colorObject)}"#
        #expect(try violations("/items/1?color=red&size=3&other=x", parameters: parameter).isEmpty)
        #expect(
            try violations("/items/1?color=red&size=L", parameters: parameter) == [
                #"query /filter/size: expected integer, got "L""#
            ]
        )
    }

    @Test func aQueryObjectWithoutExplodeIsKeyValuePairs() throws {
        let parameter = #"{"name":"filter","in":"query","explode":false,\#(colorObject)}"#
        #expect(try violations("/items/1?filter=color,red,size,3", parameters: parameter).isEmpty)
        #expect(
            try violations("/items/1?filter=color,red,size,L", parameters: parameter) == [
                #"query /filter/size: expected integer, got "L""#
            ]
        )
    }

    @Test func aDeepObjectIsReadFromBracketedNames() throws {
        let parameter = #"{"name":"filter","in":"query","style":"deepObject",\#(colorObject)}"#
        #expect(try violations("/items/1?filter[color]=red&filter%5Bsize%5D=3", parameters: parameter).isEmpty)
        #expect(
            try violations("/items/1?filter[size]=big", parameters: parameter) == [
                #"query /filter/size: expected integer, got "big""#
            ]
        )
    }

    @Test func valuesArePercentDecodedAndPlusIsASpace() throws {
        let parameter = #"{"name":"q","in":"query","schema":{"type":"integer"}}"#
        #expect(try violations("/items/1?q=%31%32", parameters: parameter).isEmpty)
        #expect(
            try violations("/items/1?q=a+b%21", parameters: parameter) == [#"query /q: expected integer, got "a b!""#]
        )
        #expect(try violations("/items/1?q=%zz", parameters: parameter) == [#"query /q: expected integer, got "%zz""#])
    }

    @Test func scalarsAreCoercedToTheirSchemasType() throws {
        let parameters =
            #"{"name":"n","in":"query","schema":{"type":"number"}},"#
            + #"{"name":"b","in":"query","schema":{"type":["boolean","null"]}},"#
            + #"{"name":"s","in":"query","schema":{"type":"string"}}"#
        #expect(try violations("/items/1?n=-1.5e3&b=true&s=12", parameters: parameters).isEmpty)
        #expect(
            try violations("/items/1?n=1.2.3&b=yes&s=x", parameters: parameters) == [
                #"query /n: expected number, got "1.2.3""#, #"query /b: expected boolean, got "yes""#,
            ]
        )
        #expect(try violations("/items/1?n=NaN", parameters: parameters) == [#"query /n: expected number, got "NaN""#])
    }

    @Test func aRequiredParameterThatIsMissingIsSaid() throws {
        let parameters =
            #"{"name":"limit","in":"query","required":true,"schema":{"type":"integer"}},"#
            + #"{"name":"X-Trace","in":"header","required":true,"schema":{"type":"string"}},"#
            + #"{"name":"session","in":"cookie","required":true,"schema":{"type":"string"}}"#
        let found = try violations("/items/1", parameters: parameters)
        #expect(
            found == [
                #"query /limit: the required query parameter "limit" is missing"#,
                #"header /X-Trace: the required header parameter "X-Trace" is missing"#,
                #"cookie /session: the required cookie parameter "session" is missing"#,
            ]
        )
        #expect(
            try violations(
                "/items/1?limit=3",
                parameters: parameters,
                headers: [("x-trace", "abc"), ("Cookie", "theme=dark; session=s1")]
            ).isEmpty
        )
    }

    @Test func anEmptyValueIsAcceptedOnlyWhenAllowed() throws {
        let allowed = #"{"name":"flag","in":"query","allowEmptyValue":true,"schema":{"type":"integer"}}"#
        #expect(try violations("/items/1?flag=", parameters: allowed).isEmpty)
        #expect(try violations("/items/1?flag", parameters: allowed).isEmpty)
        let strict = #"{"name":"flag","in":"query","schema":{"type":"integer"}}"#
        #expect(try violations("/items/1?flag=", parameters: strict) == [#"query /flag: expected integer, got """#])
    }

    @Test func pathParametersAreCapturedAndCoerced() throws {
        let parameter = #"{"name":"id","in":"path","required":true,"schema":{"type":"integer"}}"#
        #expect(try violations("/items/12", parameters: parameter).isEmpty)
        #expect(
            try violations("/items/twelve", parameters: parameter) == [#"path /id: expected integer, got "twelve""#]
        )
    }

    @Test func pathArraysAndObjectsFollowSimpleLabelAndMatrixStyles() throws {
        let simple = #"{"name":"id","in":"path","required":true,\#(integerArray)}"#
        #expect(try violations("/items/1,2", parameters: simple).isEmpty)
        #expect(try violations("/items/1,x", parameters: simple) == [#"path /id/1: expected integer, got "x""#])
        let label = #"{"name":"id","in":"path","required":true,"style":"label","explode":true,\#(integerArray)}"#
        #expect(try violations("/items/.1.2", parameters: label).isEmpty)
        #expect(try violations("/items/.1.y", parameters: label) == [#"path /id/1: expected integer, got "y""#])
        let matrix = #"{"name":"id","in":"path","required":true,"style":"matrix",\#(integerArray)}"#
        #expect(try violations("/items/;id=1,2", parameters: matrix).isEmpty)
        let exploded = #"{"name":"id","in":"path","required":true,"style":"matrix","explode":true,\#(integerArray)}"#
        #expect(
            try violations("/items/;id=1;id=z", parameters: exploded) == [#"path /id/1: expected integer, got "z""#]
        )
        let object = #"{"name":"id","in":"path","required":true,"explode":true,\#(colorObject)}"#
        #expect(
            try violations("/items/color=red,size=x", parameters: object) == [
                #"path /id/size: expected integer, got "x""#
            ]
        )
    }

    @Test func headerArraysAndObjectsAreSimple() throws {
        let array = #"{"name":"X-Ids","in":"header",\#(integerArray)}"#
        #expect(try violations("/items/1", parameters: array, headers: [("X-Ids", "1, 2,3")]).isEmpty)
        #expect(
            try violations("/items/1", parameters: array, headers: [("X-Ids", "1, two")]) == [
                #"header /X-Ids/1: expected integer, got "two""#
            ]
        )
        let object = #"{"name":"X-Filter","in":"header",\#(colorObject)}"#
        #expect(try violations("/items/1", parameters: object, headers: [("x-filter", "color,red,size,2")]).isEmpty)
        let exploded = #"{"name":"X-Filter","in":"header","explode":true,\#(colorObject)}"#
        #expect(
            try violations("/items/1", parameters: exploded, headers: [("x-filter", "color=red,size=M")]) == [
                #"header /X-Filter/size: expected integer, got "M""#
            ]
        )
    }

    @Test func cookiesAreReadInFormStyle() throws {
        let parameters =
            #"{"name":"count","in":"cookie","schema":{"type":"integer"}},"#
            + #"{"name":"ids","in":"cookie","explode":false,\#(integerArray)}"#
        #expect(try violations("/items/1", parameters: parameters, headers: [("Cookie", "count=3; ids=1,2")]).isEmpty)
        #expect(
            try violations("/items/1", parameters: parameters, headers: [("Cookie", "count=three;ids=1,x")]) == [
                #"cookie /count: expected integer, got "three""#, #"cookie /ids/1: expected integer, got "x""#,
            ]
        )
    }

    @Test func aJSONContentParameterIsParsed() throws {
        let parameter = #"{"name":"where","in":"query","content":{"application/json":{"schema":{"type":"object"}}}}"#
        #expect(try violations("/items/1?where=%7B%22a%22%3A1%7D", parameters: parameter).isEmpty)
        let found = try violations("/items/1?where=%7Bnope", parameters: parameter)
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("query /where: the value is not JSON") == true)
    }

    @Test func operationParametersOverrideThePathItems() throws {
        let contract = try loadContract(
            spec(
                #""/items":{"parameters":[{"name":"limit","in":"query","required":true,"schema":{"type":"integer"}},"#
                    + #"{"name":"page","in":"query","required":true,"schema":{"type":"integer"}}],"#
                    + #""get":{"parameters":[{"name":"limit","in":"query","schema":{"type":"string"}}]}}"#
            )
        )
        let found = try operation(contract, "GET", "/items")
        #expect(
            found.requestViolations(of: ContractTestRequest("GET", "/items?limit=abc")).map(\.description) == [
                #"query /page: the required query parameter "page" is missing"#
            ]
        )
    }

    @Test func sharedParametersAreFollowedThroughTheirReferences() throws {
        let contract = try loadContract(
            spec(
                ##""/a":{"get":{"parameters":[{"$ref":"#/components/parameters/limit"}]}},"##
                    + ##""/b":{"get":{"parameters":[{"$ref":"#/components/parameters/limit"}]}}"##,
                components: #""parameters":{"limit":{"name":"limit","in":"query","required":true,"#
                    + ##""schema":{"$ref":"#/components/schemas/Count"}}},"schemas":{"Count":{"type":"integer"}}"##
            )
        )
        for path in ["/a", "/b"] {
            let found = try operation(contract, "GET", path)
            #expect(
                found.requestViolations(of: ContractTestRequest("GET", path + "?limit=x")).map(\.description) == [
                    #"query /limit: expected integer, got "x""#
                ]
            )
        }
    }
}
