import StandInFixtures
import Testing

struct JSONParserTests {
    /// One malformed document and the error it must produce.
    struct Rejection: Sendable, CustomTestStringConvertible {
        let input: [UInt8]
        let line: Int
        let column: Int
        let reason: String

        init(_ input: String, _ line: Int, _ column: Int, _ reason: String) {
            self.init(bytes: Array(input.utf8), line, column, reason)
        }

        init(bytes: [UInt8], _ line: Int, _ column: Int, _ reason: String) {
            self.input = bytes
            self.line = line
            self.column = column
            self.reason = reason
        }

        var testDescription: String { reason }
    }

    static let rejections: [Rejection] = [
        Rejection("", 1, 1, "unexpected end of input"),
        Rejection("  \n  ", 2, 3, "unexpected end of input"),
        Rejection(#"{"a": [1, 2"#, 1, 12, "unexpected end of input"),
        Rejection("[1,\n 2,\n 3 4]", 3, 4, "expected ',' or ']' after array element"),
        Rejection("{\"a\": 1\n \"b\": 2}", 2, 2, "expected ',' or '}' after object member"),
        Rejection(#"{"a" 1}"#, 1, 6, "expected ':' after object key"),
        Rejection("{a: 1}", 1, 2, "expected a string key in object"),
        Rejection(#"{"a": 1, 2: 3}"#, 1, 10, "expected a string key in object"),
        Rejection("[1, 2,]", 1, 6, "trailing comma before ']'"),
        Rejection("{\"a\": 1,\n}", 1, 8, "trailing comma before '}'"),
        Rejection(#""abc"#, 1, 1, "unterminated string"),
        Rejection("[\"ok\",\n  \"abc\n]", 2, 3, "unterminated string"),
        Rejection(#""abc\"#, 1, 1, "unterminated string"),
        Rejection("\"a\tb\"", 1, 3, "control character in string"),
        Rejection("\"a\u{0}b\"", 1, 3, "control character in string"),
        Rejection(#"["\x"]"#, 1, 3, #"invalid escape \x"#),
        Rejection("\"\\\u{1}\"", 1, 2, #"invalid escape: '\' followed by U+0001"#),
        Rejection(#""\u12G4""#, 1, 2, #"invalid \u escape, expected 4 hex digits"#),
        Rejection(#""\u12""#, 1, 2, #"invalid \u escape, expected 4 hex digits"#),
        Rejection(#""ab\uD83D""#, 1, 4, #"unpaired surrogate \uD83D"#),
        Rejection(#""\uDE00""#, 1, 2, #"unpaired surrogate \uDE00"#),
        Rejection(#""\ud83d\u0041""#, 1, 2, #"unpaired surrogate \ud83d"#),
        Rejection(#""\uD83D\u00""#, 1, 8, #"invalid \u escape, expected 4 hex digits"#),
        Rejection(bytes: [0x22, 0x61, 0xFF, 0x22], 1, 3, "invalid UTF-8 in string"),
        Rejection(bytes: [0x22, 0xC0, 0x80, 0x22], 1, 2, "invalid UTF-8 in string"),
        Rejection(bytes: [0x22, 0xED, 0xA0, 0x80, 0x22], 1, 2, "invalid UTF-8 in string"),
        Rejection(bytes: [0x22, 0xE2, 0x82, 0x22], 1, 2, "invalid UTF-8 in string"),
        Rejection(bytes: [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1, 2, "invalid UTF-8 in string"),
        Rejection(bytes: [0x22, 0xE2, 0x82], 1, 2, "invalid UTF-8 in string"),
        Rejection("01", 1, 1, "leading zeros are not allowed in numbers"),
        Rejection("[-00]", 1, 3, "leading zeros are not allowed in numbers"),
        Rejection("-", 1, 2, "expected a digit after '-'"),
        Rejection("-a", 1, 2, "expected a digit after '-'"),
        Rejection("1.", 1, 3, "expected a digit after the decimal point"),
        Rejection("1.e5", 1, 3, "expected a digit after the decimal point"),
        Rejection("1e", 1, 3, "expected a digit in the exponent"),
        Rejection("1E+", 1, 4, "expected a digit in the exponent"),
        Rejection(".5", 1, 1, "a number must start with a digit or '-'"),
        Rejection("[+1]", 1, 2, "a number must start with a digit or '-'"),
        Rejection("tru", 1, 1, "invalid literal, expected 'true'"),
        Rejection("[fals]", 1, 2, "invalid literal, expected 'false'"),
        Rejection("nul", 1, 1, "invalid literal, expected 'null'"),
        Rejection("True", 1, 1, "expected a value but found 'T'"),
        Rejection("[1, }", 1, 5, "expected a value but found '}'"),
        Rejection("// comment\n1", 1, 1, "expected a value but found '/'"),
        Rejection("\u{A0}1", 1, 1, "expected a value but found U+00A0"),
        Rejection("[\"é\", é]", 1, 7, "expected a value but found 'é'"),
        Rejection(bytes: [0x5B, 0xFF, 0x5D], 1, 2, "expected a value but found invalid UTF-8 byte 0xFF"),
        Rejection("1 2", 1, 3, "trailing characters after the JSON value"),
        Rejection("{}\n\n  x", 3, 3, "trailing characters after the JSON value"),
        Rejection("truex", 1, 5, "trailing characters after the JSON value"),
        Rejection("[1,\r\n2 x]", 2, 3, "expected ',' or ']' after array element"),
        Rejection("[1,\r2 x]", 2, 3, "expected ',' or ']' after array element"),
        Rejection(bytes: [0xEF, 0xBB, 0xBF] + Array("[1 x]".utf8), 1, 4, "expected ',' or ']' after array element"),
        Rejection(String(repeating: "[", count: 513), 1, 513, "nesting deeper than 512"),
        Rejection(String(repeating: #"{"a":"#, count: 513), 1, 2_561, "nesting deeper than 512"),
    ]

    @Test(arguments: rejections)
    func malformedDocumentReportsReasonLineAndColumn(_ rejection: Rejection) throws {
        let error = try #require(throws: JSONSyntaxError.self) { try JSONParser.parse(rejection.input) }
        #expect(error == JSONSyntaxError(line: rejection.line, column: rejection.column, reason: rejection.reason))
    }

    @Test
    func errorDescriptionNamesLineAndColumn() throws {
        let error = try #require(throws: JSONSyntaxError.self) { try JSONParser.parse("{\n  \"a\": 1,\n  \"b\" 2\n}") }
        #expect(error.description == "line 3, column 7: expected ':' after object key")
    }

    @Test(arguments: [
        ("null", JSONNode(.null)),
        ("true", JSONNode(.bool(true))),
        (" false ", JSONNode(.bool(false))),
        (#""hi""#, JSONNode(.string("hi"))),
        ("-1.5e3", JSONNode(.number("-1.5e3"))),
        ("[]", JSONNode(.array([]))),
        ("{}", JSONNode(.object([]))),
    ])
    func parsesEveryKindOfValue(_ text: String, _ expected: JSONNode) throws {
        let node = try JSONParser.parse(text)
        #expect(node == expected)
        #expect(node.typeName == expected.typeName)
    }

    @Test(arguments: ["0", "-0", "12", "1.50", "-12.50E-3", "1e+10", "2E5", "123456789012345678901234567890.000"])
    func numberKeepsItsLiteralExactly(_ literal: String) throws {
        let node = try JSONParser.parse(" \(literal) ")
        guard case .number(let parsed) = node.value else {
            Issue.record("expected a number, got \(node.typeName)")
            return
        }
        #expect(parsed == literal)
    }

    @Test
    func objectKeepsMemberOrderWithKeyAndValueLines() throws {
        let text = """
            {
              "zeta": 1,
              "alpha":
                [true,
                 null],
              "zeta": "again"
            }
            """
        let node = try JSONParser.parse(text)
        guard case .object(let members) = node.value else {
            Issue.record("expected an object, got \(node.typeName)")
            return
        }
        #expect(members.map(\.key) == ["zeta", "alpha", "zeta"])
        #expect(members.map(\.keyLine) == [2, 3, 6])
        #expect(members.map(\.value.line) == [2, 4, 6])
        #expect(node.line == 1)
        #expect(node.value(at: "alpha.1")?.line == 5)
    }

    @Test
    func linesCountCRLFAndLoneCRAsOneBreak() throws {
        let node = try JSONParser.parse("[1,\r\n2,\r3,\n\r4]")
        guard case .array(let elements) = node.value else {
            Issue.record("expected an array, got \(node.typeName)")
            return
        }
        #expect(elements.map(\.line) == [1, 2, 3, 5])
    }

    @Test
    func decodesEverySimpleEscape() throws {
        let node = try JSONParser.parse(#""q\"b\\s\/b\bf\fn\nr\rt\tA\u0041e\u00e9z\u0000""#)
        #expect(node.stringValue == "q\"b\\s/b\u{8}f\u{C}n\nr\rt\tAAe\u{E9}z\u{0}")
    }

    @Test
    func decodesSurrogatePairIntoOneScalar() throws {
        let node = try JSONParser.parse(#""smile \uD83D\uDE00!""#)
        #expect(node.stringValue == "smile \u{1F600}!")
        #expect(node.stringValue?.unicodeScalars.count == 8)
    }

    @Test
    func keepsNonASCIIStringsAndKeysAsUTF8() throws {
        let node = try JSONParser.parse(#"{"clé": "héllo 😀 日本", "e\u0301": 1}"#)
        #expect(node["clé"]?.stringValue == "héllo 😀 日本")
        #expect(node.member("e\u{301}")?.value.intValue == 1)
    }

    @Test
    func skipsByteOrderMark() throws {
        let node = try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("\n{\"a\": true}".utf8))
        #expect(node["a"]?.boolValue == true)
        #expect(node.member("a")?.keyLine == 2)
    }

    @Test
    func acceptsNestingOf512() throws {
        let text = String(repeating: "[", count: 511) + "{\"deep\": 1}" + String(repeating: "]", count: 511)
        let node = try JSONParser.parse(text)
        let path = String(repeating: "0.", count: 511) + "deep"
        #expect(node.value(at: path)?.intValue == 1)
        #expect(node.compactString == text.filter { $0 != " " })
        #expect(try JSONParser.parse(node.compactBytes) == node)
        #expect(node.contains(node))
    }

    @Test
    func parsesNonContiguousCollections() throws {
        let bytes = Array(#"{"a": [1, "two"]}"#.utf8)
        let node = try JSONParser.parse(bytes.lazy.map { $0 })
        #expect(try JSONParser.parse(bytes[...]) == node)
        #expect(node.value(at: "a.1")?.stringValue == "two")
    }

    @Test
    func parsesLargeDocument() throws {
        let items = (0..<5_000).map { #"{"id": \#($0), "name": "item \#($0)", "tags": ["a", "b\n"], "ok": true}"# }
        let node = try JSONParser.parse("[\n" + items.joined(separator: ",\n") + "\n]")
        #expect(node.value(at: "4999.name")?.stringValue == "item 4999")
        #expect(node.value(at: "4999")?.line == 5_001)
    }
}
