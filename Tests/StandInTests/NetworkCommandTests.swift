import Foundation
import ServerTestSupport
import Testing

/// `serve --network` and `standin check` for profiles and rate limits, through the built binary.
@Suite struct NetworkCommandTests {
    @Test func serveRefusesANetworkItDoesNotKnow() async throws {
        let mocks = try temporaryMocks([
            "standin.json": #"{ "networks": { "hotel": { "latency": "80ms" } } }"#
        ])
        defer { try? FileManager.default.removeItem(at: mocks) }
        let result = try await StandInBinary.run(["serve", "--port", "0", "--mocks", mocks.path, "--network", "moon"])
        #expect(result.status == 1)
        #expect(
            result.error.contains(
                #"--network: unknown network "moon"; the known ones are edge, 3g, lte, wifi, very-bad, hotel"#
            ),
            "\(result.error)"
        )
    }

    @Test func checkReportsProfilesAndRateLimitsItCannotUseWithTheirLines() async throws {
        let mocks = try temporaryMocks([
            "standin.json": "{ \"networks\": {\n  \"hotel\": { \"down\": \"quick\" } } }",
            "a.json": "{ \"request\": { \"path\": \"/a\" },\n  \"response\": { \"network\": \"4g\" } }",
            "b.json":
                "{ \"request\": { \"path\": \"/b\" }, \"response\": {},\n  \"rateLimit\": { \"requests\": 5, \"per\": \"0ms\" } }",
        ])
        defer { try? FileManager.default.removeItem(at: mocks) }
        let result = try await StandInBinary.run(["check", "--mocks", mocks.path])
        #expect(result.status == 1)
        let report = result.output + result.error
        #expect(report.contains(#"standin.json:2: networks.hotel.down: "quick" is not a rate"#), "\(report)")
        #expect(report.contains("b.json:2: rateLimit.per must be longer than zero"), "\(report)")
    }
}
