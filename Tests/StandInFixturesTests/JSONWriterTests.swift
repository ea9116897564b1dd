import StandInFixtures
import Testing

struct JSONWriterTests {
    @Test
    func compactKeepsMemberOrderAndNumberLiterals() throws {
        let node = try JSONParser.parse(#"{ "b" : [ 1.50, -0, 2E+3, true, null ], "a" : { }, "c": [ ] }"#)
        #expect(node.compactString == #"{"b":[1.50,-0,2E+3,true,null],"a":{},"c":[]}"#)
    }

    @Test
    func escapesQuotesBackslashesAndControlCharacters() {
        var out: [UInt8] = []
        JSONWriter.appendEscaped("a\"b\\c/d\ne\rf\tg\u{8}h\u{C}i\u{1}j\u{1F}k\u{7F}é😀", into: &out)
        #expect(String(decoding: out, as: UTF8.self) == #"a\"b\\c/d\ne\rf\tg\bh\fi\u0001j\u001fk"# + "\u{7F}é😀")
    }

    @Test
    func needsNoEscapingFindsAnyByteToEscapeAtAnyPosition() {
        for byte in UInt8.min...UInt8.max {
            let plain = byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
            for position in 0..<19 {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 19)
                bytes[position] = byte
                #expect(bytes.withUnsafeBufferPointer(JSONWriter.needsNoEscaping) == plain, "\(byte) at \(position)")
            }
        }
        #expect([UInt8]().withUnsafeBufferPointer(JSONWriter.needsNoEscaping))
    }

    @Test
    func escapesSubstringsAndAppendsToExistingBytes() {
        var out = Array("x=".utf8)
        let text = "say \"hi\" now"
        JSONWriter.appendEscaped(text.dropFirst(4).prefix(4), into: &out)
        #expect(out == Array(#"x=\"hi\""#.utf8))
    }

    @Test
    func compactEscapesKeysAndStrings() {
        let node = JSONNode(.object([JSONNode.Member(key: "a\"b", value: JSONNode(.string("line\nbreak")))]))
        #expect(node.compactString == #"{"a\"b":"line\nbreak"}"#)
    }

    @Test
    func everyControlCharacterSurvivesARoundTrip() throws {
        let text = String(String.UnicodeScalarView((0..<0x20).map { Unicode.Scalar(UInt8($0)) }))
        let node = JSONNode(.string(text + "\"\\/"))
        #expect(try JSONParser.parse(node.compactBytes).stringValue == text + "\"\\/")
    }

    @Test
    func prettyPrintsInStoredOrderIndentedWithTrailingNewline() throws {
        let node = try JSONParser.parse(#"{"b": [1, {"y": null, "x": "s"}], "a": {}, "c": [], "B": true, "é": 1.0}"#)
        var out: [UInt8] = []
        JSONWriter.writePretty(node, into: &out)
        let expected = """
            {
              "b": [
                1,
                {
                  "y": null,
                  "x": "s"
                }
              ],
              "a": {},
              "c": [],
              "B": true,
              "é": 1.0
            }

            """
        #expect(String(decoding: out, as: UTF8.self) == expected)
    }

    @Test
    func prettyPrintsScalarDocumentOnOneLine() {
        var out: [UInt8] = []
        JSONWriter.writePretty(JSONNode(.string("a\tb")), into: &out)
        #expect(out == Array("\"a\\tb\"\n".utf8))
    }

    @Test
    func prettyKeepsDuplicateKeysInSourceOrder() throws {
        let node = try JSONParser.parse(#"{"k": 2, "a": 0, "k": 1}"#)
        var out: [UInt8] = []
        JSONWriter.writePretty(node, into: &out)
        #expect(String(decoding: out, as: UTF8.self) == "{\n  \"k\": 2,\n  \"a\": 0,\n  \"k\": 1\n}\n")
    }

    @Test(arguments: [
        "null",
        "[true,false,null]",
        #"{"a":[1,2.5e-3,-0],"b":{"c":"d\u0000\"\\"},"e":"héllo 😀"}"#,
        #"[[],{},[[{"x":[]}]]]"#,
        #"{"dup":1,"dup":2,"order":"kept"}"#,
    ])
    func compactOutputParsesBackEqualAndIdentical(_ text: String) throws {
        let node = try JSONParser.parse(text)
        let again = try JSONParser.parse(node.compactBytes)
        #expect(again == node)
        #expect(again.compactString == node.compactString)
    }

    @Test
    func prettyOutputParsesBackEqual() throws {
        let node = try JSONParser.parse(#"{"z": [1, {"q": "\n"}], "a": {"m": [[]], "b": -1e-7}}"#)
        var out: [UInt8] = []
        JSONWriter.writePretty(node, into: &out)
        #expect(try JSONParser.parse(out) == node)
    }

    @Test
    func textValueInsertsStringsRawAndContainersAsJSON() throws {
        let node = try JSONParser.parse(#"{"s": "a \"q\"", "n": 1.50, "t": true, "z": null, "o": {"k": [1, "x"]}}"#)
        #expect(node["s"]?.textValue == #"a "q""#)
        #expect(node["n"]?.textValue == "1.50")
        #expect(node["t"]?.textValue == "true")
        #expect(node["z"]?.textValue == "null")
        #expect(node["o"]?.textValue == #"{"k":[1,"x"]}"#)
    }
}
