import StandInFixtures
import Testing

struct JSONNodeTests {
    @Test(arguments: [
        ("3", 3), ("-0", 0), ("3.0", 3), ("3e2", 300), ("12300e-2", 123), ("-9223372036854775808", Int.min),
        ("9223372036854775807", Int.max), ("0.0e10", 0),
    ])
    func intValueReadsExactIntegers(_ literal: String, _ expected: Int) {
        #expect(JSONNode(.number(literal)).intValue == expected)
    }

    @Test(arguments: ["1.5", "9223372036854775808", "-9223372036854775809", "1e400", "1e-2", "abc"])
    func intValueIsNilForFractionsAndOverflow(_ literal: String) {
        #expect(JSONNode(.number(literal)).intValue == nil)
    }

    @Test
    func scalarAccessorsReturnNilForOtherTypes() throws {
        let node = try JSONParser.parse(#"{"s": "x", "b": false, "n": 2.5e1, "z": null}"#)
        #expect(node["s"]?.stringValue == "x")
        #expect(node["b"]?.boolValue == false)
        #expect(node["n"]?.doubleValue == 25)
        #expect(node["n"]?.intValue == 25)
        #expect(node["s"]?.boolValue == nil)
        #expect(node["b"]?.stringValue == nil)
        #expect(node["z"]?.doubleValue == nil)
        #expect(node["s"]?["s"] == nil)
        #expect(node.member("missing") == nil)
    }

    @Test
    func subscriptFindsTheFirstMemberWithAKey() throws {
        let node = try JSONParser.parse("{\n\"k\": 1,\n\"k\": 2\n}")
        #expect(node["k"]?.intValue == 1)
        #expect(node.member("k")?.keyLine == 2)
    }

    @Test(arguments: [
        ("null", "null"), ("true", "boolean"), ("1", "number"), (#""""#, "string"), ("[]", "array"), ("{}", "object"),
    ])
    func typeNameUsesJSONNames(_ text: String, _ name: String) throws {
        #expect(try JSONParser.parse(text).typeName == name)
    }
}
