import Foundation
import NetworkCore
import ServerTestSupport
import StandInSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A user of the sample's `users/get-user.json`, with the variant to ask for, if any.
private struct SampleUser: Endpoint {
    typealias Response = JSONValue
    var id = "42"
    var variant: String?
    var path: String { "/users/\(id)" }
    var headers: HTTPFields { variant.map { [HTTPField.Name("X-StandIn-Variant")!: $0] } ?? [:] }
}

/// A job of the sample's `jobs/status.json`, a sequence.
private struct SampleJob: Endpoint {
    typealias Response = JSONValue
    var id = "7"
    var path: String { "/jobs/\(id)" }
}

/// A fixture of the sample's `faults/`, read as a whole body; `timeout` bounds one attempt.
private struct SampleFault: Endpoint {
    typealias Response = JSONValue
    let name: String
    var timeout: Duration?
    var path: String { "/faults/\(name)" }
}

/// The simulation features of the sample Mocks/ that the README's quick start reaches, through the client core.
@Suite struct SampleSimulationTests {
    @Test func aVariantIsChosenPerRequest() async throws {
        try await withServer(mocks: sampleMocks, strict: true) { base async throws in
            let client = APIClient(baseURL: base)
            #expect(try await client.send(SampleUser())["name"]?.stringValue == "Ada")
            let expired = await #expect(throws: NetworkError.self) {
                try await client.send(SampleUser(variant: "expired-token"))
            }
            #expect(expired?.businessCode == 40101)
            let missing = await #expect(throws: NetworkError.self) {
                try await client.send(SampleUser(variant: "not-found"))
            }
            #expect(missing?.status == .notFound)
        }
    }

    @Test func theJobIsBusyTwiceAndThenDone() async throws {
        try await withServer(mocks: sampleMocks, strict: true) { base async throws in
            let client = APIClient(baseURL: base)
            for _ in 0..<2 {
                let busy = await #expect(throws: NetworkError.self) { try await client.send(SampleJob()) }
                #expect(busy?.status == .serviceUnavailable)
            }
            for _ in 0..<2 { #expect(try await client.send(SampleJob())["state"]?.stringValue == "done") }
        }
    }

    @Test func eachJobIsBusyTwiceOnItsOwn() async throws {
        try await withServer(mocks: sampleMocks, strict: true) { base async throws in
            let client = APIClient(baseURL: base)
            for _ in 0..<3 { _ = try? await client.send(SampleJob(id: "7")) }
            let other = await #expect(throws: NetworkError.self) { try await client.send(SampleJob(id: "1")) }
            #expect(other?.status == .serviceUnavailable)
        }
    }

    @Test func eachFaultReachesTheClientAsTheSimulationGuideSays() async throws {
        try await withServer(mocks: sampleMocks, strict: true) { base async throws in
            let client = APIClient(baseURL: base)
            let reset = await #expect(throws: NetworkError.self) {
                try await client.send(SampleFault(name: "connection-reset"))
            }
            #expect(reset?.isConnectivity == true)
            let malformed = await #expect(throws: NetworkError.self) {
                try await client.send(SampleFault(name: "malformed-body"))
            }
            guard case .decoding = malformed else {
                Issue.record("a malformed body is a decoding error, not \(String(describing: malformed))")
                return
            }
            let timeout = await #expect(throws: NetworkError.self) {
                try await client.send(SampleFault(name: "timeout", timeout: .seconds(1)))
            }
            guard case .transport(.timedOut) = timeout else {
                Issue.record("a timeout fault is a timed-out call, not \(String(describing: timeout))")
                return
            }
        }
    }

    @Test func aSlowBodyArrivesWhole() async throws {
        try await withServer(mocks: sampleMocks, strict: true) { base async throws in
            let (data, _) = try await URLSession.shared.exchange(from: base.appendingPathComponent("faults/slow-body"))
            #expect(String(decoding: data, as: UTF8.self) == "This body arrives a few bytes at a time.")
        }
    }
}
