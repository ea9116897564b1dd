import Foundation
import StandInContract
import StandInTooling
import Testing

/// The public specs `scripts/setup-interop.sh` fetches into `.build/openapi-specs` load as contracts: every operation
/// read, a few looked up. Skipped when they were not fetched, except in CI.
@Suite struct ContractPublicSpecTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/openapi-specs")

    static let fetched =
        ProcessInfo.processInfo.environment["CI"] == "true"
        || FileManager.default.fileExists(atPath: folder.appendingPathComponent(".complete").path)

    private func load(_ name: String) throws -> Contract {
        try Contract(document: try SpecDocument.read(Self.folder.appendingPathComponent(name)))
    }

    @Test(.enabled(if: fetched)) func thePetstoreIn30() throws {
        let contract = try load("petstore-3.0.yaml")
        #expect(contract.operations.count == 3)
        #expect(contract.basePath == "/v1")
        let show = try #require(contract.operation(method: "GET", path: "/v1/pets/42"))
        #expect(show.operationId == "showPetById")
        #expect(show.responses.map(\.status) == ["200", "default"])
        #expect(contract.operation(method: "POST", path: "/v1/pets")?.operationId == "createPets")
        let list = try #require(contract.operation(method: "GET", path: "/v1/pets"))
        #expect(list.requestViolations(of: ContractTestRequest("GET", "/v1/pets?limit=10")).isEmpty)
        #expect(
            list.requestViolations(of: ContractTestRequest("GET", "/v1/pets?limit=ten")).map(\.description) == [
                #"query /limit: expected integer, got "ten""#
            ]
        )
    }

    @Test(.enabled(if: fetched)) func thePetstoreIn31WithAPathItemReference() throws {
        let contract = try load("petstore-3.1.yaml")
        #expect(contract.dialect == .openAPI31)
        #expect(contract.operations.count == 3)
        #expect(contract.operation(method: "GET", path: "/v1/pets/7")?.operationId == "showPetById")
    }

    @Test(.enabled(if: fetched)) func github() throws {
        let contract = try load("github.yaml")
        #expect(contract.operations.count == 1078)
        #expect(
            contract.operation(method: "GET", path: "/repos/apple/swift/pulls/12")?.path
                == "/repos/{owner}/{repo}/pulls/{pull_number}"
        )
        #expect(
            contract.operation(method: "GET", path: "/repos/apple/swift/pulls/comments")?.path
                == "/repos/{owner}/{repo}/pulls/comments"
        )
        #expect(contract.operation(method: "GET", path: "/user")?.path == "/user")
        #expect(contract.operation(method: "GET", path: "/no/such/thing/here") == nil)
        let pull = try #require(contract.operation(method: "GET", path: "/repos/apple/swift/pulls/12"))
        #expect(
            pull.requestViolations(of: ContractTestRequest("GET", "/repos/apple/swift/pulls/twelve")).map(\.pointer)
                == ["/pull_number"]
        )
    }

    @Test(.enabled(if: fetched)) func stripe() throws {
        let contract = try load("stripe.yaml")
        #expect(contract.operations.count == 588)
        #expect(contract.basePath == "")
        #expect(contract.operation(method: "GET", path: "/v1/customers/search")?.operationId == "GetCustomersSearch")
        #expect(contract.operation(method: "GET", path: "/v1/customers/cus_123")?.operationId == "GetCustomersCustomer")
    }
}
