import StandInContract
import StandInFixtures
import Testing

@Suite struct SchemaScalarTests {
    @Test func aWrongTypeNamesBothTypes() throws {
        let schema = try SchemaTesting.compile(#"{"type":"number"}"#)
        #expect(try schema.messages(#""12""#) == ["expected number, got string"])
        #expect(try schema.accepts("12.5"))
    }

    @Test func integersAreToldApartByTheDialect() throws {
        let openAPI30 = try SchemaTesting.compile(#"{"type":"integer"}"#, .openAPI30)
        let openAPI31 = try SchemaTesting.compile(#"{"type":"integer"}"#, .openAPI31)
        #expect(try openAPI30.accepts("3"))
        #expect(try !openAPI30.accepts("3.0"))
        #expect(try openAPI30.messages("3.5") == ["expected integer, got number"])
        #expect(try openAPI31.accepts("3.0"))
        #expect(try openAPI31.accepts("3e2"))
        #expect(try !openAPI31.accepts("3.5"))
    }

    @Test func nullableIsThreeZerosAndTypeListsThreeOnes() throws {
        let nullable = try SchemaTesting.compile(#"{"type":"string","nullable":true}"#, .openAPI30)
        #expect(try nullable.accepts("null"))
        #expect(
            try SchemaTesting.compile(#"{"type":"string","nullable":true}"#, .openAPI31).messages("null") == [
                "expected string, got null"
            ]
        )
        let list = try SchemaTesting.compile(#"{"type":["string","null"]}"#, .openAPI31)
        #expect(try list.accepts("null"))
        #expect(try list.messages("1") == ["expected string or null, got number"])
    }

    @Test func enumAndConstCompareByValue() throws {
        let colors = try SchemaTesting.compile(#"{"enum":["a","b",1]}"#)
        #expect(try colors.accepts("1.0"))
        #expect(try colors.messages(#""c""#) == [#"must be one of "a", "b", 1"#])
        let constant = try SchemaTesting.compile(#"{"const":{"x":[1]}}"#, .openAPI31)
        #expect(try constant.accepts(#"{"x":[1.0]}"#))
        #expect(try constant.messages(#"{"x":[2]}"#) == [#"must be {"x":[1]}"#])
    }

    @Test func lengthsCountUnicodeScalars() throws {
        let schema = try SchemaTesting.compile(#"{"minLength":2,"maxLength":3}"#)
        #expect(try !schema.accepts(#""😀""#))
        #expect(try schema.accepts(#""😀😀😀""#))
        #expect(try schema.messages(#""abcd""#) == ["must be at most 3 characters"])
        #expect(try schema.messages(#""a""#) == ["must be at least 2 characters"])
    }

    @Test func aPatternIsSearchedForAnywhere() throws {
        let schema = try SchemaTesting.compile(#"{"pattern":"b+"}"#)
        #expect(try schema.accepts(#""abbc""#))
        #expect(try SchemaTesting.compile(#"{"pattern":"^a"}"#).messages(#""ba""#) == [#"must match pattern "^a""#])
    }

    @Test func textTooLongForItsPatternIsRefusedSayingSo() throws {
        let schema = try SchemaTesting.compile(##"{"pattern":"a"}"##)
        let long = String(repeating: "a", count: TextPattern.inputCeiling + 1)
        #expect(
            try schema.messages("\"\(long)\"") == [
                "is too long for pattern \"a\" (at most \(TextPattern.inputCeiling) bytes are matched)"
            ]
        )
    }

    @Test func boundsAreExactAndExclusiveByTheDialect() throws {
        let openAPI30 = try SchemaTesting.compile(#"{"minimum":0.1,"maximum":10,"exclusiveMaximum":true}"#)
        #expect(try openAPI30.accepts("0.1"))
        #expect(try openAPI30.messages("0.09999") == ["must be at least 0.1"])
        #expect(try openAPI30.messages("10") == ["must be less than 10"])
        let openAPI31 = try SchemaTesting.compile(#"{"exclusiveMinimum":0,"maximum":1e2}"#, .openAPI31)
        #expect(try openAPI31.messages("0") == ["must be greater than 0"])
        #expect(try openAPI31.accepts("100.0"))
        #expect(try !openAPI31.accepts("100.0000000000000000001"))
    }

    @Test func longNumbersAreComparedExactlyToo() throws {
        let schema = try SchemaTesting.compile(##"{"minimum":0.1000000000000000000001,"multipleOf":1e-22}"##)
        #expect(try schema.accepts("0.1000000000000000000001"))
        #expect(
            try schema.messages("0.10000000000000000000009") == [
                "must be at least 0.1000000000000000000001", "must be a multiple of 1e-22",
            ]
        )
        #expect(
            try SchemaTesting.compile(##"{"maximum":-12345678901234567890123}"##).accepts(
                "-1.2345678901234567890124e22"
            )
        )
    }

    @Test func multipleOfIsExactForDecimals() throws {
        let cents = try SchemaTesting.compile(#"{"multipleOf":0.01}"#)
        #expect(try cents.accepts("19.99"))
        #expect(try cents.accepts("1e3"))
        #expect(try cents.messages("0.001") == ["must be a multiple of 0.01"])
        #expect(try SchemaTesting.compile(#"{"multipleOf":0.1}"#).accepts("0.3"))
        #expect(try SchemaTesting.compile(#"{"multipleOf":7}"#).accepts("7e300"))
        #expect(try !SchemaTesting.compile(#"{"multipleOf":3}"#).accepts("1e300"))
    }

    @Test func keywordsOfAnotherTypePass() throws {
        let schema = try SchemaTesting.compile(#"{"minLength":5,"minimum":3,"minItems":2,"required":["a"]}"#)
        for instance in ["true", "null", #""abcdef""#, "4", "[1,2]", #"{"a":1}"#] {
            #expect(try schema.accepts(instance))
        }
    }
}
