import StandInContract
import StandInFixtures
import Testing

@Suite struct SchemaCompositionTests {
    @Test func allOfReportsEveryMembersViolations() throws {
        let schema = try SchemaTesting.compile(
            ##"{"allOf":[{"required":["a"]},{"properties":{"b":{"type":"string"}}}]}"##
        )
        #expect(try schema.messages(##"{"b":1}"##) == [##""a" is required"##, "/b: expected string, got number"])
    }

    @Test func anyOfOneOfAndNotSayOnlyThatTheyFailed() throws {
        let anyOf = try SchemaTesting.compile(##"{"anyOf":[{"type":"string"},{"type":"integer"}]}"##)
        #expect(try anyOf.accepts("1"))
        #expect(try anyOf.messages("true") == ["must match at least one of the 2 schemas of anyOf"])
        let oneOf = try SchemaTesting.compile(##"{"oneOf":[{"type":"number"},{"type":"integer"},{"type":"string"}]}"##)
        #expect(try oneOf.accepts("1.5"))
        #expect(try oneOf.messages("1") == ["must match exactly one of the 3 schemas of oneOf, matches 2 (0 and 1)"])
        #expect(try oneOf.messages("null") == ["must match exactly one of the 3 schemas of oneOf, matches none"])
        let not = try SchemaTesting.compile(##"{"not":{"type":"string"}}"##)
        #expect(try not.messages(##""a""##) == ["must not match the schema of not"])
    }

    @Test func aFailedChoiceWithOnePlausibleMemberReportsThatMembersViolations() throws {
        let schema = try SchemaTesting.compile(
            ##"{"anyOf":[{"type":"object","properties":{"zip":{"pattern":"^[0-9]{5}$"}}},{"type":"null"}]}"##
        )
        #expect(try schema.messages(##"{"zip":"ABC"}"##) == [##"/zip: must match pattern "^[0-9]{5}$""##])
        #expect(try schema.messages("3") == ["must match at least one of the 2 schemas of anyOf"])
    }

    let pets = """
        {"Cat":{"type":"object","required":["kind","claws"],"properties":{"kind":{"type":"string"},"claws":{"type":"integer"}}},
         "Dog":{"type":"object","required":["kind","bark"],"properties":{"kind":{"type":"string"},"bark":{"type":"string"}}}}
        """

    @Test func aDiscriminatorChecksTheMemberItNames() throws {
        let schema = try SchemaTesting.compile(
            ##"{"oneOf":[{"$ref":"#/components/schemas/Cat"},{"$ref":"#/components/schemas/Dog"}],"##
                + ##""discriminator":{"propertyName":"kind","mapping":{"hound":"#/components/schemas/Dog"}}}"##,
            components: pets
        )
        #expect(try schema.accepts(##"{"kind":"Cat","claws":4}"##))
        #expect(try schema.accepts(##"{"kind":"hound","bark":"woof"}"##))
        #expect(try schema.messages(##"{"kind":"Cat","claws":"sharp"}"##) == ["/claws: expected integer, got string"])
        #expect(
            try schema.messages(##"{"claws":4}"##) == [
                ##""kind" is required to tell which schema applies (one of "Cat", "Dog", "hound")"##
            ]
        )
        #expect(
            try schema.messages(##"{"kind":"Cow"}"##) == [
                ##""kind" is "Cow", which names no schema (expected one of "Cat", "Dog", "hound")"##
            ]
        )
    }

    @Test func aDiscriminatorThatNamesNothingLeavesThePlainOneOf() throws {
        let schema = try SchemaTesting.compile(
            ##"{"oneOf":[{"required":["a"]},{"required":["b"]}],"discriminator":{"propertyName":"kind"}}"##
        )
        #expect(try schema.accepts(##"{"a":1}"##))
        #expect(try !schema.accepts(##"{"a":1,"b":2}"##))
    }
}
