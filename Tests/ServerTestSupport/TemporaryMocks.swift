import Foundation

/// Writes `files` (path → contents) into a fresh temporary mocks directory, runs `body` with it, and always
/// removes it. The directory exists even when `files` is empty.
public func withMocks(_ files: [String: String], _ body: (URL) async throws -> Void) async throws {
    let directory = try temporaryMocks(files)
    defer { try? FileManager.default.removeItem(at: directory) }
    try await body(directory)
}

/// Writes `files` (path → contents) into a fresh temporary mocks directory and returns it; the caller removes it.
/// For a directory that outlives one scope, such as a `standin` process's; otherwise call `withMocks`.
public func temporaryMocks(_ files: [String: String]) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("standin-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    for (path, contents) in files { try writeFile(contents, to: directory.appendingPathComponent(path)) }
    return directory
}
