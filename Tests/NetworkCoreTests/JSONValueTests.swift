import Foundation
import NetworkCore
import Testing

@Suite struct JSONValueTests {
    private let text = #"""
        {"id": 9007199254740993, "name": "Ada", "score": 9.5, "admin": false, "tags": ["a", "b"],
         "address": {"city": "London"}, "nothing": null}
        """#

    @Test func decodesEveryKindOfValue() throws {
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(value["id"] == .int(9_007_199_254_740_993))
        #expect(value["name"]?.stringValue == "Ada")
        #expect(value["score"]?.doubleValue == 9.5)
        #expect(value["admin"]?.boolValue == false)
        #expect(value["tags"]?[1]?.stringValue == "b")
        #expect(value["address"]?["city"]?.stringValue == "London")
        #expect(value["nothing"]?.isNull == true)
    }

    @Test func missingKeysIndexesAndWrongKindsAreNil() throws {
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(value["missing"] == nil)
        #expect(value["tags"]?[5] == nil)
        #expect(value["name"]?[0] == nil)
        #expect(value["name"]?.intValue == nil)
        #expect(value["tags"]?.objectValue == nil)
        #expect(value["tags"]?.arrayValue?.count == 2)
        #expect(value.objectValue?.count == 7)
    }

    @Test func numbersReadAsEitherType() {
        #expect(JSONValue.int(3).doubleValue == 3)
        #expect(JSONValue.double(3).intValue == 3)
        #expect(JSONValue.double(3.5).intValue == nil)
    }

    @Test func roundTripsThroughJSON() throws {
        let value: JSONValue = ["a": [1, 2.5, "x", true, nil], "b": ["c": "d"]]
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(JSONValue.self, from: data) == value)
    }

    @Test func isHashable() {
        let set: Set<JSONValue> = ["a", "a", 1, ["k": "v"], ["k": "v"]]
        #expect(set.count == 3)
    }

    @Test func isAnEndpointResponse() async throws {
        let transport = StubTransport(.envelope(data: #"{"items":[{"id":1}],"total":1}"#))
        let page = try await makeClient(transport).send(AnyEndpoint<JSONValue>())
        #expect(page["items"]?[0]?["id"]?.intValue == 1)
        #expect(page["total"] == 1)
    }
}
