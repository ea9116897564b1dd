import Foundation
import ServerTestSupport
import Testing

/// `serve --spec` against requests nobody here wrote: schemathesis generates, from openapi-core's petstore (every
/// parameter style, cookies, a JSON parameter, form and multipart bodies), requests that conform to the spec and
/// requests that break it, and sends them to the built binary serving fixtures `standin import openapi` made from
/// the same spec (Tests/Interop/contract_fuzz.py).
struct ContractInteropTests {
    /// What the fuzz script reports.
    struct Report: Decodable {
        struct Sent: Decodable {
            let operation: String
            let status: Int
            let answer: String
        }
        let positive: Int
        let positiveRefusedCount: Int
        let positiveRefused: [Sent]
        let negative: Int
        let negativeRefused: Int
        let negativeMissed: [Sent]
    }

    /// Where `scripts/setup-interop.sh` installs schemathesis, apart from the other packages.
    static let packages = StandInBinary.repositoryRoot.appendingPathComponent(".build/python-contract").path
    /// The spec, fetched by `scripts/setup-interop.sh`.
    static let spec = OpenAPISpecs.fetched.appendingPathComponent("openapi-core-petstore.yaml")

    /// Whether schemathesis and the spec are there, found off the test threads; always true in CI.
    static func canFuzz() async -> Bool {
        await onOwnThread {
            OpenAPISpecs.inCI
                || (FileManager.default.fileExists(atPath: packages + "/schemathesis")
                    && FileManager.default.fileExists(atPath: spec.path))
        }
    }

    @Test(.enabled("needs schemathesis and the specs: run scripts/setup-interop.sh", canFuzz))
    func conformingRequestsAreAnsweredAndBrokenOnesRefused() async throws {
        let mocks = try temporaryMocks([:])
        defer { try? FileManager.default.removeItem(at: mocks) }
        let imported = try await StandInBinary.run(["import", "openapi", Self.spec.path, "--mocks", mocks.path])
        try #require(imported.status == 0, "\(imported.error)")
        let server = try await ServeProcess(["--mocks", mocks.path, "--spec", Self.spec.path, "--quiet", "--no-watch"])
        defer { server.stop() }
        let printed = try await PythonBackend.client(
            "contract_fuzz.py",
            [Self.spec.path, "http://127.0.0.1:\(server.port)/v1", "25"],
            pythonPath: Self.packages
        )
        let report = try JSONDecoder().decode(Report.self, from: Data(printed.utf8))
        let share = Double(report.negativeRefused) / Double(max(report.negative, 1))
        print(
            "schemathesis: \(report.positive) conforming requests, \(report.positiveRefusedCount) refused; "
                + "\(report.negative) breaking ones, \(report.negativeRefused) refused with 422 "
                + "(\(Int((share * 100).rounded()))%)"
        )
        #expect(report.positive >= 100)
        #expect(report.positiveRefusedCount == 0, "\(report.positiveRefused)")
        #expect(report.negative >= 100)
        // Misses left (docs/contract.md): security schemes, which the contract does not check, and text values
        // schemathesis means as another type than the one StandIn reads (a `oneOf` of string and integer).
        #expect(share >= 0.8, "\(report.negativeMissed)")
    }
}
