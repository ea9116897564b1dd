import StandInContract
import StandInFixtures
import Testing

@Suite struct SchemaReferenceTests {
    let tree = """
        {"Tree":{"type":"object","required":["value"],"properties":{"value":{"type":"integer"},
                 "children":{"type":"array","items":{"$ref":"#/components/schemas/Tree"}}}}}
        """

    @Test func aRecursiveSchemaValidatesATree() throws {
        let schema = try SchemaTesting.compile(##"{"$ref":"#/components/schemas/Tree"}"##, components: tree)
        #expect(try schema.accepts(##"{"value":1,"children":[{"value":2,"children":[{"value":3}]}]}"##))
        #expect(
            try schema.messages(##"{"value":1,"children":[{"value":2,"children":[{"value":"x"}]}]}"##) == [
                "/children/0/children/0/value: expected integer, got string"
            ]
        )
    }

    @Test func aWideAndADeepTreeAreCheckedInTimeLinearInTheirSize() throws {
        let schema = try SchemaTesting.compile(
            ##"{"oneOf":[{"$ref":"#/components/schemas/Tree"},{"type":"string"}]}"##,
            components: tree
        )
        var wide = ##"{"value":1,"children":[{"value":2},{"value":3}]}"##
        while wide.utf8.count < 500_000 {
            wide = ##"{"value":0,"children":["## + Array(repeating: wide, count: 4).joined(separator: ",") + "]}"
        }
        var deep = ##"{"value":"leaf"}"##
        for _ in 0..<200 { deep = ##"{"value":0,"children":[{"value":1},"## + deep + "]}" }
        let wideInstance = try JSONParser.parse(wide)
        let deepInstance = try JSONParser.parse(deep)
        let pointer = String(repeating: "/children/1", count: 200) + "/value"
        #expect(schema.isValid(wideInstance, direction: .request))
        #expect(
            schema.violations(of: deepInstance, direction: .request).map(\.description) == [
                "\(pointer): expected integer, got string"
            ]
        )
    }

    @Test func threeZeroRefReplacesItsSiblingsAndThreeOneAppliesBoth() throws {
        let components = ##"{"Name":{"type":"string"}}"##
        let json = ##"{"$ref":"#/components/schemas/Name","maxLength":2}"##
        #expect(try SchemaTesting.compile(json, .openAPI30, components: components).accepts(##""abc""##))
        #expect(try !SchemaTesting.compile(json, .openAPI31, components: components).accepts(##""abc""##))
    }

    @Test func referencesThatCannotBeFollowedAreCompileErrors() throws {
        let missing = try SchemaTesting.compileError(##"{"properties":{"a":{"$ref":"#/components/schemas/Nope"}}}"##)
        #expect(missing?.pointer == "/schema/properties/a/$ref")
        #expect(missing?.message.contains("points at nothing") == true)
        let external = try SchemaTesting.compileError(##"{"$ref":"other.yaml#/Pet"}"##)
        #expect(external?.message.contains("outside this document") == true)
    }

    @Test func aCycleWithNoStepInIsACompileError() throws {
        let pure = ##"{"A":{"$ref":"#/components/schemas/B"},"B":{"$ref":"#/components/schemas/A"}}"##
        let error = try SchemaTesting.compileError(##"{"$ref":"#/components/schemas/A"}"##, components: pure)
        #expect(error?.message.contains("leads back to itself") == true)
        let throughAllOf = ##"{"A":{"allOf":[{"$ref":"#/components/schemas/A"}]}}"##
        #expect(
            try SchemaTesting.compileError(##"{"$ref":"#/components/schemas/A"}"##, components: throughAllOf) != nil
        )
        let throughItems = ##"{"A":{"items":{"$ref":"#/components/schemas/A"}}}"##
        #expect(
            try SchemaTesting.compileError(##"{"$ref":"#/components/schemas/A"}"##, components: throughItems) == nil
        )
    }

    @Test func aRunawayPatternIsACompileErrorNamingItsPointer() throws {
        let error = try SchemaTesting.compileError(##"{"properties":{"name":{"pattern":"(a+)+$"}}}"##)
        #expect(error?.pointer == "/schema/properties/name/pattern")
    }

    @Test func aKeywordWithAValueOfTheWrongKindIsACompileError() throws {
        let negative = try SchemaTesting.compileError(##"{"properties":{"a":{"minLength":-1}}}"##)
        #expect(negative?.pointer == "/schema/properties/a/minLength")
        #expect(negative?.message == "minLength must be a whole number ≥ 0, not -1")
        #expect(try SchemaTesting.compileError(##"{"type":"file"}"##)?.pointer == "/schema/type")
        #expect(try SchemaTesting.compileError(##"{"multipleOf":0}"##)?.pointer == "/schema/multipleOf")
        #expect(try SchemaTesting.compileError(##"{"required":"a"}"##)?.pointer == "/schema/required")
    }

    @Test func aTargetIsCompiledOnceAndSharedAcrossCompiles() throws {
        let document = try JSONParser.parse(##"{"components":{"schemas":\##(tree)}}"##)
        let compiler = SchemaCompiler(references: SpecReferences(root: document), dialect: .openAPI30)
        let first = try compiler.compile(try JSONParser.parse(##"{"$ref":"#/components/schemas/Tree"}"##), at: "/a")
        let second = try compiler.compile(
            try JSONParser.parse(##"{"items":{"$ref":"#/components/schemas/Tree"}}"##),
            at: "/b"
        )
        let third = try compiler.compile(
            try #require(document.value(at: "/components/schemas/Tree")),
            at: "/components/schemas/Tree"
        )
        for schema in [first, third] {
            #expect(schema.isValid(try JSONParser.parse(##"{"value":1}"##), direction: .request))
            #expect(try schema.messages(##"{"value":"1"}"##) == ["/value: expected integer, got string"])
        }
        #expect(!second.isValid(try JSONParser.parse(##"[{"value":"x"}]"##), direction: .request))
    }
}
