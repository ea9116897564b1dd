import Foundation
import NetworkCore
import StandInFixtures
import Testing

/// A `"resource"` fixture behaves like a small backend, the same from the server and from `MockRegistry`: every
/// verb, the error envelopes, paging and reset.
@Suite struct ResourceSameOutcomeTests {
    static let todos = #"""
        { "resource": { "path": "/todos", "idField": "id",
                        "seed": [ { "id": 1, "title": "Buy milk", "done": false },
                                  { "id": 2, "title": "Walk dog", "done": true } ] } }
        """#
    private static let files = ["todos.json": todos]

    @Test(arguments: Mode.allCases) func everyVerbChangesWhatTheNextCallSees(mode: Mode) async throws {
        try await withHost(Self.files, mode) { base, transport, _ in
            let created = try await exchange(transport, base, .post, "/todos", body: #"{"title": "Call mum"}"#)
            #expect(created.head.status.code == 201)
            #expect(created.head.headerFields[.location] == "/todos/3")
            #expect(try data(created)["id"] as? Int == 3)

            let fetched = try data(try await exchange(transport, base, .get, "/todos/3"))
            #expect(fetched["title"] as? String == "Call mum")

            let replaced = try await exchange(
                transport,
                base,
                .put,
                "/todos/3",
                body: #"{"id": 9, "title": "Call dad"}"#
            )
            #expect(try data(replaced)["id"] as? Int == 3)
            #expect(try data(replaced)["title"] as? String == "Call dad")

            let patched = try await exchange(
                transport,
                base,
                .patch,
                "/todos/1",
                body: #"{"done": true, "title": null}"#
            )
            let patchedItem = try data(patched)
            #expect(patchedItem["done"] as? Bool == true)
            #expect(patchedItem["title"] == nil)

            #expect(try await exchange(transport, base, .delete, "/todos/2").head.status == .ok)
            let list = try await exchange(transport, base, .get, "/todos")
            #expect(list.head.headerFields[HTTPField.Name("X-Total-Count")!] == "2")
            let items = try #require(try jsonObject(list)["data"] as? [[String: Any]])
            #expect(items.compactMap { $0["id"] as? Int } == [1, 3])
        }
    }

    @Test(arguments: Mode.allCases) func pageAndLimitSliceTheListAndTheTotalStays(mode: Mode) async throws {
        try await withHost(Self.files, mode) { base, transport, _ in
            for title in ["a", "b", "c"] {
                _ = try await exchange(transport, base, .post, "/todos", body: #"{"title": "\#(title)"}"#)
            }
            let page = try await exchange(transport, base, .get, "/todos?page=2&limit=2")
            #expect(page.head.headerFields[HTTPField.Name("X-Total-Count")!] == "5")
            let items = try #require(try jsonObject(page)["data"] as? [[String: Any]])
            #expect(items.compactMap { $0["id"] as? Int } == [3, 4])
            let beyond = try jsonObject(try await exchange(transport, base, .get, "/todos?page=9&limit=2"))
            #expect((beyond["data"] as? [Any])?.isEmpty == true)
            #expect(try await exchange(transport, base, .get, "/todos?limit=0").head.status == .badRequest)
        }
    }

    @Test(arguments: Mode.allCases) func badRequestsGetEnvelopeErrorsAndLeaveTheStoreAlone(mode: Mode) async throws {
        try await withHost(Self.files, mode) { base, transport, _ in
            let cases: [(HTTPRequest.Method, String, String?, Int, String)] = [
                (.get, "/todos/7", nil, 404, "/todos/7 does not exist"),
                (.get, "/todos/abc", nil, 404, "/todos/abc does not exist"),
                (.patch, "/todos/7", "{}", 404, "/todos/7 does not exist"),
                (.post, "/todos", #"{"id": 1}"#, 409, "/todos/1 already exists"),
                (.post, "/todos", #"{"id": "x"}"#, 400, "\"id\" must be a whole number"),
                (.post, "/todos", "not json", 400, "the body is not JSON"),
                (.put, "/todos/1", "[1]", 400, "the body must be a JSON object, not array"),
                (
                    .post, "/todos", String(repeating: " ", count: ResourceStore.maximumBodyBytes + 1), 413,
                    "the body is larger"
                ),
                (.delete, "/todos", nil, 405, "DELETE is not allowed here"),
            ]
            for (method, path, body, status, message) in cases {
                let response = try await exchange(transport, base, method, path, body: body)
                #expect(response.head.status.code == status, "\(method) \(path)")
                let envelope = try jsonObject(response)
                #expect(envelope["code"] as? Int == status)
                #expect((envelope["message"] as? String)?.hasPrefix(message) == true, "\(envelope)")
            }
            let list = try jsonObject(try await exchange(transport, base, .get, "/todos"))
            #expect(
                (list["data"] as? [[String: Any]])?.compactMap { $0["title"] as? String } == ["Buy milk", "Walk dog"]
            )
        }
    }

    @Test(arguments: Mode.allCases) func answersUseTheProjectsRenamedEnvelopeKeys(mode: Mode) async throws {
        let settings = #"{ "envelope": { "codeKey": "errcode", "messageKey": "errmsg", "dataKey": "result" } }"#
        try await withHost(["standin.json": settings, "todos.json": Self.todos], mode) { base, transport, _ in
            let found = try jsonObject(try await exchange(transport, base, .get, "/todos/1"))
            #expect((found["result"] as? [String: Any])?["title"] as? String == "Buy milk")
            let missing = try jsonObject(try await exchange(transport, base, .get, "/todos/5"))
            #expect(missing["errcode"] as? Int == 404)
            #expect(missing["errmsg"] as? String == "/todos/5 does not exist")
        }
    }

    @Test(arguments: Mode.allCases) func resetRestoresTheSeed(mode: Mode) async throws {
        try await withHost(Self.files, mode) { base, transport, _ in
            _ = try await exchange(transport, base, .delete, "/todos/1")
            _ = try await exchange(transport, base, .post, "/todos", body: #"{"title": "new"}"#)
            if let registry = transport as? MockRegistry {
                registry.reset()
            } else {
                let reset = try await exchange(transport, base, .post, "/__standin/reset")
                #expect(reset.head.status == .ok)
            }
            let list = try jsonObject(try await exchange(transport, base, .get, "/todos"))
            #expect((list["data"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } == [1, 2])
        }
    }

    @Test(arguments: Mode.allCases) func stringIDsGetUUIDsOnCreate(mode: Mode) async throws {
        let carts = #"{ "resource": { "path": "/carts", "idField": "key", "seed": [ { "key": "a" } ] } }"#
        try await withHost(["carts.json": carts], mode) { base, transport, _ in
            let created = try await exchange(transport, base, .post, "/carts", body: #"{"items": []}"#)
            let key = try #require(try data(created)["key"] as? String)
            #expect(UUID(uuidString: key) != nil)
            #expect(created.head.headerFields[.location] == "/carts/\(key)")
            #expect(try await exchange(transport, base, .get, "/carts/\(key)").head.status == .ok)
        }
    }

    @Test(arguments: Mode.allCases) func aFullResourceRefusesToGrow(mode: Mode) async throws {
        let items = (1...ResourceStore.maximumItems).map { #"{"id":\#($0)}"# }.joined(separator: ",")
        let full = #"{ "resource": { "path": "/todos", "seed": [\#(items)] } }"#
        try await withHost(["todos.json": full], mode) { base, transport, _ in
            let refused = try await exchange(transport, base, .post, "/todos", body: "{}")
            #expect(refused.head.status.code == 507)
            let deleted = try await exchange(transport, base, .delete, "/todos/1")
            #expect(deleted.head.status == .ok)
            #expect(try await exchange(transport, base, .post, "/todos", body: "{}").head.status.code == 201)
        }
    }

    @Test(arguments: Mode.allCases) func anIDAtIntMaxLeavesNoNewIDRatherThanOverflowing(mode: Mode) async throws {
        try await withHost(Self.files, mode) { base, transport, _ in
            let largest = try await exchange(transport, base, .post, "/todos", body: #"{"id": \#(Int.max)}"#)
            #expect(largest.head.status.code == 201)
            let next = try await exchange(transport, base, .post, "/todos", body: "{}")
            #expect(next.head.status.code == 409)
            #expect((try jsonObject(next)["message"] as? String)?.contains("no whole-number id left") == true)
        }
    }

    @Test(arguments: Mode.allCases) func aNewIDIsTheLargestIDLeftPlusOne(mode: Mode) async throws {
        try await withHost(Self.files, mode) { base, transport, _ in
            var created: [Int?] = []
            for deleting in [[], [3, 1], [3, 2]] {
                for id in deleting {
                    #expect(try await exchange(transport, base, .delete, "/todos/\(id)").head.status == .ok)
                }
                let answer = try await exchange(transport, base, .post, "/todos", body: "{}")
                created.append(try data(answer)["id"] as? Int)
            }
            #expect(created == [3, 3, 1])
        }
    }

    @Test(arguments: Mode.allCases) func anIDWithALineBreakOrNULIsRefusedAndNothingIsCreated(mode: Mode) async throws {
        let carts = #"{ "resource": { "path": "/carts", "idField": "key", "seed": [ { "key": "a" } ] } }"#
        try await withHost(["carts.json": carts], mode) { base, transport, _ in
            for key in [#"x\r\nLocation: /elsewhere"#, #"x\n"#, #"x\u0000y"#] {
                let refused = try await exchange(transport, base, .post, "/carts", body: #"{"key": "\#(key)"}"#)
                #expect(refused.head.status.code == 400, "\(key)")
                #expect((try jsonObject(refused)["message"] as? String)?.contains("control character") == true)
            }
            for segment in ["x%0D%0Ay", "x%00"] {
                let refused = try await exchange(transport, base, .get, "/carts/\(segment)")
                #expect(refused.head.status.code == 400, "/carts/\(segment)")
            }
            let list = try await exchange(transport, base, .get, "/carts")
            #expect(list.head.headerFields[HTTPField.Name("X-Total-Count")!] == "1")
        }
    }

    @Test(arguments: Mode.allCases) func aNumericIDMatchesOnlyAsTheStoreWroteIt(mode: Mode) async throws {
        try await withHost(Self.files, mode) { base, transport, _ in
            #expect(try await exchange(transport, base, .get, "/todos/1").head.status == .ok)
            for alias in ["+1", "01", "%2B1", "-0"] {
                let response = try await exchange(transport, base, .get, "/todos/\(alias)")
                #expect(response.head.status.code == 404, "/todos/\(alias)")
            }
            #expect(try await exchange(transport, base, .delete, "/todos/01").head.status.code == 404)
            let list = try await exchange(transport, base, .get, "/todos")
            #expect(list.head.headerFields[HTTPField.Name("X-Total-Count")!] == "2")
        }
    }

    @Test(arguments: Mode.allCases) func aListWithoutALimitStopsAtTheDefaultPageSize(mode: Mode) async throws {
        let items = (1...150).map { #"{"id":\#($0)}"# }.joined(separator: ",")
        let many = #"{ "resource": { "path": "/todos", "seed": [\#(items)] } }"#
        try await withHost(["todos.json": many], mode) { base, transport, _ in
            for (path, ids) in [("/todos", Array(1...100)), ("/todos?page=2", Array(101...150))] {
                let list = try await exchange(transport, base, .get, path)
                #expect(list.head.headerFields[HTTPField.Name("X-Total-Count")!] == "150")
                let data = try #require(try jsonObject(list)["data"] as? [[String: Any]])
                #expect(data.compactMap { $0["id"] as? Int } == ids, "\(path)")
            }
        }
    }

    @Test(arguments: Mode.allCases) func aStorePastItsByteBudgetRefusesToGrowWith507(mode: Mode) async throws {
        // Under 1 MiB of text, and many times that as parsed items: half a million zeros.
        let zeros = #"{"zeros":["# + Array(repeating: "0", count: 500_000).joined(separator: ",") + "]}"
        try await withHost(Self.files, mode) { base, transport, _ in
            var statuses: [Int] = []
            var last: TransportResponse?
            while statuses.last != 507, statuses.count < 12 {
                last = try await exchange(transport, base, .post, "/todos", body: zeros)
                statuses.append(last?.head.status.code ?? 0)
            }
            #expect(statuses.last == 507, "\(statuses)")
            #expect(statuses.dropLast().allSatisfy { $0 == 201 }, "\(statuses)")
            let refused = try #require(last)
            #expect((try jsonObject(refused)["message"] as? String)?.contains("bytes") == true)
            #expect(try await exchange(transport, base, .get, "/todos?limit=1").head.status == .ok)
            #expect(try await exchange(transport, base, .delete, "/todos/3").head.status == .ok)
            #expect(try await exchange(transport, base, .post, "/todos", body: zeros).head.status.code == 201)
        }
    }

    @Test func aMergePatchOfNinetyThousandNewKeysTakesSecondsNotMinutes() async throws {
        let keys = 90_000
        func object(_ prefix: String) -> String {
            "{" + (0..<keys).map { #""\#(prefix)\#($0)":0"# }.joined(separator: ",") + "}"
        }
        try await withHost(Self.files, .registry) { base, transport, _ in
            #expect(try await exchange(transport, base, .post, "/todos", body: object("a")).head.status.code == 201)
            let started = ContinuousClock.now
            let patched = try await exchange(transport, base, .patch, "/todos/3", body: object("b"))
            let elapsed = ContinuousClock.now - started
            #expect(patched.head.status == .ok)
            #expect(try data(patched).count == 2 * keys + 1)
            // Linear, this takes well under a second on an idle machine; quadratic, minutes.
            #expect(elapsed < .seconds(60), "the patch took \(elapsed)")
        }
    }

    private func data(_ response: TransportResponse) throws -> [String: Any] {
        try #require(try jsonObject(response)["data"] as? [String: Any])
    }
}
