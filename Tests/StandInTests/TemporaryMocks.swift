import Foundation
import ServerTestSupport

/// Writes `files` (path → contents) into a fresh temporary mocks directory and returns it; the caller removes it.
func temporaryMocks(_ files: [String: String]) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("standin-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    for (path, contents) in files { try writeFile(contents, to: directory.appendingPathComponent(path)) }
    return directory
}
