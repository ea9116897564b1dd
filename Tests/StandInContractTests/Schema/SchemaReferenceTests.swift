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

    @Test func aDeepTreeOfTenMegabytesIsCheckedInBoundedTime() throws {
        let schema = try SchemaTesting.compile(
            ##"{"oneOf":[{"$ref":"#/components/schemas/Tree"},{"type":"string"}]}"##,
            components: tree
        )
        let leaf = ##"{"value":1,"children":[{"value":2},{"value":3}]}"##
        var body = leaf
        while body.utf8.count < 10_000_000 {
            body = ##"{"value":0,"children":["## + Array(repeating: body, count: 4).joined(separator: ",") + "]}"
        }
        let instance = try JSONParser.parse(body)
        let clock = ContinuousClock()
        let elapsed = clock.measure { #expect(schema.isValid(instance, direction: .request)) }
        #expect(elapsed < .seconds(5))
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

    @Test func aTargetIsCompiledOnceAndSharedAcrossCompiles() throws {
        let document = try JSONParser.parse(##"{"components":{"schemas":\##(tree)}}"##)
        let compiler = SchemaCompiler(references: SpecReferences(root: document), dialect: .openAPI30)
        let first = try compiler.compile(try JSONParser.parse(##"{"$ref":"#/components/schemas/Tree"}"##), at: "/a")
        let second = try compiler.compile(
            try JSONParser.parse(##"{"items":{"$ref":"#/components/schemas/Tree"}}"##),
            at: "/b"
        )
        #expect(first.isValid(try JSONParser.parse(##"{"value":1}"##), direction: .request))
        #expect(!second.isValid(try JSONParser.parse(##"[{"value":"x"}]"##), direction: .request))
    }
}
