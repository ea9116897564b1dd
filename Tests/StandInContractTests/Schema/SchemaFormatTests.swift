import StandInContract
import StandInFixtures
import Testing

@Suite struct SchemaFormatTests {
    /// Each format with values it accepts and values it refuses.
    static let cases: [(format: String, valid: [String], invalid: [String])] = [
        (
            "date-time", ["2026-11-27T03:15:00Z", "2024-02-29t23:59:59.5+01:00"],
            ["2026-11-27", "2023-02-29T00:00:00Z", "2026-11-27T24:00:00Z"]
        ),
        ("date", ["2026-11-27", "2000-02-29"], ["2026-13-01", "1900-02-29", "2026-1-1", "0000-01-01"]),
        ("time", ["03:15:00", "03:15:00.25Z", "23:59:59+05:30"], ["3:15", "24:00:00", "03:15:60"]),
        ("email", ["a@b.c"], ["ab.c"]),
        (
            "uuid", ["123e4567-e89b-12d3-a456-426614174000"],
            ["123e4567e89b12d3a456426614174000", "123e4567-e89b-12d3-a456-42661417400g"]
        ),
        (
            "uri", ["https://example.com/a?b=c#d", "urn:isbn:0451450523"],
            ["/relative", "http://exa mple.com", "1http://x"]
        ),
        ("ipv4", ["192.168.0.1", "0.0.0.0"], ["256.1.1.1", "01.2.3.4", "1.2.3"]),
        (
            "ipv6", ["::1", "2001:db8::8a2e:370:7334", "::ffff:192.0.2.1", "1:2:3:4:5:6:7:8"],
            ["1:2:3:4:5:6:7:8:9", "1::2::3", "fe80::1%eth0", "12345::"]
        ),
        ("byte", ["", "YWJj", "YWI="], ["YWJ", "Y===", "YW!="]),
    ]

    @Test(arguments: cases) func aFormatAcceptsAndRefuses(format: String, valid: [String], invalid: [String]) throws {
        let schema = try SchemaTesting.compile(#"{"format":"\#(format)"}"#)
        for value in valid { #expect(try schema.accepts("\"\(value)\""), "\(format): \(value)") }
        for value in invalid {
            #expect(try schema.messages("\"\(value)\"") == ["must be a valid \(format)"], "\(format): \(value)")
        }
    }

    @Test func integerFormatsCheckRangeAndUnknownFormatsPass() throws {
        let int32 = try SchemaTesting.compile(#"{"format":"int32"}"#)
        #expect(try int32.accepts("2147483647"))
        #expect(try int32.accepts("-2147483648"))
        #expect(try int32.messages("2147483648") == ["must be a valid int32"])
        #expect(
            try SchemaTesting.compile(#"{"format":"int64"}"#).messages("9223372036854775808") == [
                "must be a valid int64"
            ]
        )
        #expect(try SchemaTesting.compile(#"{"format":"color"}"#).accepts(#""nope""#))
    }
}
