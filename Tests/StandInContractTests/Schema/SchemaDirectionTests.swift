import StandInContract
import StandInFixtures
import Testing

@Suite struct SchemaDirectionTests {
    let user = """
        {"type":"object","required":["id","name","password"],
         "properties":{"id":{"type":"integer","readOnly":true},"name":{"type":"string"},
                       "password":{"type":"string","writeOnly":true}}}
        """

    @Test func aRequestNeitherNeedsNorMayCarryReadOnlyProperties() throws {
        let schema = try SchemaTesting.compile(user)
        #expect(try schema.accepts(#"{"name":"a","password":"p"}"#, .request))
        #expect(
            try schema.messages(#"{"id":1,"name":"a","password":"p"}"#, .request) == [
                "/id: is read-only: a request may not carry it"
            ]
        )
    }

    @Test func aResponseNeitherNeedsNorMayCarryWriteOnlyProperties() throws {
        let schema = try SchemaTesting.compile(user, .openAPI31)
        #expect(try schema.accepts(#"{"id":1,"name":"a"}"#, .response))
        #expect(
            try schema.messages(#"{"id":1,"name":"a","password":"p"}"#, .response) == [
                "/password: is write-only: a response may not carry it"
            ]
        )
        #expect(try schema.messages(#"{"name":"a"}"#, .response) == [#""id" is required"#])
    }
}
