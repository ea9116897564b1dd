// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "StandIn",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .executable(name: "standin", targets: ["standin"]),
        .library(name: "NetworkCore", targets: ["NetworkCore"]),
        .library(name: "StandInFixtures", targets: ["StandInFixtures"]),
        .library(name: "MockServer", targets: ["MockServer"]),
        .library(name: "StandInClient", targets: ["StandInClient"]),
        .library(name: "StandInTesting", targets: ["StandInTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // The local CA (`StandInCA`): certificates and P-256 keys made in Swift, not by shelling out to openssl.
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // YAML for `standin import openapi` and `--spec` only: StandInTooling parses it, what an app links never
        // sees it.
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // GraphQL documents (`StandInFixtures`): the operation a request names when it sends no `operationName`.
        .package(url: "https://github.com/GraphQLSwift/GraphQL", from: "4.3.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibevent",
            pkgConfig: "libevent",
            providers: [.apt(["libevent-dev"]), .brew(["libevent"])]
        ),
        .target(
            name: "NetworkCore",
            dependencies: [
                "StandInSupport",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HTTPTypesFoundation", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        // The lock every module uses, and the HTTP syntax rules that the fixtures and the server's engine share.
        .target(name: "StandInSupport"),
        .target(
            name: "StandInFixtures",
            dependencies: ["NetworkCore", "StandInSupport", .product(name: "GraphQL", package: "GraphQL")]
        ),
        // The libevent engine (loops, connections, requests, replies): the only module that imports CLibevent and CZlib.
        .target(name: "StandInEngine", dependencies: ["CLibevent", "CZlib", "StandInSupport"]),
        // StandIn's local certificate authority and the leaves it issues for the TLS ports.
        .target(
            name: "StandInCA",
            dependencies: [
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ]
        ),
        // The blocking HTTP/1.1 transport that sends a client's request on unchanged: for the recorder, the fallback
        // proxy and drift, never linked by an app.
        .target(name: "StandInSocket", dependencies: ["NetworkCore", "StandInSupport"]),
        // An OpenAPI document as a contract: its operations, and JSON Schema validation of requests and responses.
        .target(name: "StandInContract", dependencies: ["StandInFixtures", "StandInSupport"]),
        // `standin import` and `standin drift`: only the command line links them.
        .target(
            name: "StandInTooling",
            dependencies: [
                "NetworkCore", "StandInContract", "StandInFixtures", "StandInSocket", "StandInSupport",
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        // Linux: a corrected copy of a FoundationNetworking function that leaks per request (see its source).
        .target(name: "URLSessionHostFix"),
        .target(
            name: "MockServer",
            dependencies: [
                "NetworkCore", "StandInCA", "StandInContract", "StandInEngine", "StandInFixtures", "StandInSocket",
                "StandInSupport", "URLSessionHostFix",
                .product(name: "Logging", package: "swift-log"),
            ],
            // The dashboard's script, as bytes in the binary: nothing has to sit beside the executable.
            resources: [.embedInCode("Dashboard/app.js")]
        ),
        .target(name: "StandInClient", dependencies: ["StandInSupport"]),
        // Sessions per test from Swift Testing (`.standInSession`) and XCTest (`StandInTestCase`): no libevent.
        .target(name: "StandInTesting", dependencies: ["StandInClient"]),
        .executableTarget(
            name: "standin",
            dependencies: [
                "MockServer", "NetworkCore", "StandInCA", "StandInClient", "StandInContract", "StandInFixtures",
                "StandInTooling",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(name: "FixtureLoaderFuzz", dependencies: ["StandInFixtures"], path: "Fuzz/FixtureLoaderFuzz"),
        .executableTarget(
            name: "MatcherFuzz",
            dependencies: ["StandInFixtures", "StandInSupport", "NetworkCore"],
            path: "Fuzz/MatcherFuzz"
        ),
        .executableTarget(
            name: "RecordNamerFuzz",
            dependencies: ["StandInFixtures", "StandInSupport"],
            path: "Fuzz/RecordNamerFuzz"
        ),
        .target(name: "NetworkTestSupport", dependencies: ["NetworkCore"], path: "Tests/NetworkTestSupport"),
        .target(
            name: "ServerTestSupport",
            dependencies: [
                "MockServer", "StandInEngine", "StandInFixtures", "StandInSupport",
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/ServerTestSupport"
        ),
        .testTarget(
            name: "NetworkCoreTests",
            dependencies: ["NetworkCore", "NetworkTestSupport", "ServerTestSupport"]
        ),
        .testTarget(
            name: "StandInFixturesTests",
            dependencies: ["StandInFixtures", "NetworkCore", "ServerTestSupport"]
        ),
        .testTarget(
            name: "StandInSocketTests",
            dependencies: ["StandInSocket", "NetworkCore", "NetworkTestSupport", "ServerTestSupport"]
        ),
        .testTarget(
            name: "StandInToolingTests",
            dependencies: ["StandInTooling", "StandInFixtures", "NetworkCore", "ServerTestSupport", "StandInSupport"]
        ),
        .testTarget(
            name: "MockServerTests",
            dependencies: [
                "MockServer", "NetworkCore", "NetworkTestSupport", "ServerTestSupport", "StandInCA", "StandInContract",
                "StandInEngine", "StandInFixtures", "StandInSupport", "URLSessionHostFix",
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "StandInEngineTests", dependencies: ["StandInEngine"]),
        // StandInTooling reads the public specs' YAML for the tests that load them.
        .testTarget(
            name: "StandInContractTests",
            dependencies: ["StandInContract", "StandInFixtures", "StandInTooling"]
        ),
        .testTarget(name: "StandInCATests", dependencies: ["StandInCA", "ServerTestSupport"]),
        .testTarget(
            name: "StandInTestingTests",
            dependencies: [
                "StandInTesting", "ServerTestSupport", "MockServer", "StandInSupport",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "StandInTests",
            dependencies: ["standin", "NetworkCore", "ServerTestSupport", "StandInClient", "StandInSupport"]
        ),
        .testTarget(
            name: "ClientServerTests",
            dependencies: [
                "NetworkCore", "NetworkTestSupport", "ServerTestSupport", "StandInFixtures", "StandInSupport",
            ]
        ),
        .testTarget(
            name: "RegistryTests",
            dependencies: ["StandInFixtures", "NetworkCore", "MockServer", "NetworkTestSupport", "ServerTestSupport"]
        ),
        .testTarget(
            name: "StandInClientTests",
            dependencies: ["StandInClient", "MockServer", "ServerTestSupport", "StandInSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The sanitizer runs in CI test the server alone: `STANDIN_TEST_TARGETS=MockServerTests,StandInSocketTests` keeps
// only those test targets, so the others are not built a second and third time with instrumentation.
if let kept = Context.environment["STANDIN_TEST_TARGETS"] {
    let names = Set(kept.split(separator: ",").map(String.init))
    package.targets.removeAll { $0.type == .test && !names.contains($0.name) }
}
