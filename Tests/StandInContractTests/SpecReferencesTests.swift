import StandInContract
import StandInFixtures
import Testing

@Suite struct SpecReferencesTests {
    let references = SpecReferences(
        root: try! JSONParser.parse(
            ##"{"components":{"schemas":{"Pet":{"type":"object"},"Alias":{"$ref":"#/components/schemas/Pet"},"##
                + ##""Loop":{"$ref":"#/components/schemas/Loop"},"a/b":{"type":"string"}}}}"##
        )
    )

    @Test func aChainIsFollowedToItsEnd() throws {
        let node = try JSONParser.parse(##"{"$ref":"#/components/schemas/Alias"}"##)
        #expect(try references.resolved(node)["type"]?.stringValue == "object")
    }

    @Test func anEscapedPointerIsRead() throws {
        #expect(try references.target(of: "#/components/schemas/a~1b")["type"]?.stringValue == "string")
    }

    @Test func whatCannotBeFollowedIsSaid() throws {
        #expect(throws: SpecReferenceError.missing("#/components/schemas/Nope")) {
            try references.target(of: "#/components/schemas/Nope")
        }
        #expect(throws: SpecReferenceError.external("other.yaml#/Pet")) {
            try references.target(of: "other.yaml#/Pet")
        }
        #expect(throws: SpecReferenceError.loop("#/components/schemas/Loop")) {
            try references.resolved(try JSONParser.parse(##"{"$ref":"#/components/schemas/Loop"}"##))
        }
    }
}
