import Foundation

/// Writes `files` (path → contents) into a fresh temporary mocks directory, runs `body` with it, and always
/// removes it. The directory exists even when `files` is empty.
public func withTemporaryMocks(_ files: [String: String], _ body: (URL) async throws -> Void) async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("standin-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    for (path, contents) in files { try writeFile(contents, to: directory.appendingPathComponent(path)) }
    try await body(directory)
}
