import Foundation
import Logging
import ServerTestSupport
import Testing

@testable import MockServer

@Suite struct LoadingTests {
    static let brokenBesideGood = [
        "good.json": #"{ "request": { "path": "/good" }, "response": { "text": "fine" } }"#,
        "broken.json": """
        {
          "request": { "path": "/broken" },
          "response": { "text": "a", "json": 1 }
        }
        """,
    ]

    @Test func brokenFixtureIsReportedAndTheOthersStillServe() async throws {
        try await withMocks(Self.brokenBesideGood) { mocks async throws in
            let server = try MockServer(
                configuration: MockServerConfiguration(mocksDirectory: mocks, port: 0, accessLog: false),
                logger: Logger(label: "test")
            )
            #expect(server.loaded.diagnostics.map(\.line) == [3])
            #expect(server.loaded.diagnostics.first?.file.hasSuffix("broken.json") == true)
            try await withServer(mocks: mocks) { base async throws in
                #expect(try await fetch(base, "/good").text == "fine")
                #expect(try await fetch(base, "/broken").status == 404)
            }
        }
    }

    @Test func strictRefusesToStartWithABrokenFixture() async throws {
        try await withMocks(Self.brokenBesideGood) { mocks async throws in
            #expect(throws: MockServerError.self) {
                try MockServer(
                    configuration: MockServerConfiguration(mocksDirectory: mocks, port: 0, strict: true),
                    logger: Logger(label: "test")
                )
            }
        }
    }

    @Test func missingMocksDirectoryIsAnError() {
        let missing = URL(fileURLWithPath: "/nonexistent/standin-mocks")
        #expect(throws: (any Error).self) {
            try MockServer(
                configuration: MockServerConfiguration(mocksDirectory: missing, port: 0),
                logger: Logger(label: "test")
            )
        }
    }

    @Test func portInUseIsAClearError() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            let configuration = MockServerConfiguration(mocksDirectory: testMocks, port: base.port!, accessLog: false)
            let second = try MockServer(configuration: configuration, logger: Logger(label: "test"))
            #expect {
                try second.start()
            } throws: { error in
                "\(error)".hasPrefix("cannot listen on 127.0.0.1:\(base.port!)")
            }
        }
    }
}
