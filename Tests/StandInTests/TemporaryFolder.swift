import Foundation

/// Runs `body` with a fresh temporary folder, removed afterwards.
func withFolder(_ body: (URL) async throws -> Void) async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("standin-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try await body(directory)
}

/// Every file's bytes under `directory`, one after another: to search for what must never be written.
func allBytes(under directory: URL) throws -> Data {
    var bytes = Data()
    let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
    while let url = enumerator?.nextObject() as? URL {
        if let data = FileManager.default.contents(atPath: url.path) { bytes += data }
    }
    return bytes
}
