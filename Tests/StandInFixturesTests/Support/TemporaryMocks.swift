import Foundation
import ServerTestSupport
import StandInFixtures
import Testing

/// A mocks directory with the given files (path → contents), loaded, then removed.
func load(_ files: [String: String]) throws -> FixtureLoadResult {
    let directory = try temporaryMocks(files)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try FixtureLoader(directory: directory).load()
}

/// The one diagnostic loading `contents` as `f.json` gives, as `line: reason`.
func diagnosis(of contents: String) throws -> String? {
    try load(["f.json": contents]).diagnostics.first.map { "\($0.line): \($0.reason)" }
}

/// The one fixture `contents` defines, loaded as `f.json`; fails the test when the file has a problem.
func fixture(_ contents: String, id: String = "f.json") throws -> Fixture {
    let result = try load([id: contents])
    try #require(result.diagnostics.isEmpty, "\(result.diagnostics)")
    return try #require(result.fixtures.first)
}
