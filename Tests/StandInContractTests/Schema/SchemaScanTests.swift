import Foundation
import StandInContract
import StandInFixtures
import Testing

/// The scan (`JSONSchema.scannedVerdict`), which reads a document in place, agrees with parsing it and calling
/// `isValid` whenever it answers, and answers for the documents requests usually carry. Every `accepts` of the other
/// schema tests checks the same agreement (`SchemaTesting`).
@Suite struct SchemaScanTests {
    @Test func everyCaseOfTheCorpusGetsTheParsersVerdictCompactAndIndented() throws {
        let cases = try SchemaCorpus.cases()
        #expect(cases.count >= 200)
        var answered = 0
        for testCase in cases {
            let (name, schema, instance, direction) = (
                testCase.name, testCase.schema, testCase.instance, testCase.direction
            )
            let verdict = schema.isValid(instance, direction: direction)
            var indented: [UInt8] = []
            JSONWriter.writePretty(instance, into: &indented)
            for text in [instance.compactBytes, indented] {
                let scanned = text.withUnsafeBufferPointer { schema.scannedVerdict(on: $0, direction: direction) }
                #expect(
                    scanned == nil || scanned == verdict,
                    "\(name): the scan says \(scanned!), the parser \(verdict)"
                )
                if scanned != nil { answered += 1 }
            }
        }
        // Strings with escapes (and nothing else in this corpus) are left to the parser.
        #expect(answered > cases.count * 2 * 9 / 10, "the scan answered \(answered) of \(cases.count * 2)")
    }

    @Test func whatTheScanLeavesToTheParser() throws {
        let schema = try SchemaTesting.compile(#"{"type": "object"}"#)
        for text in [
            #"{"a": "line\nbreak"}"#, #"{"a": 1,}"#, #"{"a": 01}"#, #"{"a": 1} x"#, #"{"a": "\u00e9"}"#,
            #"{"a": [1, 2}"#, String(repeating: "[", count: 65) + String(repeating: "]", count: 65),
            "{\"a\": \"\u{7}\"}", "",
        ] {
            #expect(scan(schema, text) == nil, "\(text)")
        }
        #expect(scan(schema, "\u{FEFF}{\"a\": \"é\"}\r\n") == true)
        #expect(scan(schema, Array("{\"a\": \"x".utf8) + [0xFF] + Array("\"}".utf8)) == nil)
    }

    @Test func aStringIsReadWhereverItsSpecialBytesFall() throws {
        let schema = try SchemaTesting.compile(#"{"type": "string", "maxLength": 30}"#)
        for offset in 0..<20 {
            let before = String(repeating: "a", count: offset)
            let after = String(repeating: "b", count: 19 - offset)
            #expect(scan(schema, "\"\(before)\(after)\"") == true)
            #expect(scan(schema, "\"\(before)é\(after)\"") == true)
            #expect(scan(schema, "\"\(before)\\n\(after)\"") == nil, "an escape at \(offset)")
            #expect(scan(schema, "\"\(before)\u{1}\(after)\"") == nil, "a control character at \(offset)")
            #expect(scan(schema, "\"\(before)\"\(after)\"") == nil, "a quote at \(offset) ends the string early")
            #expect(scan(schema, "\"\(before)\(after)") == nil, "no closing quote")
            #expect(scan(schema, "\"\(before)\(after)\(String(repeating: "c", count: 12))\"") == false)
        }
    }

    /// `String` compares canonical equivalents (the Kelvin sign U+212A is `K`), and so does the parser's validator: the
    /// scan compares names by their bytes only where both sides are ASCII.
    @Test func namesAreComparedAsStringsCompareThem() throws {
        let schema = try SchemaTesting.compile(
            #"{"type": "object", "required": ["\u212A"], "properties": {"\u212A": {"type": "integer"}}}"#
        )
        #expect(try schema.accepts(#"{"K": 1}"#, .request))
        #expect(try !schema.accepts(#"{"K": "x"}"#, .request))
        #expect(try !schema.accepts(#"{"k": 1}"#, .request))
        #expect(scan(schema, #"{"K": 1}"#) == true)
        #expect(scan(schema, #"{"K": "x"}"#) == false)
    }

    @Test func anOrderBodyIsJudgedInPlace() throws {
        let schema = try SchemaTesting.compile(
            #"""
            {"type": "object", "required": ["id", "items"], "additionalProperties": false,
             "properties": {
               "id": {"type": "string", "format": "uuid"},
               "items": {"type": "array", "minItems": 1, "items": {"$ref": "#/components/schemas/Item"}},
               "note": {"type": ["string", "null"], "maxLength": 5}}}
            """#,
            .openAPI31,
            components: #"""
                {"Item": {"type": "object", "required": ["sku"], "properties": {
                  "sku": {"type": "string", "pattern": "^[A-Z]{3}-[0-9]{4}$"},
                  "price": {"type": "number", "exclusiveMinimum": 0},
                  "tags": {"type": "array", "uniqueItems": true, "items": {"type": "string"}}}}}
                """#
        )
        let id = #""id": "c0a8012e-7f3b-4d2a-9a51-3b6f0d2e8c11""#
        #expect(scan(schema, #"{\#(id), "items": [{"sku": "ABC-0001", "price": 9.99, "tags": ["a", "b"]}]}"#) == true)
        #expect(scan(schema, #"{\#(id), "items": [{"sku": "ABC-0001", "tags": ["a", "a"]}]}"#) == false)
        #expect(scan(schema, #"{\#(id), "items": [{"sku": "abc-0001"}]}"#) == false)
        #expect(scan(schema, #"{\#(id), "items": [{"sku": "ABC-0001", "price": 0}]}"#) == false)
        #expect(scan(schema, #"{\#(id), "items": []}"#) == false)
        #expect(scan(schema, #"{"items": [{"sku": "ABC-0001"}]}"#) == false)
        #expect(scan(schema, #"{\#(id), "items": [{"sku": "ABC-0001"}], "extra": 1}"#) == false)
        #expect(scan(schema, #"{\#(id), "items": [{"sku": "ABC-0001"}], "note": null}"#) == true)
        #expect(scan(schema, #"{\#(id), "items": [{"sku": "ABC-0001"}], "note": "éééééé"}"#) == false)
        #expect(scan(schema, #"{\#(id), "items": [{"sku": "ABC-0001"}], "note": "ééééé"}"#) == true)
        #expect(scan(schema, #"{\#(id), "items": [{"sku": "ABC-0001", "tags": ["1", 1, 1.0]}]}"#) == false)
    }

    /// Damaged copies of the benchmark's order (bytes changed, dropped, doubled, cut short): the scan never says valid
    /// where the parser refuses the text or the schema refuses the value, nor invalid where both accept it.
    @Test func damagedOrdersGetTheParsersVerdictOrNone() throws {
        let root = SchemaPython.repositoryRoot.appendingPathComponent("Benchmarks/contract")
        let document = try JSONParser.parse(try Data(contentsOf: root.appendingPathComponent("openapi.json")))
        let compiler = SchemaCompiler(references: SpecReferences(root: document), dialect: .openAPI31)
        let schema = try compiler.compile(
            try #require(document.value(at: "/components/schemas/NewOrder")),
            at: "/components/schemas/NewOrder"
        )
        let order = Array(try Data(contentsOf: root.appendingPathComponent("order.json")))
        #expect(scan(schema, order) == true)
        let replacements = Array(#"{}[]",:0123456789.-eE"\ aAZé"#.utf8) + [0x00, 0x0A, 0xFF]
        var random = SeededGenerator(seed: 35)
        var answered = 0
        for round in 0..<3000 {
            var damaged = order
            for _ in 0...(round % 3) {
                let at = Int(random.next() % UInt64(damaged.count))
                switch random.next() % 4 {
                case 0: damaged[at] = replacements[Int(random.next() % UInt64(replacements.count))]
                case 1: damaged.remove(at: at)
                case 2: damaged.insert(damaged[at], at: at)
                default: damaged.removeSubrange(at...)
                }
                if damaged.isEmpty { damaged = [UInt8(ascii: "{")] }
            }
            let expected = (try? JSONParser.parse(damaged)).map { schema.isValid($0, direction: .request) } ?? false
            let scanned = scan(schema, damaged)
            #expect(scanned == nil || scanned == expected, "\(String(decoding: damaged, as: UTF8.self))")
            if scanned != nil { answered += 1 }
        }
        #expect(answered > 1000, "the scan answered \(answered) of 3000")
    }

    private func scan(_ schema: JSONSchema, _ text: String) -> Bool? {
        scan(schema, Array(text.utf8))
    }

    private func scan(_ schema: JSONSchema, _ bytes: [UInt8]) -> Bool? {
        bytes.withUnsafeBufferPointer { schema.scannedVerdict(on: $0, direction: .request) }
    }
}
