import StandInFixtures
import Testing

@Suite struct VariantTests {
    private static let users = """
        {
          "request": { "path": "/users/{id}" },
          "response": {
            "status": 200,
            "headers": { "X-A": "1" },
            "json": { "id": "{{path.id}}" },
            "delay": "40ms"
          },
          "variants": {
            "not-found": { "status": 404 },
            "plain": { "text": "gone" },
            "other-headers": { "headers": { "X-B": "2" } },
            "slow": { "delay": { "min": "1s", "max": "2s" } },
            "reset": { "fault": "connection-reset" },
            "empty": {}
          }
        }
        """

    @Test func variantNamesAreSorted() throws {
        #expect(
            try fixture(Self.users).variantNames == ["empty", "not-found", "other-headers", "plain", "reset", "slow"]
        )
    }

    @Test func noVariantServesTheDefaultResponse() throws {
        let users = try fixture(Self.users)
        let response = try users.response(step: 0, variant: nil)
        #expect(response === users.response)
        #expect(response.status == 200)
        #expect(response.delay == .fixed(.milliseconds(40)))
        #expect(response.fault == nil)
        #expect(!users.isSequence)
    }

    @Test func aStatusOnlyVariantKeepsEverythingElse() throws {
        let users = try fixture(Self.users)
        let base = users.response
        let response = try users.response(step: 0, variant: "not-found")
        #expect(response.status == 404)
        #expect(headers(response) == headers(base))
        #expect(response.body.holes.map(\.placeholder) == base.body.holes.map(\.placeholder))
        #expect(response.body.literalRunCount == base.body.literalRunCount)
        #expect(response.delay == .fixed(.milliseconds(40)))
    }

    @Test func aBodyFormInAVariantReplacesTheDefaultBodyAndItsContentType() throws {
        let response = try fixture(Self.users).response(step: 0, variant: "plain")
        #expect(response.status == 200)
        #expect(response.body.fixedBytes == Array("gone".utf8))
        #expect(headers(response)["Content-Type"] == "text/plain; charset=utf-8")
        #expect(headers(response)["X-A"] == "1")
    }

    @Test func headersInAVariantReplaceTheDefaultHeaders() throws {
        let response = try fixture(Self.users).response(step: 0, variant: "other-headers")
        #expect(headers(response) == ["X-B": "2", "Content-Type": "application/json"])
    }

    @Test func delayAndFaultComeFromTheVariant() throws {
        let users = try fixture(Self.users)
        let slow = try users.response(step: 0, variant: "slow")
        #expect(slow.delay == .uniform(min: .seconds(1), max: .seconds(2)))
        #expect(slow.fault == nil)
        let reset = try users.response(step: 0, variant: "reset")
        #expect(reset.fault == .connectionReset)
        #expect(reset.delay == .fixed(.milliseconds(40)))
        #expect(reset.status == 200)
    }

    @Test func anEmptyVariantIsTheDefault() throws {
        let response = try fixture(Self.users).response(step: 0, variant: "empty")
        #expect(response.status == 200)
        #expect(headers(response) == ["X-A": "1", "Content-Type": "application/json"])
        #expect(response.delay == .fixed(.milliseconds(40)))
    }

    @Test func aVariantBodyReplacesAnEmptyDefault() throws {
        let ping = try fixture(
            #"{"request": {"path": "/p"}, "response": {"status": 202}, "variants": {"v": {"json": [1]}}}"#
        )
        let response = try ping.response(step: 0, variant: "v")
        #expect(response.status == 202)
        #expect(response.body.fixedBytes == Array("[1]".utf8))
        #expect(ping.response.body.fixedBytes == [])
    }

    @Test func aVariantWithABodilessStatusDropsTheDefaultBody() throws {
        let shape = try fixture(
            #"{"request": {"path": "/s"}, "response": {"json": {"a": 1}}, "variants": {"none": {"status": 204}}}"#
        )
        let response = try shape.response(step: 0, variant: "none")
        #expect(response.status == 204)
        #expect(response.body.fixedBytes == [])
        #expect(shape.response.body.fixedBytes == Array(#"{"a":1}"#.utf8))
    }

    @Test func anUnknownVariantNamesTheOnesThereAre() throws {
        let users = try fixture(Self.users, id: "users/get.json")
        #expect(
            throws: UnknownVariant(
                fixtureID: "users/get.json",
                name: "x",
                available: ["empty", "not-found", "other-headers", "plain", "reset", "slow"]
            )
        ) { try users.response(step: 0, variant: "x") }
        do {
            _ = try users.response(step: 0, variant: "x")
        } catch {
            #expect(
                error.description
                    == #"fixture users/get.json has no variant "x"; it has: empty, not-found, other-headers, plain, reset, slow"#
            )
        }
    }

    @Test func unknownVariantMessageForAFixtureWithoutVariants() {
        let error = UnknownVariant(fixtureID: "users/get.json", name: "slow", available: [])
        #expect(error.description == #"fixture users/get.json has no variant "slow"; it has none"#)
        let some = UnknownVariant(fixtureID: "users/get.json", name: "x", available: ["a", "b"])
        #expect(some.description == #"fixture users/get.json has no variant "x"; it has: a, b"#)
    }

    @Test func selectionIsByEndpointAndResets() throws {
        let users = try fixture(Self.users)
        #expect(users.endpoint == "GET /users/{id}")
        let selection = VariantSelection(["GET /users/{id}": "slow"])
        #expect(selection.variant(for: users) == "slow")
        selection.set("reset", for: "GET /users/{id}")
        selection.set("x", for: "POST /orders")
        #expect(selection.variant(for: users) == "reset")
        #expect(selection.all == ["GET /users/{id}": "reset", "POST /orders": "x"])
        selection.set(nil, for: "GET /users/{id}")
        #expect(selection.variant(for: users) == nil)
        #expect(selection.all == ["POST /orders": "x"])
        selection.reset()
        #expect(selection.all == ["GET /users/{id}": "slow"])
        #expect(VariantSelection().variant(for: users) == nil)
    }

    /// The response's headers that need no request to render, by name.
    private func headers(_ response: CompiledResponse) -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: response.headers.compactMap { header in header.fixedValue.map { (header.name, $0) } }
        )
    }
}
