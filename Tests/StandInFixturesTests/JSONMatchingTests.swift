import StandInFixtures
import Testing

struct JSONMatchingTests {
    private func json(_ text: String) throws -> JSONNode {
        try JSONParser.parse(text)
    }

    @Test(arguments: [
        ("1", "1.0"), ("1", "1e0"), ("10", "1E1"), ("0.1e1", "1"), ("-0", "0"), ("0.0", "-0e5"), ("120", "1.20e2"),
        ("123456789012345678901234567890", "1.23456789012345678901234567890e29"),
    ])
    func numbersWithTheSameValueAreEqual(_ left: String, _ right: String) throws {
        #expect(try json(left) == json(right))
    }

    @Test(arguments: [
        ("1", "2"), ("1", "-1"), ("1", "1.0000000000000001"), ("9007199254740993", "9007199254740992"),
        ("1e400", "1e401"), ("0.1", "0.01"),
    ])
    func numbersWithDifferentValuesAreNotEqual(_ left: String, _ right: String) throws {
        #expect(try json(left) != json(right))
    }

    @Test
    func objectsCompareAsUnorderedKeySetsIgnoringLines() throws {
        #expect(try json(#"{"a": 1, "b": [true]}"#) == json("{\n\"b\": [true],\n\"a\": 1.0\n}"))
        #expect(try json(#"{"a": 1}"#) != json(#"{"a": 1, "b": 2}"#))
        #expect(try json(#"{"a": 1, "b": 2}"#) != json(#"{"a": 1}"#))
        #expect(try json(#"{"a": 1}"#) != json(#"{"b": 1}"#))
    }

    @Test
    func firstOccurrenceOfADuplicateKeyWins() throws {
        #expect(try json(#"{"a": 1, "a": 2}"#) == json(#"{"a": 1}"#))
        #expect(try json(#"{"a": 1, "a": 2}"#) != json(#"{"a": 2}"#))
    }

    @Test
    func arraysCompareInOrderAndTypesMustMatch() throws {
        #expect(try json("[1, 2]") == json("[1.0, 2]"))
        #expect(try json("[1, 2]") != json("[2, 1]"))
        #expect(try json("[1]") != json("[1, 1]"))
        #expect(try json("1") != json(#""1""#))
        #expect(try json("null") != json("false"))
        #expect(try json("[]") != json("{}"))
    }

    @Test
    func objectContainsSubsetOfItsMembersAtAnyDepth() throws {
        let body = try json(#"{"user": {"name": "ann", "age": 30, "tags": ["a", "b"]}, "op": "add"}"#)
        #expect(body.contains(try json("{}")))
        #expect(body.contains(try json(#"{"op": "add"}"#)))
        #expect(body.contains(try json(#"{"user": {"age": 30.0}}"#)))
        #expect(body.contains(try json(#"{"user": {"tags": ["b"]}, "op": "add"}"#)))
        #expect(!body.contains(try json(#"{"user": {"age": 31}}"#)))
        #expect(!body.contains(try json(#"{"missing": null}"#)))
        #expect(!body.contains(try json(#"{"op": ["add"]}"#)))
        #expect(!body.contains(try json("[]")))
    }

    @Test
    func arrayContainsElementsInAnyOrder() throws {
        let list = try json(#"[{"id": 1, "x": true}, {"id": 2}, 3, "four"]"#)
        #expect(list.contains(try json("[]")))
        #expect(list.contains(try json(#"["four", 3]"#)))
        #expect(list.contains(try json(#"[{"id": 2}, {"id": 1}]"#)))
        #expect(list.contains(try json(#"[{"x": true}]"#)))
        #expect(!list.contains(try json(#"[{"id": 3}]"#)))
        #expect(!list.contains(try json("[5]")))
        #expect(!list.contains(try json(#"{"id": 1}"#)))
    }

    @Test
    func scalarsContainOnlyEqualScalars() throws {
        #expect(try json("2").contains(json("2.00")))
        #expect(try json(#""a""#).contains(json(#""a""#)))
        #expect(try !json(#""ab""#).contains(json(#""a""#)))
        #expect(try !json("null").contains(json("false")))
        #expect(try !json("1").contains(json("[1]")))
    }

    static let pathDocument = #"{"a": {"b.c": [10, {"d": "e"}], "~/": 1, "": 2, "0": 3}}"#

    /// Paths into `pathDocument` and the compact JSON found there, or `nil`.
    static let pathCases: [(String, String?)] = [
        ("", #"{"a":{"b.c":[10,{"d":"e"}],"~/":1,"":2,"0":3}}"#),
        ("a.b.c", nil),
        ("a.~/", "1"),
        ("a.0", "3"),
        ("a.", "2"),
        ("/a/b.c/1/d", #""e""#),
        ("/a/~0~1", "1"),
        ("/a/", "2"),
        ("/a/0", "3"),
        ("/a/b.c/01", nil),
        ("/a/b.c/-", nil),
        ("/a/b.c/2", nil),
        ("/a/b.c/0/x", nil),
        ("/", nil),
    ]

    @Test(arguments: pathCases)
    func pathLookupFollowsDotsAndPointers(_ path: String, _ expected: String?) throws {
        let document = try json(Self.pathDocument)
        #expect(document.value(at: path)?.compactString == expected)
    }

    @Test
    func dotPathIndexesArraysByNumber() throws {
        let document = try json(#"{"user": {"tags": [{"name": "x"}, {"name": "y"}]}}"#)
        #expect(document.value(at: "user.tags.1.name")?.stringValue == "y")
        #expect(document.value(at: "user.tags.2.name") == nil)
        #expect(document.value(at: "user.tags.01.name") == nil)
        #expect(document.value(at: "user.tags.name") == nil)
    }
}
