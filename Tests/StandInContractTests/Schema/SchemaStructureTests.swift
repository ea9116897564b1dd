import StandInContract
import StandInFixtures
import Testing

@Suite struct SchemaStructureTests {
    let pet = """
        {"type":"object","required":["name","tags"],"additionalProperties":false,
         "properties":{"name":{"type":"string","maxLength":10},
                       "tags":{"type":"array","items":{"type":"string"},"minItems":1,"uniqueItems":true},
                       "a/b":{"type":"integer"}}}
        """

    @Test func violationsNameTheirPointer() throws {
        let schema = try SchemaTesting.compile(pet)
        let messages = try schema.messages(#"{"name":"Rexxxxxxxxxx","tags":["a",3,"a"],"a/b":"x","color":"red"}"#)
        #expect(
            messages == [
                "/name: must be at most 10 characters", "/tags: items must be unique: 0 and 2 are equal",
                "/tags/1: expected string, got number", "/a~1b: expected integer, got string",
                #""color" is not allowed"#,
            ]
        )
        #expect(try schema.messages("{}") == [#""name" is required"#, #""tags" is required"#])
        #expect(try schema.messages(#"{"name":"Rex","tags":[]}"#) == ["/tags: must have at least 1 item"])
    }

    @Test func additionalPropertiesMayBeASchemaAndPatternsNameMembers() throws {
        let schema = try SchemaTesting.compile(
            #"{"patternProperties":{"^x-":{"type":"string"}},"additionalProperties":{"type":"integer"}}"#
        )
        #expect(try schema.accepts(#"{"x-a":"s","b":2}"#))
        #expect(
            try schema.messages(#"{"x-a":1,"b":"s"}"#) == [
                "/x-a: expected string, got number", "/b: expected integer, got string",
            ]
        )
    }

    @Test func memberCountsAreBounded() throws {
        let schema = try SchemaTesting.compile(#"{"minProperties":1,"maxProperties":2}"#)
        #expect(try schema.messages("{}") == ["must have at least 1 property"])
        #expect(try schema.messages(#"{"a":1,"b":2,"c":3}"#) == ["must have at most 2 properties"])
    }

    @Test func prefixItemsAreThreeOnesAndItemsArraysAreRefused() throws {
        let pair = try SchemaTesting.compile(
            #"{"prefixItems":[{"type":"string"},{"type":"number"}],"items":false}"#,
            .openAPI31
        )
        #expect(try pair.accepts(#"["a",1]"#))
        #expect(try pair.messages(#"["a","b",3]"#) == ["/1: expected number, got string", "/2: is not allowed"])
        #expect(try SchemaTesting.compileError(#"{"items":[{"type":"string"}]}"#)?.pointer == "/schema/items")
    }

    @Test func uniqueItemsComparesByValueInLinearTime() throws {
        let schema = try SchemaTesting.compile(#"{"uniqueItems":true}"#)
        #expect(try !schema.accepts(#"[{"a":1,"b":[2]},{"b":[2.0],"a":1}]"#))
        #expect(try schema.accepts(#"[1,true,"1",[1],{"1":1}]"#))
        let large = "[" + (0..<200_000).map(String.init).joined(separator: ",") + ",0]"
        #expect(try schema.messages(large) == ["items must be unique: 0 and 200000 are equal"])
    }

    @Test func booleanSchemasAreThreeOnes() throws {
        let schema = try SchemaTesting.compile(#"{"properties":{"a":false,"b":true}}"#, .openAPI31)
        #expect(try schema.messages(#"{"a":1,"b":2}"#) == ["/a: is not allowed"])
        #expect(
            try SchemaTesting.compileError(#"{"properties":{"a":false}}"#, .openAPI30)?.pointer
                == "/schema/properties/a"
        )
    }
}
