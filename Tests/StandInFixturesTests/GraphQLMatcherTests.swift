import Testing

@testable import StandInFixtures

/// A `graphql` matcher accepts exactly the operations it finds no difference with.
@Suite struct GraphQLMatcherTests {
    private static func operation(
        _ name: String?,
        document: String? = "query Q { a }",
        variables: String? = nil,
        hash: String? = nil
    ) throws -> GraphQLRequestOperation {
        GraphQLRequestOperation(
            operationName: name,
            document: document,
            variables: try variables.map { try JSONParser.parse($0) },
            persistedQueryHash: hash
        )
    }

    private static let cases: [(GraphQLMatcher, [String?])] = [
        (GraphQLMatcher(operationName: .equals("GetUser")), ["GetUser"]),
        (GraphQLMatcher(operationName: .present(false)), [nil]),
        (GraphQLMatcher(operationName: .prefix("Get")), ["GetUser", "GetOrders"]),
        (GraphQLMatcher(query: .contains("user(id: $id) { id }")), ["GetUser"]),
        (GraphQLMatcher(persistedQueryHash: String(repeating: "a", count: 64)), ["Hashed"]),
        (GraphQLMatcher(), ["GetUser", "GetOrders", nil, "Hashed", "Wide"]),
    ]

    private static func operations() throws -> [String: GraphQLRequestOperation] {
        [
            "GetUser": try operation(
                "GetUser",
                document: "query GetUser($id: ID!) {\n  user(id: $id) {\n    id\n  }\n}",
                variables: #"{"id":"42","extra":true}"#
            ),
            "GetOrders": try operation("GetOrders", variables: #"{"first":2}"#),
            "anonymous": try operation(nil),
            "Hashed": try operation("Hashed", document: nil, hash: String(repeating: "a", count: 64)),
            "Wide": try operation("Wide", document: "query Wide {\n\ta,\n\tb\n}"),
        ]
    }

    @Test func acceptsWhatItFindsNoDifferenceWith() throws {
        let operations = try Self.operations()
        for (matcher, accepted) in Self.cases {
            for (key, operation) in operations {
                let expected = accepted.contains(key == "anonymous" ? nil : key)
                #expect(matcher.accepts(operation) == expected, "\(matcher) on \(key)")
                #expect(matcher.differences(from: operation).isEmpty == expected, "\(matcher) on \(key)")
            }
        }
    }

    @Test func variablesAreASubsetAndEachMissOneIsNamed() throws {
        let matcher = GraphQLMatcher(variables: try JSONParser.parse(#"{"id":"42","first":2}"#))
        let operation = try Self.operation("GetUser", variables: #"{"id":"7"}"#)
        #expect(!matcher.accepts(operation))
        #expect(
            matcher.differences(from: operation) == [
                #"variable "id" is "7", expected "42""#, #"variable "first" is absent"#,
            ]
        )
        #expect(matcher.accepts(try Self.operation("GetUser", variables: #"{"id":"42","first":2,"more":[1]}"#)))
    }

    @Test func theDocumentIsReadWithItsWhiteSpaceAndCommasCollapsed() throws {
        #expect(
            try Self.operation("Wide", document: "query Wide {\n\ta,\n\tb\n}").collapsedDocument == "query Wide { a b }"
        )
    }
}
